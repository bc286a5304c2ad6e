import v8 from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { translate } from '../lib/i18n';

export interface OverloadOptions {
  /** Mean event-loop delay over a sample (ms) past which requests are refused; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** Share of the V8 heap limit (`--max-old-space-size`) past which requests are refused; 0 turns it off. */
  maxHeapRatio: number;
  /** The Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number;
}

/** Liveness always answers: a busy process is alive, and a supervisor must not restart it for being busy. */
const ALWAYS_ANSWERED = new Set(['/healthz']);
/** Readiness answers for itself: it reports the pressure (503) so that a balancer sends traffic elsewhere. */
const REPORTS_PRESSURE = new Set(['/readyz']);

/**
 * Under more load than the process can serve (the event loop lags, or the heap nears its limit),
 * every request is answered at once with 503, `Retry-After` and the envelope in the request's
 * language, instead of queueing until it times out or the heap runs out. The samples are taken
 * every second, so the answers turn back to normal within a second or two of the load falling.
 */
export const overloadPlugin = fp(async (app: FastifyInstance, opts: OverloadOptions) => {
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    maxHeapUsedBytes: opts.maxHeapRatio > 0 ? Math.floor(heapLimit * opts.maxHeapRatio) : 0,
    retryAfter: opts.retryAfterSeconds,
    pressureHandler: (request, reply, type, value) => {
      const path = request.url.split('?', 1)[0] ?? '';
      if (ALWAYS_ANSWERED.has(path) || REPORTS_PRESSURE.has(path)) return;
      request.log.warn({ type, value, url: path }, 'refused under pressure');
      const lang = request.portal?.site.lang ?? 'zh';
      reply.code(503).header('retry-after', String(opts.retryAfterSeconds)).header('cache-control', 'no-store');
      // A value returned is sent as the answer, and the request goes no further.
      return { status: 503, msg: translate(lang, 'errors.overloaded'), data: null } as unknown as void;
    },
  });
});
