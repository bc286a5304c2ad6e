import type { z } from 'zod';
import type { UploadCall } from '@portal/contracts/uploads';
import { requestClient } from '~/lib/request/client';
import { multipartCall } from './multipart-call';

/**
 * A failed upload: `answered` when the server sent an envelope (its msg, else the status, is the
 * reason), else the HTTP status (a proxy's error page) or the transport error's text.
 */
export type UploadOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; reason: string; answered: boolean; httpStatus?: number };

const asCalls = new Map<string, ReturnType<typeof toCall>>();

/** The contract's multipart upload as a call of the request client. */
function toCall(call: UploadCall<z.ZodType>) {
  return multipartCall(call, 'uploads', call.summary);
}

/**
 * Sends one file through the server (field `file`) without the request client's own toasts: the
 * caller words the failure (spec 8: 'image upload failed: {msg or status}', ...), so `reason` is the
 * server's msg, else the HTTP status, else the transport error's text.
 */
export async function uploadThroughServer<D extends z.ZodType>(
  call: UploadCall<D>,
  file: File,
): Promise<UploadOutcome<z.infer<D>>> {
  let contract = asCalls.get(call.id);
  if (!contract) {
    contract = toCall(call as UploadCall<z.ZodType>);
    asCalls.set(call.id, contract);
  }
  const body = new FormData();
  body.append(call.field, file, file.name);
  const result = await requestClient.call(contract, body, { silent: true });
  if (result.ok) return { ok: true, data: result.data as z.infer<D> };
  const httpStatus = result.error.httpStatus;
  const answered = result.envelope !== undefined;
  const reason = result.envelope?.msg || (httpStatus ? String(httpStatus) : result.error.message);
  return { ok: false, reason, answered, httpStatus };
}
