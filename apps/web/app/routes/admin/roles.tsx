import { RolesScreen } from '~/features/roles/admin/RolesScreen';
import { adminMeta } from '~/routes/admin/admin-meta';
import type { Route } from './+types/roles';

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminRolesRoute() {
  return <RolesScreen />;
}
