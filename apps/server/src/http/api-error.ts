import { STATUS, type EnvelopeStatus } from '@portal/contracts/envelope';
import type { CheckedKey } from '@portal/locales/keys';

/**
 * A refusal the server answers in the envelope. `msgKey` is a catalogue key so the message comes
 * out in the site's language; `httpStatus` follows HTTP while `status` carries the spec's code.
 */
class ApiErrorClass extends Error {
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

  static unauthorized(): ApiErrorClass {
    return new ApiErrorClass(401, STATUS.unauthorized, 'errors.unauthorized');
  }
  static forbidden<K extends string = 'errors.forbidden'>(msgKey?: K & CheckedKey<K>): ApiErrorClass {
    return new ApiErrorClass(403, STATUS.forbidden, msgKey ?? 'errors.forbidden');
  }
  static notFound<K extends string = 'errors.notFound'>(msgKey?: K & CheckedKey<K>): ApiErrorClass {
    return new ApiErrorClass(404, STATUS.notFound, msgKey ?? 'errors.notFound');
  }
  /** A business refusal (spec status 201): the request was fine, the rules say no. */
  static refused<K extends string>(
    msgKey: K & CheckedKey<K>,
    vars?: Record<string, unknown>,
    data: unknown = null,
  ): ApiErrorClass {
    return new ApiErrorClass(409, STATUS.refused, msgKey, vars, data);
  }
  /**
   * Too many attempts: HTTP 429 with Retry-After, and the spec's refusal status 201 so that the page
   * shows the message (a 429 in the envelope would read as a network error, spec 8).
   */
  static throttled<K extends string>(
    msgKey: K & CheckedKey<K>,
    retryAfterSeconds: number,
    vars?: Record<string, unknown>,
  ): ApiErrorClass {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new ApiErrorClass(429, STATUS.refused, msgKey, vars, { retry_after_seconds: seconds }, seconds);
  }
}

/**
 * `new ApiError(httpStatus, status, msgKey, …)` with the key checked: a literal key must name a
 * message of the catalogue (`CheckedKey`), so a typo fails the typecheck; a key computed at run time
 * is taken as it is. A constructor cannot take a type parameter, hence this typed alias of the class.
 */
type ApiErrorConstructor = Omit<typeof ApiErrorClass, 'prototype'> & {
  new <K extends string>(
    httpStatus: number,
    status: EnvelopeStatus,
    msgKey: K & CheckedKey<K>,
    vars?: Record<string, unknown>,
    data?: unknown,
    retryAfterSeconds?: number,
  ): ApiErrorClass;
  prototype: ApiErrorClass;
};

export const ApiError = ApiErrorClass as ApiErrorConstructor;
export type ApiError = ApiErrorClass;
