import type { CallBody, CallContract, CallData } from './call';
import type { Envelope } from './envelope';

/**
 * What the server hands to React Router's loaders during server rendering. `api.call` runs a call
 * in-process through the same route, validation and permission checks as a browser request,
 * carrying the visitor's cookies.
 */
export interface PortalLoadContext {
  cspNonce: string;
  requestId: string;
  /**
   * The portal's configured origin (PUBLIC_URL, no trailing slash). Absolute links (canonical,
   * hreflang, sitemap) use it; the request's Host header is never trusted for them. The request
   * handed to React Router already carries it as its origin.
   */
  publicUrl: string;
  api: {
    call<C extends CallContract>(call: C, siteCode: string, body: CallBody<C>): Promise<Envelope<CallData<C>>>;
  };
}

/** Request headers of spec 7, lower-case as HTTP/2 and Fastify see them. */
export const REQUEST_HEADERS = {
  isapi: 'isapi',
  visitorId: 'permanent-tourist-id',
  timeZoneName: 'time-zone-name',
  timeZoneOffset: 'time-zone-offset',
  accessToken: 'accesstoken',
  siteData: 'sitedata',
} as const;

/** Cookie and storage names of spec 3 ("Stored client-side"). */
export const CLIENT_STORAGE = {
  accessTokenCookie: 'accessToken',
  siteDataCookie: 'siteData',
  /** The viewer's IANA time zone, written by the browser so server renders print its times (decision 021). */
  timeZoneCookie: 'timeZone',
  languageKey: 'currentLanguage',
  userInfoKey: 'userinfo',
  visitorIdKey: 'permanent_tourist_id',
} as const;
