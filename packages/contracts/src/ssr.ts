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
  /**
   * The page request's signed-in member as the shell shows them on the site `siteCode`, read from the
   * session the request already resolved (no call, no further read but the member's roles on that
   * site, which the page's calls share): null for a visitor, an expired or revoked session, or a
   * member under a ban (who sees the pages as a visitor does).
   */
  viewer(siteCode: string): Promise<ShellViewer | null>;
}

/**
 * The signed-in member as the shell needs them: the navbar's avatar and name, `is_edit` for the
 * information redirect of spec 2, and the named permissions of the page's site for the permission
 * switch (spec 6), the back-office link and the moderator-zone link. The same fields as getMyInfo's
 * answer; contact details stay out of the shell (and so out of every page).
 */
export interface ShellViewer {
  user_id: number;
  user_nick_name: string;
  user_avatar_att_url: string;
  /** Lv1..Lv8 from the member's points (decision 032): the navbar shows it beside the avatar. */
  user_points_level: number;
  /** 2 until the information page is completed, then 1 (spec 3). */
  is_edit: number;
  /** Named permissions on the site, sorted. */
  permissions: string[];
  /** Permissions held for some boards or topics only, sorted. */
  scoped_permissions: string[];
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
