import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { STATUS, type Envelope, type ValidationData } from '@portal/contracts/envelope';
import { ApiError } from '../http/api-error';
import { isMessageKey, translate } from '../lib/i18n';

type Lang = 'zh' | 'en';

function send(reply: FastifyReply, httpStatus: number, body: Envelope) {
  return reply.code(httpStatus).type('application/json; charset=utf-8').send(body);
}

/** Catalogue reason for a zod issue code, so a validation message reads the same in both languages. */
function reasonFor(lang: Lang, issue: { keyword: string; message: string; params: Record<string, unknown> }) {
  if (isMessageKey(issue.message)) return translate(lang, issue.message, issue.params);
  const missing = issue.keyword === 'invalid_type' && /received undefined/.test(issue.message);
  const key = missing ? 'validation.required' : `validation.${issue.keyword}`;
  return isMessageKey(key) ? translate(lang, key, issue.params) : translate(lang, 'validation.invalid');
}

/**
 * Turns every failure into the spec's envelope: validation (400/40001 naming the field), malformed
 * JSON, oversize bodies, wrong media types, refusals raised by features, and unexpected errors,
 * which are logged and answered without a stack trace.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.portal?.site.lang ?? 'zh';
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error.httpStatus, {
        status: error.status,
        msg: translate(lang, error.msgKey, error.vars),
        data: error.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params') {
        return send(reply, 404, { status: STATUS.notFound, msg: translate(lang, 'errors.siteNotFound'), data: null });
      }
      const issues = error.validation.map((v) => {
        const params = (v.params ?? {}) as Record<string, unknown>;
        const keys = Array.isArray(params.keys) ? (params.keys as string[]) : [];
        const field = keys[0] ?? (v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body');
        return { field, message: reasonFor(lang, { keyword: v.keyword, message: v.message ?? '', params }) };
      });
      const first = issues[0]!;
      const data: ValidationData = { field: first.field, issues };
      return send(reply, 400, {
        status: STATUS.validation,
        msg: translate(lang, 'errors.validation', { field: first.field, reason: first.message }),
        data,
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return send(reply, 400, {
        status: STATUS.validation,
        msg: translate(lang, 'errors.badJson'),
        data: { field: 'body', issues: [] },
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, { status: STATUS.validation, msg: translate(lang, 'errors.bodyTooLarge'), data: null });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return send(reply, 415, {
        status: STATUS.validation,
        msg: translate(lang, 'errors.unsupportedMediaType'),
        data: null,
      });
    }
    if (error.statusCode === 429) {
      return send(reply, 429, { status: 429, msg: error.message, data: null });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its contract');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, {
        status: error.statusCode === 404 ? STATUS.notFound : STATUS.validation,
        msg: translate(lang, error.statusCode === 404 ? 'errors.notFound' : 'errors.badRequest'),
        data: null,
      });
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return send(reply, 500, { status: STATUS.serverError, msg: translate(lang, 'errors.serverError'), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    const lang = request.portal?.site.lang ?? 'zh';
    const isApi = request.url.startsWith('/api/') || request.method !== 'GET';
    if (isApi) {
      return send(reply, 404, { status: STATUS.notFound, msg: translate(lang, 'errors.notFound'), data: null });
    }
    // A page that does not exist goes to the root, which sends the visitor home (spec 2).
    return reply.redirect('/', 302);
  });
});
