import type { EnvelopeStatus } from '@portal/contracts/envelope';

/**
 * Why a call did not succeed:
 * - `status`: the server answered an envelope whose status is not 1 or 200 (spec 8's table);
 * - `interface`: the envelope said 1 or 200 but its data does not match the call's contract;
 * - `timeout`: no complete answer within REQUEST_TIMEOUT_MS;
 * - `network`: fetch itself failed (offline, DNS, CORS, connection reset);
 * - `bad-answer`: the answer was not a JSON envelope (e.g. a proxy's HTML error page);
 * - `unconfigured`: `requestClient` was used before `configureRequestClient` (e.g. on the server).
 */
export type RequestErrorKind = 'status' | 'interface' | 'timeout' | 'network' | 'bad-answer' | 'unconfigured';

/** The error a call hands back instead of throwing; `message` is the text shown (or that would be). */
export class RequestError extends Error {
  override readonly name = 'RequestError';

  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly details: { status?: EnvelopeStatus; httpStatus?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }

  /** The envelope status, for `kind: 'status'` and `'interface'`. */
  get status(): EnvelopeStatus | undefined {
    return this.details.status;
  }

  get httpStatus(): number | undefined {
    return this.details.httpStatus;
  }
}
