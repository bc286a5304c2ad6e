import { DEFAULT_SITE, siteById, siteByPrefix, siteFromPath, type Site } from '@portal/contracts/sites';
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

/** The query parameter of `/401` and `/404` that names the language of the page that sent there. */
const ERROR_PAGE_LANG = 'lang';

/**
 * `/401` or `/404` in the language of the page that sends there (`/401?lang=en`): the URL decides
 * the error page's language too, whatever the stored language says (decision 004).
 */
export function errorPagePath(code: 401 | 404, site: Site): string {
  return `/${code}?${ERROR_PAGE_LANG}=${site.prefix}`;
}

/** The site of a page's URL: its prefix, else an error page's `lang`, else the stored language. */
export function siteOfUrl(url: URL, stored: Site | undefined): Site {
  return (
    siteFromPath(url.pathname) ??
    siteByPrefix(url.searchParams.get(ERROR_PAGE_LANG) ?? undefined) ??
    stored ??
    DEFAULT_SITE
  );
}
