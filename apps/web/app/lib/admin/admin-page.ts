import type { Permission } from '@portal/contracts/permissions';
import type { Catalogue } from '@portal/locales/catalogues';
import { ADMIN_BASE } from '../../components/layout/layout-flags';

/** The groups of the back office's side menu, in menu order (texts: `admin.groups.<group>`). */
export const ADMIN_MENU_GROUPS = ['overview', 'people', 'content', 'site', 'feedback', 'audit'] as const;
export type AdminMenuGroup = (typeof ADMIN_MENU_GROUPS)[number];

/** `<namespace>.<key>` of any top-level text of a catalogue namespace, e.g. `admin.dashboardTitle`. */
export type TextKey = {
  [N in keyof Catalogue & string]: {
    [K in keyof Catalogue[N] & string]: Catalogue[N][K] extends string ? `${N}.${K}` : never;
  }[keyof Catalogue[N] & string];
}[keyof Catalogue & string];

/** One screen of the back office: a child route of the `/admin` layout and, usually, a menu entry. */
export interface AdminPage {
  /** Route id without the `admin/` prefix (route ids are `admin/<id>`). */
  id: string;
  /** Path below `/admin/` in React Router syntax; '' is the index (`/admin` itself). */
  path: string;
  /** Route module, relative to `app/` (thin; renders a screen of `features/<domain>/admin/`). */
  file: string;
  /** Menu and document title, as `<namespace>.<key>` (a screen may keep it in its own namespace). */
  titleKey: TextKey;
  /** Shown (menu) and usable only when the member holds this permission on the managed site. */
  permission: Permission;
  /** Other permissions that open the screen as well (the review queue: posts', topic articles' or submissions' reviewers). */
  orPermissions?: readonly Permission[];
  group: AdminMenuGroup;
  /** False for screens reached from another one (a detail page): routed but not in the menu. */
  menu?: boolean;
}

export const adminRouteId = (page: Pick<AdminPage, 'id'>) => `admin/${page.id}`;

/** The URL of a screen, keeping the managed site (`?site=`) when one is given. */
export function adminPath(page: Pick<AdminPage, 'path'>, siteCode?: string): string {
  const path = page.path ? `${ADMIN_BASE}/${page.path}` : ADMIN_BASE;
  return siteCode ? `${path}?site=${encodeURIComponent(siteCode)}` : path;
}

/** Whether the member's permissions on the managed site open this screen. */
export function mayOpen(page: Pick<AdminPage, 'permission' | 'orPermissions'>, permissions: ReadonlySet<string>) {
  return [page.permission, ...(page.orPermissions ?? [])].some((p) => permissions.has(p));
}
