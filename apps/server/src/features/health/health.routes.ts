import type { FastifyInstance } from 'fastify';

export interface HealthDeps {
  /** Throws when a dependency the portal needs is unreachable. */
  checkReady(): Promise<void>;
  isShuttingDown(): boolean;
  /** True while the overload guard refuses requests (event loop lagging, heap near its limit). */
  isUnderPressure(): boolean;
}

/**
 * Liveness says the process answers (also under pressure: busy is not dead, and a supervisor must
 * not restart a busy process); readiness says it can serve (database reachable, not draining, not
 * overloaded), so that a balancer sends traffic elsewhere meanwhile.
 */
export async function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (deps.isShuttingDown()) return reply.code(503).send({ status: 'shutting-down' });
    if (deps.isUnderPressure()) return reply.code(503).send({ status: 'overloaded' });
    try {
      await deps.checkReady();
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'not ready');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
