import { redirect } from 'react-router';
import { adminContext, type AdminContext } from '@portal/contracts/admin';
import { STATUS } from '@portal/contracts/envelope';
import type { SiteCode } from '@portal/contracts/sites';
import { browserLanguageStore, readStoredSite } from '~/lib/language/storage';
import { loginPath } from '~/lib/login-link';
import { callFromBrowser } from '~/lib/query/browser-call.client';
import { CallFailedError } from '~/lib/query/call-error';
import { callKey } from '~/lib/query/call-query';
import { browserQueryClient } from '~/lib/query/query-client';
import { requestClientReady } from '~/lib/request/client';
import { errorPagePath, siteOfPage } from '~/lib/site';
import { pickManagedSite, searchWithSite, SITE_PARAM } from '~/lib/admin/admin-site';

export interface AdminFrameData {
  context: AdminContext;
  siteCode: SiteCode;
}

/** The staff member's context stays fresh this long between screens; a new load asks again after it. */
const CONTEXT_FRESH_MS = 15_000;
/** The context is the member's, whatever site the interface shows: one entry under the call. */
export const ADMIN_CONTEXT_KEY = callKey(adminContext);

const isStatus = (error: unknown, status: number) =>
  error instanceof CallFailedError && String(error.status) === String(status);

/**
 * The admin layout's client loader: who is signed in and which sites they manage. A visitor goes
 * to the login page and comes back here; a member who manages no site gets the no-permission page.
 * The managed site is always written in the URL (`?site=`), so a reload or a shared link keeps it.
 */
export async function loadAdminFrame(request: Request): Promise<AdminFrameData> {
  // While the page hydrates this runs before the shell has set the request client up.
  await requestClientReady();
  const url = new URL(request.url);
  const uiSite = siteOfPage(url.pathname, readStoredSite(browserLanguageStore()));
  let context: AdminContext;
  try {
    context = await browserQueryClient().fetchQuery({
      queryKey: ADMIN_CONTEXT_KEY,
      staleTime: CONTEXT_FRESH_MS,
      // Silent: this loader decides where a refusal goes, the request client must not navigate too.
      queryFn: () => callFromBrowser(adminContext, uiSite.apply_site, {}, { silent: true }),
    });
  } catch (error) {
    if (isStatus(error, STATUS.unauthorized)) throw redirect(loginPath(uiSite, url, window.location.origin));
    if (isStatus(error, STATUS.forbidden)) throw redirect(errorPagePath(401, uiSite));
    throw error;
  }
  const managed = pickManagedSite(context.sites, url.searchParams.get(SITE_PARAM), uiSite);
  if (!managed) throw redirect(errorPagePath(401, uiSite));
  if (url.searchParams.get(SITE_PARAM) !== managed.apply_site) {
    throw redirect(`${url.pathname}${searchWithSite(url.search, managed.apply_site)}`);
  }
  return { context, siteCode: managed.apply_site as SiteCode };
}

/** Forgets the cached context (after a sign-out or a change of the member's own roles). */
export function forgetAdminContext(): void {
  browserQueryClient().removeQueries({ queryKey: ADMIN_CONTEXT_KEY });
}
