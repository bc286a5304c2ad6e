/** Route `handle` of a page module; `hideFooter` hides the footer (spec 2, e.g. the MVP page). */
export interface PageHandle {
  hideFooter?: boolean;
}

/** `?is_admin` (any value) embeds a page in the back office: no navbar, no footer (spec 2, 6). */
export function isAdminView(search: string): boolean {
  return new URLSearchParams(search).has('is_admin');
}

export function footerHidden(handles: readonly unknown[]): boolean {
  return handles.some((h) => typeof h === 'object' && h !== null && (h as PageHandle).hideFooter === true);
}

/** The back office's base path (admin-pages.ts lists its screens). */
export const ADMIN_BASE = '/admin';

/** The back office draws its own frame: the portal's navbar, footer and back-to-top stay out. */
export function isBackOfficePath(pathname: string): boolean {
  return pathname === ADMIN_BASE || pathname.startsWith(`${ADMIN_BASE}/`);
}
