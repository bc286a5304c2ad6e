import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { ApiError } from '../http/api-error';

export interface RateLimitOptions {
  writesPerMinute: number;
  /** Shared counters across processes in scale-out mode; in-memory otherwise. */
  redis?: Redis;
  /** The prefix of the counters' Redis keys. */
  nameSpace: string;
}

/**
 * Registers the limiter without a global rule: calls opt in through their route config (every API
 * write does, see register-call.ts). Over the limit the answer is 429 in the envelope.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitOptions) => {
  app.decorate('writeRateLimit', { max: opts.writesPerMinute, timeWindow: 60_000 });
  await app.register(rateLimit, {
    global: false,
    max: opts.writesPerMinute,
    timeWindow: 60_000,
    redis: opts.redis,
    nameSpace: opts.nameSpace,
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 429, 'errors.rateLimited', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The route config of every API write: the per-IP budget of RATE_LIMIT_WRITES_PER_MINUTE. */
    writeRateLimit: { max: number; timeWindow: number };
  }
}
