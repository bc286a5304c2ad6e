import type { Site } from '@portal/contracts/sites';
import { CLIENT_STORAGE, REQUEST_HEADERS } from '@portal/contracts/ssr';
import { knownTimeZone, viewerTimeZone } from '@portal/contracts/time';
import { readCookie } from '~/lib/request/cookies';

/**
 * The zone a server render prints times in (decision 021): the spec-7 `time-zone-name` header when
 * the request has one, else the `timeZone` cookie the browser keeps, else the site's zone.
 */
export function timeZoneOfRequest(request: Request, site: Site): string {
  const header = knownTimeZone(request.headers.get(REQUEST_HEADERS.timeZoneName));
  return (
    header ?? viewerTimeZone(readCookie(request.headers.get('cookie') ?? '', CLIENT_STORAGE.timeZoneCookie), site.lang)
  );
}

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Keeps the browser's zone in the `timeZone` cookie, so the next server render prints times as this
 * browser will show them and hydration changes nothing. Written before hydration on every page load.
 */
export function rememberBrowserTimeZone(doc: Document): void {
  const zone = knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  if (!zone || readCookie(doc.cookie, CLIENT_STORAGE.timeZoneCookie) === zone) return;
  doc.cookie = `${CLIENT_STORAGE.timeZoneCookie}=${zone}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}
