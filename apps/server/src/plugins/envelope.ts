import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS, type Envelope } from '@portal/contracts/envelope';
import { envelopeOfError } from '../http/error-envelope';
import { translate } from '../lib/i18n';

function send(reply: FastifyReply, httpStatus: number, body: Envelope) {
  return reply.code(httpStatus).type('application/json; charset=utf-8').send(body);
}

/**
 * Turns every failure into the spec's envelope: validation (400/40001 naming the field), malformed
 * JSON, oversize bodies, wrong media types, refusals raised by features, and unexpected errors,
 * which are logged and answered without a stack trace.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = envelopeOfError(error, request.portal?.site.lang ?? 'zh', request.log);
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
    return send(reply, answer.httpStatus, answer.body);
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
