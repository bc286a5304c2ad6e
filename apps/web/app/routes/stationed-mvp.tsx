import { HydrationBoundary } from '@tanstack/react-query';
import type { PageHandle } from '~/components/layout/layout-flags';
import {
  kindFromSearch,
  mvpAwardsFirstPageQuery,
  mvpFirstPageQuery,
  yearFromSearch,
} from '~/features/experts/api/mvp-queries';
import { MvpPage } from '~/features/experts/components/MvpPage';
import mvpCss from '~/features/experts/components/mvp-page.css?url';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/stationed-mvp';

/** Spec 2: "MVP page (no footer)". */
export const handle: PageHandle = { hideFooter: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: mvpCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const kind = kindFromSearch(url.search);
  const year = yearFromSearch(url.search);
  return {
    kind,
    year,
    dehydratedState: await prefetchCalls(context, [mvpFirstPageQuery(site, kind), mvpAwardsFirstPageQuery(site, year)]),
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const kind = kindFromSearch(url.search);
  const year = yearFromSearch(url.search);
  const site = siteOfPage(url.pathname, undefined);
  await ensureCalls([mvpFirstPageQuery(site, kind), mvpAwardsFirstPageQuery(site, year)]);
  return { kind, year, dehydratedState: null };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function StationedMvp({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <MvpPage kind={loaderData.kind} year={loaderData.year} />
    </HydrationBoundary>
  );
}
