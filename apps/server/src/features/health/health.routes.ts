import type { FastifyInstance } from 'fastify';

export interface HealthDeps {
  /** Throws when a dependency the portal needs is unreachable. */
  checkReady(): Promise<void>;
  isShuttingDown(): boolean;
}

/** Liveness says the process answers; readiness says it can serve (database reachable, not draining). */
export async function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (deps.isShuttingDown()) return reply.code(503).send({ status: 'shutting-down' });
    try {
      await deps.checkReady();
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'not ready');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
