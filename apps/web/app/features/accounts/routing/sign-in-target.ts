import { homePath, type Site } from '@portal/contracts/sites';
import { informationRedirect } from '~/lib/information-redirect';
import { safeCallback } from '~/lib/request/safe-redirect';

/** The `callback` of a page's query when it is a same-site path, else the site's home page. */
export function callbackOf(search: string, site: Site, origin: string): string {
  return safeCallback(new URLSearchParams(search).get('callback'), origin, homePath(site));
}

/**
 * Where a member goes right after signing in or registering: the callback when it is a same-site
 * path, else home; a member who has still to complete their information (a new registration,
 * `is_edit` 2) goes to the information page first, with that target as its callback.
 */
export function afterSignInPath(user: { is_edit: number }, site: Site, search: string, origin: string): string {
  const target = callbackOf(search, site, origin);
  const url = new URL(target, origin);
  return informationRedirect(user, site, { pathname: url.pathname, search: url.search, origin }) ?? target;
}

/** A page of the accounts flow (`forget`, `login`) carrying the current callback along, if any. */
export function withCallback(path: string, search: string, site: Site, origin: string): string {
  const raw = new URLSearchParams(search).get('callback');
  if (!raw) return path;
  return `${path}?callback=${encodeURIComponent(callbackOf(search, site, origin))}`;
}
