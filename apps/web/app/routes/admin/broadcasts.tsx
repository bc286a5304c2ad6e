import { BroadcastsScreen } from '~/features/members-admin/admin/BroadcastsScreen';
import { adminMeta } from '~/routes/admin/admin-meta';
import type { Route } from './+types/broadcasts';

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminBroadcastsRoute() {
  return <BroadcastsScreen />;
}
