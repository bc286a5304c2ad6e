import { useMatches } from 'react-router';
import { routeMeta } from '~/lib/route-meta';
import { pageByRouteId } from '~/pages';
import { ComingSoon } from '~/components/ComingSoon';
import type { Route } from './+types/placeholder';

/** Pages of spec 2 that later issues build; each has its URL, title and hreflang links already. */
export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function Placeholder() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  return <ComingSoon titleKey={(leaf && pageByRouteId(leaf.id)?.titleKey) ?? 'default'} />;
}
