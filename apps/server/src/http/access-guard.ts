import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessRule } from '@portal/contracts/call';
import { authorize } from './register-call';

/** One API route and the access rule it declared (the permission matrix test walks these). */
export interface ApiRoute {
  method: string;
  url: string;
  access: AccessRule;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

/**
 * The one place access rules are enforced. Every route under `/api/` registered after this plugin
 * must declare `config.access` (calls get it from their contract); a route without one stops the
 * server from starting, so no future route can forget it. The rule is checked before the body is
 * read (preParsing), so a visitor learns nothing about a call they may not make: a bad, invalid or
 * oversized body to a member-only call is refused with 401 (a member without the permission: 403).
 */
export const accessGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('apiRoutes', []);
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      const access = route.config?.access;
      const methods = [route.method].flat();
      if (!access) {
        throw new Error(`${methods.join(',')} ${route.url} declares no access rule (config.access)`);
      }
      for (const method of methods) {
        if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access });
      }
    });
    app.addHook('preParsing', async (request) => {
      const access = request.routeOptions.config.access;
      if (access) await authorize(request, access);
    });
  },
  { name: 'portal-access-guard', dependencies: ['portal-auth'] },
);
