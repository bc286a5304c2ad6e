import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Quality 1 with a 256 KB window: a page fits, and each call allocates little (the default 4 MB
// window made every compression a fresh large allocation).
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } };
const GZIP = { level: 1, memLevel: 8 };

const COMPRESSIBLE = /^(?:text\/html|text\/css|application\/json|text\/plain)/;
const MIN_BYTES = 1024;

/** The best encoding the client accepts: brotli, then gzip (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allowed = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses pages and JSON at the fastest levels, in the request's own thread for whole bodies
 * (an 84 KB page: brotli 1 in 0.2 ms, gzip 1 in 0.7 ms). Pages carry a fresh nonce, so nothing can
 * be compressed ahead; files from the web build are served precompressed by the static handler.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const isBody = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (isBody && Buffer.byteLength(payload as string | Buffer) < MIN_BYTES) return payload;
    if (!isBody && !(payload instanceof Readable)) return payload;
    reply.header('vary', 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    if (isBody) {
      return encoding === 'br'
        ? zlib.brotliCompressSync(payload as string | Buffer, BROTLI)
        : zlib.gzipSync(payload as string | Buffer, GZIP);
    }
    const stream = encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip(GZIP);
    return (payload as Readable).pipe(stream);
  });
});
