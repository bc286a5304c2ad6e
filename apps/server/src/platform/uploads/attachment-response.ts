import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { AttachmentsTable } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { contentDisposition, isDirectUploadStore, type StorageDriver } from '../../lib/storage';
import { localFileOf } from '../../lib/storage/local-storage';

/**
 * Sends a stored attachment: inline (with byte ranges, so players and PDF readers can seek) or as a
 * download under its original name. Never sniffed, never run: a sandbox policy and nosniff on every
 * answer. From the S3 store, a short-lived signed redirect instead. `cache` is the Cache-Control of
 * an answer anyone with the address may keep; pass a private one for files that not everybody may
 * read (an e-magazine's partner-only PDF).
 */
export async function sendAttachment(
  request: FastifyRequest,
  reply: FastifyReply,
  row: Selectable<AttachmentsTable>,
  opts: { storage: StorageDriver; uploadsDir: string; inline: boolean; cache?: string },
) {
  const { storage, inline } = opts;
  if (isDirectUploadStore(storage)) {
    const url = await storage.presignGet(row.storage_key, {
      fileName: row.title,
      inline,
      mime: inline ? row.mime : 'application/octet-stream',
      expiresInSeconds: 300,
    });
    return reply.header('cache-control', 'private, max-age=240').redirect(url, 302);
  }
  const size = Number(row.size);
  const range = byteRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  const stream = fs.createReadStream(localFileOf(opts.uploadsDir, row.storage_key), range ?? {});
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  }).catch(() => {
    throw ApiError.notFound('upload.api.notFound');
  });
  reply
    .header('content-type', inline ? row.mime : 'application/octet-stream')
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.title))
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', opts.cache ?? 'public, max-age=86400');
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(size));
  }
  return reply.send(stream);
}

/** One byte range of a `Range: bytes=…` header (several ranges: the whole file). */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // The last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
