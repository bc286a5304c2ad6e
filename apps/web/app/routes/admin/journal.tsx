import { JournalScreen } from '~/features/journal/admin/JournalScreen';
import { adminMeta } from '~/routes/admin/admin-meta';
import siteAdminCss from '~/styles/site-admin.css?url';
import type { Route } from './+types/journal';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: siteAdminCss }];

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminJournalRoute() {
  return <JournalScreen />;
}
