import net from 'node:net';
import v8 from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translate } from '../lib/i18n';

export interface OverloadOptions {
  /** Mean event-loop delay over a sample (ms) past which requests are refused; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** Share of the V8 heap limit (`--max-old-space-size`) past which requests are refused; 0 turns it off. */
  maxHeapRatio: number;
  /** The Retry-After of a refusal, in seconds. */
  retryAfterSeconds: number;
  /** Requests from the network being served at once past which new ones are refused; 0 turns it off. */
  maxInFlight: number;
}

/** Liveness always answers: a busy process is alive, and a supervisor must not restart it for being busy. */
const ALWAYS_ANSWERED = new Set(['/healthz']);
/** Readiness answers for itself: it reports the pressure (503) so that a balancer sends traffic elsewhere. */
const REPORTS_PRESSURE = new Set(['/readyz']);

/**
 * A request from the network, not an in-process call of a page already admitted (a loader's write
 * goes through `inject`; refusing it would break the page's render).
 */
function fromNetwork(request: FastifyRequest): boolean {
  return request.raw.socket instanceof net.Socket;
}

function exempt(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  return !fromNetwork(request) || ALWAYS_ANSWERED.has(path) || REPORTS_PRESSURE.has(path);
}

/**
 * Under more load than the process can serve, every new request is answered at once with 503,
 * `Retry-After` and the envelope in the request's language, instead of queueing until it times out
 * or the heap runs out. Three signals: the event loop lags, the heap nears its limit (both sampled
 * every second by @fastify/under-pressure), or more requests are being served at once than the
 * process gets through in a moment (counted per request: asynchronous work such as a page's render
 * lets requests pile up without the event loop ever lagging). The answers turn back to normal as
 * soon as the signals fall, within a second or two of the load stopping.
 */
export const overloadPlugin = fp(async (app: FastifyInstance, opts: OverloadOptions) => {
  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.portal?.site.lang ?? 'zh';
    reply.code(503).header('retry-after', String(opts.retryAfterSeconds)).header('cache-control', 'no-store');
    return { status: 503, msg: translate(lang, 'errors.overloaded'), data: null };
  };

  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    maxHeapUsedBytes: opts.maxHeapRatio > 0 ? Math.floor(heapLimit * opts.maxHeapRatio) : 0,
    retryAfter: opts.retryAfterSeconds,
    pressureHandler: (request, reply, type, value) => {
      if (exempt(request)) return;
      request.log.warn({ type, value, url: request.url }, 'refused under pressure');
      // A value returned is sent as the answer, and the request goes no further.
      return refuse(request, reply) as unknown as void;
    },
  });

  if (opts.maxInFlight > 0) {
    let inFlight = 0;
    app.addHook('onRequest', async (request, reply) => {
      if (exempt(request)) return;
      if (inFlight >= opts.maxInFlight) {
        request.log.warn({ inFlight, url: request.url }, 'refused: too many requests in flight');
        return reply.send(refuse(request, reply));
      }
      inFlight += 1;
      // 'close' comes once whether the answer was sent or the client went away.
      reply.raw.once('close', () => {
        inFlight -= 1;
      });
    });
  }
});
