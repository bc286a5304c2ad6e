import { STATUS } from '@portal/contracts/envelope';
import { homePath, type Site } from '@portal/contracts/sites';
import { requestClient } from '~/lib/request/client';

/**
 * The root's client loader keeps the shell's data (the member among it) from page to page. After a
 * sign-in, a sign-out or a change to the member, the next navigation or revalidation must ask the
 * server again: this flag says so.
 */
let shellStale = false;

/** The member changed: the next root load fetches the shell's data from the server. */
export function invalidateShell(): void {
  shellStale = true;
}

export function isShellStale(): boolean {
  return shellStale;
}

/** The shell's data was fetched again. */
export function shellRefreshed(): void {
  shellStale = false;
}

/**
 * Logout of spec 4: the server ends the session and removes the HttpOnly accessToken cookie, then
 * the visitor goes home when on the personal centre, else the page reloads. A 401 means the session
 * had already ended, which is just as good; any other failure has been shown by the request client
 * and the member stays signed in. The accounts contract is fetched on demand: its schemas are not
 * worth their weight on every page for one button.
 */
export async function logout(site: Site): Promise<void> {
  const { logout: logoutCall } = await import('@portal/contracts/accounts');
  const result = await requestClient.call(logoutCall, {});
  if (!result.ok && String(result.error.status) !== String(STATUS.unauthorized)) return;
  if (window.location.pathname.startsWith(`/${site.prefix}/userinfo`)) window.location.assign(homePath(site));
  else window.location.reload();
}
