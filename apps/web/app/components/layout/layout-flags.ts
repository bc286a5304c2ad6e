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
