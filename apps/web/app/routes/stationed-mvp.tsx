import type { PageHandle } from '~/components/layout/layout-flags';
import { ComingSoon } from '~/components/ComingSoon';
import { routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/stationed-mvp';

export const handle: PageHandle = { hideFooter: true };

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function StationedMvp() {
  return <ComingSoon titleKey="mvp" />;
}
