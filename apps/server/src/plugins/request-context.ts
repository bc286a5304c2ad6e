import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_STORAGE, REQUEST_HEADERS } from '@portal/contracts/ssr';
import { DEFAULT_SITE, siteByCode, siteById, type Site } from '@portal/contracts/sites';
import { knownTimeZone } from '@portal/contracts/time';

/** What the server knows about a request before any feature sees it (spec 7 headers). */
export interface PortalRequestContext {
  /** The site of `/api/{site}/…`, else of the siteData cookie or header, else Chinese. */
  site: Site;
  isApi: boolean;
  visitorId: string | null;
  /**
   * The viewer's IANA zone: the spec-7 header, else the `timeZone` cookie the browser keeps (page
   * loads send no custom header); null when neither names a known zone (decision 021).
   */
  timeZoneName: string | null;
  timeZoneOffsetMinutes: number | null;
  accessToken: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    portal: PortalRequestContext;
    /** This request's CSP nonce, drawn when first read: pages read it, JSON and files never do. */
    readonly cspNonce: string;
    [NONCE]: string | null;
  }
}

const NONCE = Symbol('cspNonce');

const VISITOR_ID = /^[A-Za-z0-9]{16}$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the site from the URL prefix first: `/api/protal_en/...` is English whatever the cookie says. */
export function siteOfRequest(request: FastifyRequest): Site {
  const match = /^\/api\/([a-z_]+)\//.exec(request.url);
  const fromPath = match ? siteByCode(match[1]) : undefined;
  if (fromPath) return fromPath;
  const cookie = request.cookies?.[CLIENT_STORAGE.siteDataCookie] ?? header(request, REQUEST_HEADERS.siteData);
  return siteById(cookie) ?? DEFAULT_SITE;
}

export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('portal', null as unknown as PortalRequestContext);
  app.decorateRequest(NONCE, null);
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      return (this[NONCE] ??= crypto.randomBytes(16).toString('base64'));
    },
  });
  app.addHook('onRequest', async (request) => {
    const visitorId = header(request, REQUEST_HEADERS.visitorId);
    const tzName = header(request, REQUEST_HEADERS.timeZoneName);
    const tzOffset = Number(header(request, REQUEST_HEADERS.timeZoneOffset));
    request.portal = {
      site: siteOfRequest(request),
      isApi: header(request, REQUEST_HEADERS.isapi) === '1',
      // Client-supplied values are kept only when well-formed; they end up in logs and analytics.
      visitorId: visitorId && VISITOR_ID.test(visitorId) ? visitorId : null,
      timeZoneName: knownTimeZone(tzName) ?? knownTimeZone(request.cookies?.[CLIENT_STORAGE.timeZoneCookie]),
      timeZoneOffsetMinutes: Number.isInteger(tzOffset) && Math.abs(tzOffset) <= 14 * 60 ? tzOffset : null,
      accessToken:
        request.cookies?.[CLIENT_STORAGE.accessTokenCookie] ?? header(request, REQUEST_HEADERS.accessToken) ?? null,
    };
  });
});
