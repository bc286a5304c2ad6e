import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { SITES } from '@portal/contracts/sites';
import { ADMIN_PAGES, adminRouteId } from './admin-pages';
import { ERROR_PAGES, SITE_PAGES, siteRouteId } from './pages';

/**
 * The one route table. The `/cn` and `/en` sets are generated from the same page list, so they
 * cannot drift apart (spec 2: identical shapes).
 */
export default [
  // `/` goes to the stored language's home page; the page host answers it before React Router.
  index('routes/root-redirect.tsx', { id: 'root-redirect' }),
  route(ERROR_PAGES.notFound.path, ERROR_PAGES.notFound.file, { id: ERROR_PAGES.notFound.id }),
  route(ERROR_PAGES.noPermission.path, ERROR_PAGES.noPermission.file, { id: ERROR_PAGES.noPermission.id }),
  ...SITES.flatMap((site) =>
    SITE_PAGES.map((page) => route(`${site.prefix}/${page.path}`, page.file, { id: siteRouteId(site.prefix, page) })),
  ),
  // The back office: one layout (staff only, rendered in the browser) around the screens of admin-pages.ts.
  route(
    'admin',
    'routes/admin/layout.tsx',
    { id: 'admin' },
    ADMIN_PAGES.map((page) =>
      page.path
        ? route(page.path, page.file, { id: adminRouteId(page) })
        : index(page.file, { id: adminRouteId(page) }),
    ),
  ),
  // Anything else goes to the root (spec 2).
  route('*', 'routes/unmatched.tsx', { id: 'unmatched' }),
] satisfies RouteConfig;
