import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.1 document is generated from the shared contracts that the routes are registered
 * with, so every call is documented by construction. Only `/api/` routes appear.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storage Community Portal API',
        version: '1.0.0',
        description:
          'Every call is `POST` JSON and answers the envelope `{status, msg, data}`. Send `isapi: 1`. ' +
          'Site calls live under `/api/protal/…` (Chinese) and `/api/protal_en/…` (English).',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'accesstoken' },
          isapi: { type: 'apiKey', in: 'header', name: 'isapi' },
        },
      },
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The reference page sets a few inline styles; its scripts stay same-origin only.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
    uiConfig: { docExpansion: 'list' },
  });
});
