import { homePath, type Site } from '@portal/contracts/sites';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';

/**
 * Logout of spec 4: the accessToken cookie is removed, then the visitor goes home when on the
 * personal centre, else the page reloads.
 */
export function logout(site: Site): void {
  document.cookie = `${CLIENT_STORAGE.accessTokenCookie}=; Path=/; Max-Age=0; SameSite=Lax`;
  if (window.location.pathname.startsWith(`/${site.prefix}/userinfo`)) window.location.assign(homePath(site));
  else window.location.reload();
}
