import { homePath, type Site } from '@portal/contracts/sites';
import { safeCallback } from '~/lib/request/safe-redirect';

/**
 * The login page with a callback to `current` (path and query), as spec 4 asks when a logged-out
 * visitor tries to publish. The callback is kept only when it is a safe same-site path; on the
 * login page itself the existing callback is carried over rather than pointing back at login.
 */
/** Why a visitor was sent to sign in, said on the login page (`?reason=`). */
export const LOGIN_REASONS = ['feedback'] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];

/** The reason of a login page's query, when it is one the page can say. */
export function loginReasonOf(search: string): LoginReason | null {
  const reason = new URLSearchParams(search).get('reason');
  return (LOGIN_REASONS as readonly string[]).includes(reason ?? '') ? (reason as LoginReason) : null;
}

export function loginPath(
  site: Site,
  current: { pathname: string; search: string },
  origin: string,
  reason?: LoginReason,
): string {
  const login = `/${site.prefix}/login`;
  const home = homePath(site);
  const onLogin = current.pathname === login || current.pathname.startsWith(`${login}/`);
  const target = onLogin ? new URLSearchParams(current.search).get('callback') : `${current.pathname}${current.search}`;
  const callback = safeCallback(target, origin, home);
  return `${login}?callback=${encodeURIComponent(callback)}${reason ? `&reason=${reason}` : ''}`;
}
