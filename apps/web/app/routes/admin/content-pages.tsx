import { ContentPagesScreen } from '~/features/pages/admin/ContentPagesScreen';
import { adminMeta } from '~/routes/admin/admin-meta';
import siteAdminCss from '~/styles/site-admin.css?url';
import type { Route } from './+types/content-pages';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: siteAdminCss }];

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminContentPagesRoute() {
  return <ContentPagesScreen />;
}
