import { IS_EDIT } from '@portal/contracts/constants';
import { homePath, type Site } from '@portal/contracts/sites';
import { safeCallback } from '~/lib/request/safe-redirect';

/**
 * The information redirect of spec 2: a member whose `is_edit` is 2 (registered, information not
 * completed) is sent from any page whose path does not contain 'information' to the site's
 * information page, with the page they asked for as `callback`. Returns that URL, or null to let
 * the page through. The root loader runs it on the server, its client loader on every navigation.
 */
export function informationRedirect(
  user: { is_edit: number } | null | undefined,
  site: Site,
  page: { pathname: string; search: string; origin: string },
): string | null {
  if (user?.is_edit !== IS_EDIT.incomplete || page.pathname.includes('information')) return null;
  const callback = safeCallback(`${page.pathname}${page.search}`, page.origin, homePath(site));
  return `/${site.prefix}/information?callback=${encodeURIComponent(callback)}`;
}
