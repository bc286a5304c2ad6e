import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';

const isApiWrite = (request: FastifyRequest) =>
  request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/');

/**
 * API calls must carry `isapi: 1` (spec 7). A cross-site form or image cannot set that header, so
 * this is also the CSRF guard for every write; it is checked before the body is read, like the access
 * rule after it. An absent body counts as `{}` so that calls without a payload parse.
 */
export const apiGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preParsing', async (request) => {
    if (isApiWrite(request) && !request.portal.isApi) throw new ApiError(403, 403, 'errors.needIsapi');
  });
  app.addHook('preValidation', async (request) => {
    if (isApiWrite(request) && (request.body === undefined || request.body === null)) request.body = {};
  });
});
