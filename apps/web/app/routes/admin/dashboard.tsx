import { DashboardScreen } from '~/features/admin/DashboardScreen';
import { adminMeta } from '~/routes/admin/admin-meta';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminDashboardRoute() {
  return <DashboardScreen />;
}
