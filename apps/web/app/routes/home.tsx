import { HydrationBoundary } from '@tanstack/react-query';
import { homeQueries } from '~/features/home/api/home-queries';
import { HomePage } from '~/features/home/components/HomePage';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  return { dehydratedState: await prefetchCalls(context, homeQueries(site)) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await ensureCalls(homeQueries(siteOfPage(new URL(request.url).pathname, undefined)));
  return { dehydratedState: null };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <HomePage />
    </HydrationBoundary>
  );
}
