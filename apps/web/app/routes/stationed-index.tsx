import { HydrationBoundary } from '@tanstack/react-query';
import { directoryFiltersFromSearch, directoryQueries } from '~/features/experts/api/directory-queries';
import { ExpertDirectoryPage } from '~/features/experts/components/ExpertDirectoryPage';
import mvpCss from '~/features/experts/components/mvp-page.css?url';
import { catalogueOf } from '~/lib/catalogue';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/stationed-index';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: mvpCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const filters = directoryFiltersFromSearch(url.search);
  return { filters, dehydratedState: await prefetchCalls(context, directoryQueries(site, filters)) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const filters = directoryFiltersFromSearch(url.search);
  await ensureCalls(directoryQueries(siteOfPage(url.pathname, undefined), filters));
  return { filters, dehydratedState: null };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { titleKey: 'stationed', description: (lang) => catalogueOf(lang).experts.dirDescription });

export default function StationedIndex({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ExpertDirectoryPage filters={loaderData.filters} />
    </HydrationBoundary>
  );
}
