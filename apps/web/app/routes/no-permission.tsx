import { data } from 'react-router';
import { ErrorPage } from '~/components/ErrorPage';
import { routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/no-permission';

export function loader() {
  return data(null, { status: 401 });
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { titleKey: 'noPermission', indexable: false });

export default function NoPermission() {
  return <ErrorPage code={401} titleKey="noPermission" textKey="noPermissionText" />;
}
