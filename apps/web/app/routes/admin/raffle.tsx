import { RaffleScreen } from '~/features/raffle/admin/RaffleScreen';
import { adminMeta } from '~/routes/admin/admin-meta';
import siteAdminCss from '~/styles/site-admin.css?url';
import type { Route } from './+types/raffle';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: siteAdminCss }];

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminRaffleRoute() {
  return <RaffleScreen />;
}
