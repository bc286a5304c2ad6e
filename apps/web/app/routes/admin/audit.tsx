import { adminMeta } from '~/routes/admin/admin-meta';
import { AuditScreen } from '~/features/audit/admin/AuditScreen';
import type { Route } from './+types/audit';

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminAuditRoute() {
  return <AuditScreen />;
}
