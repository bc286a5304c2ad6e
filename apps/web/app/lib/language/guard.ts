import { pathInSite, siteFromPath, type Site } from '@portal/contracts/sites';

/**
 * The navigation guard of spec 2: a client-side navigation to a path whose language differs from
 * the stored one goes to the same path in the stored language. Returns that path, or null to let
 * the navigation through (same language, nothing stored, or a page outside both sites).
 */
export function languageGuardRedirect(pathname: string, stored: Site | undefined): string | null {
  const target = siteFromPath(pathname);
  if (!target || !stored || target.tws_id === stored.tws_id) return null;
  return pathInSite(pathname, stored);
}
