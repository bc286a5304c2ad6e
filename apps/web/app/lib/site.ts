import { DEFAULT_SITE, siteById, siteFromPath, type Site } from '@portal/contracts/sites';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import { readCookie } from '~/lib/request/cookies';

/** The site stored in a `Cookie` header's `siteData` (tws_id "1" or "2"), if any. */
export function siteFromCookieHeader(cookieHeader: string | null | undefined): Site | undefined {
  return siteById(readCookie(cookieHeader ?? '', CLIENT_STORAGE.siteDataCookie));
}

/**
 * The site a page is shown in: the URL's prefix decides (spec 2); pages outside both sites
 * (`/404`, `/401`) use the stored language, then Chinese.
 */
export function siteOfPage(pathname: string, stored: Site | undefined): Site {
  return siteFromPath(pathname) ?? stored ?? DEFAULT_SITE;
}
