import { HydrationBoundary } from '@tanstack/react-query';
import { cooperationCatalogues } from '@portal/locales/cooperation';
import { cooperationListQuery, kindParam, partnersQuery } from '~/features/cooperation/api/cooperation-queries';
import cooperationCss from '~/features/cooperation/components/cooperation.css?url';
import { CooperationHomePage } from '~/features/cooperation/components/CooperationHomePage';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/cooperate-index';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: cooperationCss }];

function place(request: Request) {
  const url = new URL(request.url);
  return { site: siteOfPage(url.pathname, undefined), kind: kindParam(url.searchParams.get('kind')) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, kind } = place(request);
  return {
    kind,
    dehydratedState: await prefetchCalls(context, [cooperationListQuery(site, kind), partnersQuery(site)]),
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { site, kind } = place(request);
  await ensureCalls([cooperationListQuery(site, kind), partnersQuery(site)]);
  return { kind, dehydratedState: null };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { description: (lang) => cooperationCatalogues[lang].cooperation.description });

export default function CooperateIndex({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <CooperationHomePage kind={loaderData.kind} />
    </HydrationBoundary>
  );
}
