import { HydrationBoundary } from '@tanstack/react-query';
import { contentPageQuery, contentSlugOf } from '~/features/pages/api/content-page-query';
import { ContentPage } from '~/features/pages/components/ContentPage';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/content-page';

/** About, terms of use and privacy policy: one module, the page's slug is the last part of its path. */
function pageOf(request: Request) {
  const { pathname } = new URL(request.url);
  return { site: siteOfPage(pathname, undefined), slug: contentSlugOf(pathname) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, slug } = pageOf(request);
  return { slug, dehydratedState: await prefetchCalls(context, [contentPageQuery(site, slug)]) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { site, slug } = pageOf(request);
  await ensureCalls([contentPageQuery(site, slug)]);
  return { slug, dehydratedState: null };
}

export const meta: Route.MetaFunction = (args) => routeMeta(args);

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ContentPage slug={loaderData.slug} />
    </HydrationBoundary>
  );
}
