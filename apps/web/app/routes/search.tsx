import { HydrationBoundary } from '@tanstack/react-query';
import { catalogueOf } from '~/lib/catalogue';
import { keyProblem, searchFiltersOf } from '~/features/search/api/search-filters';
import { searchPageQueries } from '~/features/search/api/search-queries';
import searchCss from '~/features/search/components/search.css?url';
import { SearchPage } from '~/features/search/components/SearchPage';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/search';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: searchCss }];

/**
 * The key comes from the path, kind and time from the query. A key the call would refuse (over 20
 * characters, spec 5/9) is not asked: the page says why, in the words of the call's own message.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const filters = searchFiltersOf(params.search_key, url.search);
  return {
    filters,
    problem: keyProblem(filters.key),
    dehydratedState: await prefetchCalls(context, searchPageQueries(site, filters)),
  };
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const filters = searchFiltersOf(params.search_key, url.search);
  await ensureCalls(searchPageQueries(siteOfPage(url.pathname, undefined), filters));
  return { filters, problem: keyProblem(filters.key), dehydratedState: null };
}

/** "{key} - 搜索 - 存储社区"; result pages are not for search engines (robots noindex). */
export const meta: Route.MetaFunction = (args) => {
  const key = args.loaderData?.filters.key.trim() ?? '';
  const tags = routeMeta(args, {
    titleKey: 'search',
    indexable: key === '',
    description: (lang) => catalogueOf(lang).search.ui.lead,
  });
  return key ? tags.map((tag) => ('title' in tag ? { title: `${key} - ${String(tag.title)}` } : tag)) : tags;
};

export default function Search({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <SearchPage filters={loaderData.filters} problem={loaderData.problem} />
    </HydrationBoundary>
  );
}
