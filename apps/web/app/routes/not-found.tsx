import { data } from 'react-router';
import { ErrorPage } from '~/components/ErrorPage';
import { routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { titleKey: 'notFound', indexable: false });

export default function NotFound() {
  return <ErrorPage code={404} titleKey="notFound" textKey="notFoundText" />;
}
