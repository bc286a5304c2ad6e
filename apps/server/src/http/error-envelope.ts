import type { FastifyBaseLogger, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { STATUS, type Envelope, type ValidationData } from '@portal/contracts/envelope';
import type { Lang } from '@portal/contracts/sites';
import { ApiError } from './api-error';
import { isMessageKey, translate } from '../lib/i18n';

/** A failure as the spec's envelope, with the HTTP status it is sent with. */
export interface ErrorAnswer {
  httpStatus: number;
  body: Envelope;
  /** Sent as Retry-After. */
  retryAfterSeconds?: number;
}

/** One failed check of a body, as Fastify's validation reports it (and as zod issues map to it). */
export interface ValidationEntry {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Catalogue reason for a zod issue code, so a validation message reads the same in both languages. */
function reasonFor(lang: Lang, issue: { keyword: string; message: string; params: Record<string, unknown> }) {
  if (isMessageKey(issue.message)) return translate(lang, issue.message, issue.params);
  const missing = issue.keyword === 'invalid_type' && /received undefined/.test(issue.message);
  const key = missing ? 'validation.required' : `validation.${issue.keyword}`;
  return isMessageKey(key) ? translate(lang, key, issue.params) : translate(lang, 'validation.invalid');
}

/** 400/40001 naming the first bad field, with every issue in `data.issues`. */
export function validationAnswer(lang: Lang, entries: readonly ValidationEntry[]): ErrorAnswer {
  const issues = entries.map((v) => {
    const params = v.params ?? {};
    const keys = Array.isArray(params.keys) ? (params.keys as string[]) : [];
    const field = keys[0] ?? (v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body');
    return { field, message: reasonFor(lang, { keyword: v.keyword, message: v.message ?? '', params }) };
  });
  const first = issues[0] ?? { field: 'body', message: translate(lang, 'validation.invalid') };
  const data: ValidationData = { field: first.field, issues };
  return {
    httpStatus: 400,
    body: {
      status: STATUS.validation,
      msg: translate(lang, 'errors.validation', { field: first.field, reason: first.message }),
      data,
    },
  };
}

/** zod's issues in the form Fastify's validation reports them (fastify-type-provider-zod's mapping). */
export function zodValidationEntries(error: z.ZodError): ValidationEntry[] {
  return error.issues.map(({ path, code, message, ...params }) => ({
    keyword: code,
    instancePath: `/${path.join('/')}`,
    message,
    params,
  }));
}

/**
 * What the portal answers for an error: refusals raised by features (ApiError), validation, malformed
 * JSON, oversize bodies, wrong media types, and unexpected errors, which are logged and answered
 * without a stack trace. The error handler and in-process calls both use it, so a page's loader
 * sees exactly the envelope the browser would.
 */
export function envelopeOfError(error: FastifyError | Error, lang: Lang, log: FastifyBaseLogger): ErrorAnswer {
  const answer = (httpStatus: number, body: Envelope): ErrorAnswer => ({ httpStatus, body });
  if (error instanceof ApiError) {
    return {
      httpStatus: error.httpStatus,
      body: { status: error.status, msg: translate(lang, error.msgKey, error.vars), data: error.data },
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    if (fastifyError.validationContext === 'params') {
      return answer(404, { status: STATUS.notFound, msg: translate(lang, 'errors.siteNotFound'), data: null });
    }
    return validationAnswer(lang, fastifyError.validation as ValidationEntry[]);
  }
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (error instanceof SyntaxError && fastifyError.statusCode === 400)
  ) {
    return answer(400, {
      status: STATUS.validation,
      msg: translate(lang, 'errors.badJson'),
      data: { field: 'body', issues: [] },
    });
  }
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return answer(413, { status: STATUS.validation, msg: translate(lang, 'errors.bodyTooLarge'), data: null });
  }
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
    fastifyError.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
  ) {
    return answer(415, { status: STATUS.validation, msg: translate(lang, 'errors.unsupportedMediaType'), data: null });
  }
  if (fastifyError.statusCode === 429) {
    return answer(429, { status: 429, msg: error.message, data: null });
  }
  if (isResponseSerializationError(error)) {
    log.error({ err: error, issues: error.cause.issues }, 'response did not match its contract');
  } else if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    log.info({ err: error }, 'client error');
    const notFound = fastifyError.statusCode === 404;
    return answer(fastifyError.statusCode, {
      status: notFound ? STATUS.notFound : STATUS.validation,
      msg: translate(lang, notFound ? 'errors.notFound' : 'errors.badRequest'),
      data: null,
    });
  } else {
    log.error({ err: error }, 'unhandled error');
  }
  return answer(500, { status: STATUS.serverError, msg: translate(lang, 'errors.serverError'), data: null });
}
