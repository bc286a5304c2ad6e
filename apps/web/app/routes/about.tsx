import { HydrationBoundary } from '@tanstack/react-query';
import { aboutQuery } from '~/features/pages/api/about-query';
import { AboutPage } from '~/features/pages/components/AboutPage';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/about';

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  return { dehydratedState: await prefetchCalls(context, [aboutQuery(site)]) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await ensureCalls([aboutQuery(siteOfPage(new URL(request.url).pathname, undefined))]);
  return { dehydratedState: null };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <AboutPage />
    </HydrationBoundary>
  );
}
