import { redirect } from 'react-router';
import { getMyInfo, type MyInfo } from '@portal/contracts/accounts';
import { STATUS } from '@portal/contracts/envelope';
import type { Site } from '@portal/contracts/sites';
import { CLIENT_STORAGE, type PortalLoadContext, type ShellViewer } from '@portal/contracts/ssr';
import { loginPath } from '~/lib/login-link';
import { readCookie } from '~/lib/request/cookies';
import { siteOfPage } from '~/lib/site';

/**
 * The signed-in member of a page request, asked in-process with the visitor's cookies; null for a
 * visitor without a session cookie and for a session the server no longer knows (401: expired or
 * revoked), who are then simply anonymous.
 */
export async function signedInMember(context: PortalLoadContext, site: Site, request: Request): Promise<MyInfo | null> {
  if (!readCookie(request.headers.get('cookie') ?? '', CLIENT_STORAGE.accessTokenCookie)) return null;
  const envelope = await context.api.call(getMyInfo, site.apply_site, {});
  if (String(envelope.status) === String(STATUS.ok)) return envelope.data;
  if (String(envelope.status) !== String(STATUS.unauthorized)) {
    console.error(`getMyInfo answered ${String(envelope.status)} (${envelope.msg}); the page renders as anonymous`);
  }
  return null;
}

/**
 * The signed-in member of a page request as the shell shows them (navbar, permission switch,
 * information redirect), from the session the request resolved: no getMyInfo call, none of its
 * counts; null for a visitor and for a session the server no longer knows.
 */
export async function shellMember(
  context: PortalLoadContext,
  site: Site,
  request: Request,
): Promise<ShellViewer | null> {
  if (!readCookie(request.headers.get('cookie') ?? '', CLIENT_STORAGE.accessTokenCookie)) return null;
  return context.viewer(site.apply_site);
}

/**
 * Loaders of member pages (personal centre, information): the member, or a redirect to the login
 * page with this page as its callback.
 */
export async function requireMember(
  context: PortalLoadContext,
  request: Request,
): Promise<{ site: Site; member: MyInfo }> {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const member = await signedInMember(context, site, request);
  if (!member) throw redirect(loginPath(site, url, url.origin));
  return { site, member };
}
