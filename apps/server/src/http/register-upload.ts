import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccessRule } from '@portal/contracts/call';
import { envelopeSchema, STATUS } from '@portal/contracts/envelope';
import { ApiError } from './api-error';
import { siteParams, type SignedInMember } from './register-call';
import { translate } from '../lib/i18n';

/** What an upload call declares: the same id, path, scope, access rule and answer as a JSON call's. */
export interface UploadContract<Data extends z.ZodType> {
  id: string;
  scope: 'site' | 'global';
  path: string;
  access: AccessRule;
  data: Data;
}

/** What an upload handler gets: the request (to read its one file part), the reply and the member. */
export interface UploadContext {
  request: FastifyRequest;
  reply: FastifyReply;
  member: SignedInMember;
}

/**
 * Binds an upload contract to a handler: one multipart POST route with the access rule (enforced by
 * the access guard before anything is read), the isapi guard and the write rate limit of a JSON call,
 * its OpenAPI entry, and the answer in the envelope. A refused upload closes its connection, so the
 * rest of the file is never read. Each feature registers @fastify/multipart with its own hard limits.
 */
export function registerUpload<Data extends z.ZodType>(
  app: FastifyInstance,
  call: UploadContract<Data>,
  doc: { summary: string; tag: string },
  handler: (ctx: UploadContext) => Promise<z.input<Data>>,
): void {
  // Plain route typing (the answer's schema is generic); the zod compilers still check it at runtime.
  app.route({
    method: 'POST',
    url: call.scope === 'site' ? `/api/:site${call.path}` : call.path,
    schema: {
      summary: doc.summary,
      tags: [doc.tag],
      operationId: call.id,
      consumes: ['multipart/form-data'],
      ...(call.scope === 'site' ? { params: siteParams } : {}),
      // Documents the form field; the multipart parser leaves the body empty, so validation passes.
      body: z.object({ file: z.string().meta({ format: 'binary' }).optional() }),
      response: { 200: envelopeSchema(call.data) },
    },
    config: { access: call.access, callId: call.id, rateLimit: app.writeRateLimit },
    handler: async (request, reply) => {
      const member = request.currentUser ? await request.currentUser() : null;
      if (!member) throw ApiError.unauthorized();
      try {
        const data = await handler({ request, reply, member });
        return { status: STATUS.ok, msg: translate(request.portal.site.lang, 'api.ok'), data };
      } catch (err) {
        reply.header('connection', 'close');
        throw err;
      }
    },
  });
}
