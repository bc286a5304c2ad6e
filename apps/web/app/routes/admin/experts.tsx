import { adminMeta } from '~/routes/admin/admin-meta';
import { ExpertsAdminScreen } from '~/features/experts/admin/ExpertsAdminScreen';
import { MvpAdminSection } from '~/features/experts/admin/MvpAdminSection';
import type { Route } from './+types/experts';

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminExpertsRoute() {
  return (
    <>
      <ExpertsAdminScreen />
      <MvpAdminSection />
    </>
  );
}
