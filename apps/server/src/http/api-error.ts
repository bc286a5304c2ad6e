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
}
