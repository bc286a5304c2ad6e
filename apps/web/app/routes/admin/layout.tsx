import { Outlet } from 'react-router';
import { backOfficeCatalogues } from '@portal/locales/back-office';
import { cooperationBackOfficeCatalogues } from '@portal/locales/cooperation';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { ADMIN_PAGES } from '~/admin-pages';
import { AdminFrame } from '~/features/admin/AdminFrame';
import { AdminLoading } from '~/features/admin/AdminLoading';
import adminCss from '~/features/admin/admin.css?url';
import { adminMeta } from './admin-meta';
import { loadAdminFrame } from '~/features/admin/load-admin-frame';
import { addTexts } from '~/lib/i18n';
import type { Route } from './+types/layout';
import { PortalAntd } from '~/lib/PortalAntd';

// The back office's texts come with its chunk; portal pages never download them.
addTexts(backOfficeCatalogues);
addTexts(cooperationBackOfficeCatalogues);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];

/** Staff only, in the browser: visitors go to the login page, other members to /401. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAdminFrame(request);
}
clientLoader.hydrate = true as const;

/** The server sends only this loading shell; the frame and its data come in the browser. */
export function HydrateFallback() {
  return <AdminLoading />;
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PortalAntd>
      <AdminFrame data={loaderData} pages={ADMIN_PAGES}>
        <Outlet />
      </AdminFrame>
    </PortalAntd>
  );
}

/** The context could not be loaded (network, server error): say so and offer to try again. */
export function ErrorBoundary() {
  const { t } = useTranslation('admin');
  return (
    <Result
      status="error"
      title={t('loadFailed')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('retry')}
        </Button>
      }
    />
  );
}
