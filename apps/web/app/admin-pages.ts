import { ADMIN_BASE } from './components/layout/layout-flags';
import { adminRouteId, type AdminPage } from './lib/admin/admin-page';

export { ADMIN_BASE };
export {
  ADMIN_MENU_GROUPS,
  adminPath,
  adminRouteId,
  type AdminMenuGroup,
  type AdminPage,
  type TextKey,
} from './lib/admin/admin-page';

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
    id: 'experts',
    path: 'experts',
    file: 'routes/admin/experts.tsx',
    titleKey: 'expertsAdmin.screenTitle',
    permission: 'expert.manage',
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
    file: 'routes/admin/reviews.tsx',
    titleKey: 'reviewsAdmin.queueTitle',
    permission: 'review.post',
    orPermissions: ['review.article', 'review.expert', 'review.journal', 'review.cooperation'],
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
    id: 'events',
    path: 'events',
    file: 'routes/admin/events.tsx',
    titleKey: 'eventsAdmin.screenTitle',
    permission: 'event.manage',
    group: 'content',
  },
  {
    id: 'topics',
    path: 'topics',
    file: 'routes/admin/topics.tsx',
    titleKey: 'siteAdmin.topicsTitle',
    permission: 'topic.manage',
    group: 'content',
  },
  {
    id: 'journal',
    path: 'journal',
    file: 'routes/admin/journal.tsx',
    titleKey: 'journalAdmin.screenTitle',
    permission: 'journal.manage',
    group: 'content',
  },
  {
    id: 'cooperation',
    path: 'cooperation',
    file: 'routes/admin/cooperation.tsx',
    titleKey: 'cooperationAdmin.screenTitle',
    permission: 'cooperation.manage',
    group: 'content',
  },
  {
    id: 'pages',
    path: 'pages',
    file: 'routes/admin/content-pages.tsx',
    titleKey: 'siteAdmin.pagesTitle',
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
    id: 'points',
    path: 'points',
    file: 'routes/admin/points.tsx',
    titleKey: 'pointsAdmin.title',
    permission: 'points.manage',
    group: 'people',
  },
  {
    id: 'raffle',
    path: 'raffle',
    file: 'routes/admin/raffle.tsx',
    titleKey: 'raffleAdmin.title',
    permission: 'raffle.manage',
    group: 'people',
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

/** The screen behind a route id such as `admin/audit`. */
export function adminPageByRouteId(routeId: string): AdminPage | undefined {
  return ADMIN_PAGES.find((page) => adminRouteId(page) === routeId);
}
