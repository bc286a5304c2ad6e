import { STATUS, type EnvelopeStatus } from '@portal/contracts/envelope';

/**
 * A refusal the server answers in the envelope. `msgKey` is a catalogue key so the message comes
 * out in the site's language; `httpStatus` follows HTTP while `status` carries the spec's code.
 */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: EnvelopeStatus,
    readonly msgKey: string,
    readonly vars: Record<string, unknown> = {},
    readonly data: unknown = null,
    /** Sent as Retry-After (seconds) with a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(msgKey);
    this.name = 'ApiError';
  }

  static unauthorized() {
    return new ApiError(401, STATUS.unauthorized, 'errors.unauthorized');
  }
  static forbidden(msgKey = 'errors.forbidden') {
    return new ApiError(403, STATUS.forbidden, msgKey);
  }
  static notFound(msgKey = 'errors.notFound') {
    return new ApiError(404, STATUS.notFound, msgKey);
  }
  /** A business refusal (spec status 201): the request was fine, the rules say no. */
  static refused(msgKey: string, vars?: Record<string, unknown>, data: unknown = null) {
    return new ApiError(409, STATUS.refused, msgKey, vars, data);
  }
  /**
   * Too many attempts: HTTP 429 with Retry-After, and the spec's refusal status 201 so that the page
   * shows the message (a 429 in the envelope would read as a network error, spec 8).
   */
  static throttled(msgKey: string, retryAfterSeconds: number, vars?: Record<string, unknown>) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new ApiError(429, STATUS.refused, msgKey, vars, { retry_after_seconds: seconds }, seconds);
  }
}
