import { UsersScreen } from '~/features/members-admin/admin/UsersScreen';
import { adminMeta } from '~/routes/admin/admin-meta';
import type { Route } from './+types/users';

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminUsersRoute() {
  return <UsersScreen />;
}
