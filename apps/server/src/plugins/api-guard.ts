import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';

/**
 * API calls must carry `isapi: 1` (spec 7). A cross-site form or image cannot set that header, so
 * this is also the CSRF guard for every write. An absent body counts as `{}` so that calls without
 * a payload parse.
 */
export const apiGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith('/api/')) return;
    if (!request.portal.isApi) throw new ApiError(403, 403, 'errors.needIsapi');
    if (request.body === undefined || request.body === null) request.body = {};
  });
});
