import { ATT_STORAGE_CLOUD, CLOUD_MULTIPART } from '@portal/contracts/constants';
import { addAttachment, getAliyunOssSts } from '@portal/contracts/uploads';
import { requestClient } from '~/lib/request/client';
import { percentOf, planParts, runLimited } from './upload-rules';
import type { UploadOutcome } from './upload-through-server';

export interface DirectUploadData {
  att_id: number;
  att_url: string;
  original_name: string;
  address: string;
}

/** Why a direct upload stopped before the server registered it (the caller says 'front-end direct OSS upload failed'). */
export class DirectUploadError extends Error {
  override readonly name = 'DirectUploadError';
}

/**
 * Uploads a file straight to the S3-compatible store (spec 3, 9): the server opens a multipart
 * upload and hands out one presigned URL per 2 MB part; the parts are PUT 10 at a time, each part's
 * ETag kept; `addAttachment` (att_storage 2) then completes the upload and registers the file. The
 * whole run ends after 10 minutes, and at once when `signal` aborts (the form went away).
 */
export async function uploadDirect(
  file: File,
  options: { purpose?: 'image' | 'media' | 'file'; signal?: AbortSignal; onProgress?(percent: number): void } = {},
): Promise<UploadOutcome<DirectUploadData>> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  if (options.signal?.aborted) controller.abort();
  const timer = setTimeout(abort, CLOUD_MULTIPART.timeoutMs);
  try {
    const ticket = await requestClient.call(
      getAliyunOssSts,
      { file_name: file.name, file_size: file.size, purpose: options.purpose ?? 'file' },
      { silent: true },
    );
    if (!ticket.ok) {
      const answered = ticket.envelope !== undefined;
      return {
        ok: false,
        answered,
        reason: ticket.envelope?.msg || ticket.error.message,
        httpStatus: ticket.error.httpStatus,
      };
    }
    const { parts: urls, part_size: partSize, parallel, key, upload_id: uploadId } = ticket.data;
    const plan = planParts(file.size, partSize);
    const urlOf = new Map(urls.map((p) => [p.part_number, p.url]));
    if (plan.some((p) => !urlOf.has(p.partNumber))) throw new DirectUploadError('the server planned other parts');

    let sent = 0;
    options.onProgress?.(0);
    const parts = await runLimited(plan, Math.min(parallel, CLOUD_MULTIPART.parallel), async (part) => {
      if (controller.signal.aborted) throw new DirectUploadError('aborted');
      const response = await fetch(urlOf.get(part.partNumber) as string, {
        method: 'PUT',
        body: file.slice(part.start, part.end),
        signal: controller.signal,
      });
      if (!response.ok) throw new DirectUploadError(`part ${part.partNumber}: HTTP ${response.status}`);
      const etag = response.headers.get('etag');
      if (!etag)
        throw new DirectUploadError(`part ${part.partNumber}: no ETag (the store must expose it to the browser)`);
      sent += part.end - part.start;
      options.onProgress?.(percentOf(sent, file.size));
      return { part_number: part.partNumber, etag };
    });
    if (controller.signal.aborted) throw new DirectUploadError('aborted');

    const registered = await requestClient.call(
      addAttachment,
      { att_title: file.name, att_url: key, att_storage: ATT_STORAGE_CLOUD, upload_id: uploadId, parts },
      { silent: true },
    );
    if (!registered.ok) {
      const answered = registered.envelope !== undefined;
      return {
        ok: false,
        answered,
        reason: registered.envelope?.msg || registered.error.message,
        httpStatus: registered.error.httpStatus,
      };
    }
    return { ok: true, data: registered.data };
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, answered: false, reason };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}
