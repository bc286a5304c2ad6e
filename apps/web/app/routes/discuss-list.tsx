import { HydrationBoundary } from '@tanstack/react-query';
import { catalogueOf } from '~/lib/catalogue';
import { discussListQueries } from '~/features/discussions/api/discuss-queries';
import { filtersFromSearch } from '~/features/discussions/api/list-filters';
import { listMeta } from '~/features/discussions/api/list-meta';
import discussCss from '~/features/discussions/components/discussions.css?url';
import { DiscussListPage } from '~/features/discussions/components/DiscussListPage';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { pageTitle } from '~/lib/seo';
import { siteOfPage } from '~/lib/site';
import { metaPlace } from '~/lib/route-meta';
import type { Route } from './+types/discuss-list';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: discussCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const filters = filtersFromSearch(url.search);
  return { filters, dehydratedState: await prefetchCalls(context, discussListQueries(site, filters)) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const filters = filtersFromSearch(url.search);
  await ensureCalls(discussListQueries(siteOfPage(url.pathname, undefined), filters));
  return { filters, dehydratedState: null };
}

export const meta: Route.MetaFunction = (args) => {
  const { location, loaderData } = args;
  const { site, origin } = metaPlace(args);
  return listMeta({
    origin,
    site,
    filters: loaderData?.filters ?? filtersFromSearch(location.search),
    title: pageTitle(site.lang, 'discuss'),
    description: catalogueOf(site.lang).discuss.ui.listDescription,
  });
};

export default function DiscussList({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <DiscussListPage filters={loaderData.filters} />
    </HydrationBoundary>
  );
}
