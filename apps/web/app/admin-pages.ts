import type { Permission } from '@portal/contracts/permissions';
import type { Catalogue } from '@portal/locales/catalogues';
import { ADMIN_BASE } from './components/layout/layout-flags';

export { ADMIN_BASE };

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
  group: AdminMenuGroup;
  /** False for screens reached from another one (a detail page): routed but not in the menu. */
  menu?: boolean;
}

/**
 * Every back-office screen, in menu order within each group. routes.ts makes each a child of the
 * admin layout; the layout builds the side menu from the entries the member's permissions allow.
 * Add a screen with one entry here.
 */
export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    id: 'dashboard',
    path: '',
    file: 'routes/admin/dashboard.tsx',
    titleKey: 'admin.dashboardTitle',
    permission: 'admin.access',
    group: 'overview',
  },
  {
    id: 'users',
    path: 'users',
    file: 'routes/admin/users.tsx',
    titleKey: 'membersAdmin.usersTitle',
    permission: 'user.manage',
    group: 'people',
  },
  {
    id: 'roles',
    path: 'roles',
    file: 'routes/admin/roles.tsx',
    titleKey: 'roles.screenTitle',
    permission: 'role.manage',
    group: 'people',
  },
  {
    id: 'feedback',
    path: 'feedback',
    file: 'routes/admin/feedback.tsx',
    titleKey: 'feedbackAdmin.inboxTitle',
    permission: 'feedback.manage',
    group: 'feedback',
  },
  {
    id: 'broadcasts',
    path: 'broadcasts',
    file: 'routes/admin/broadcasts.tsx',
    titleKey: 'membersAdmin.broadcastsTitle',
    permission: 'message.broadcast',
    group: 'feedback',
  },
  {
    id: 'reviews',
    path: 'reviews',
    file: 'features/reviews/admin/ReviewsRoute.tsx',
    titleKey: 'reviewsAdmin.queueTitle',
    permission: 'review.post',
    group: 'content',
  },
  {
    id: 'banners',
    path: 'banners',
    file: 'routes/admin/banners.tsx',
    titleKey: 'siteAdmin.bannersTitle',
    permission: 'banner.manage',
    group: 'content',
  },
  {
    id: 'about',
    path: 'about',
    file: 'routes/admin/about.tsx',
    titleKey: 'siteAdmin.aboutTitle',
    permission: 'page.manage',
    group: 'content',
  },
  {
    id: 'dictionaries',
    path: 'dictionaries',
    file: 'routes/admin/dictionaries.tsx',
    titleKey: 'siteAdmin.dictionariesTitle',
    permission: 'dictionary.manage',
    group: 'site',
  },
  {
    id: 'settings',
    path: 'settings',
    file: 'routes/admin/settings.tsx',
    titleKey: 'siteAdmin.settingsTitle',
    permission: 'setting.manage',
    group: 'site',
  },
  {
    id: 'audit',
    path: 'audit',
    file: 'routes/admin/audit.tsx',
    titleKey: 'admin.auditTitle',
    permission: 'audit.read',
    group: 'audit',
  },
];

export const adminRouteId = (page: Pick<AdminPage, 'id'>) => `admin/${page.id}`;

/** The URL of a screen, keeping the managed site (`?site=`) when one is given. */
export function adminPath(page: Pick<AdminPage, 'path'>, siteCode?: string): string {
  const path = page.path ? `${ADMIN_BASE}/${page.path}` : ADMIN_BASE;
  return siteCode ? `${path}?site=${encodeURIComponent(siteCode)}` : path;
}

/** The screen behind a route id such as `admin/audit`. */
export function adminPageByRouteId(routeId: string): AdminPage | undefined {
  return ADMIN_PAGES.find((page) => adminRouteId(page) === routeId);
}
