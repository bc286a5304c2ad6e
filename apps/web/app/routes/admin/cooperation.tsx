import { adminMeta } from '~/routes/admin/admin-meta';
import { CooperationScreen } from '~/features/cooperation/admin/CooperationScreen';
import type { Route } from './+types/cooperation';

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminCooperationRoute() {
  return <CooperationScreen />;
}
