import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@portal/contracts/constants';
import { EXPERT_LIST_KINDS, mvpList, type ExpertListKind } from '@portal/contracts/experts';
import type { Site } from '@portal/contracts/sites';
import { callFromBrowser } from '~/lib/query/browser-call.client';
import { callQuery } from '~/lib/query/call-query';

/** The programme filter of the MVP page, from `?kind=`; anything else is the whole list. */
export function kindFromSearch(search: string): ExpertListKind {
  const kind = new URLSearchParams(search).get('kind');
  return (EXPERT_LIST_KINDS as readonly string[]).includes(kind ?? '') ? (kind as ExpertListKind) : 'all';
}

/** The first page of the list: what the loaders prefetch and the server renders. */
export const mvpFirstPageQuery = (site: Site, kind: ExpertListKind) =>
  callQuery(mvpList, site, { kind, limit: PAGE_SIZE });

/**
 * The list with "load more": the first page comes from the prefetched query (so the server render
 * and hydration need no request), later pages through the request client with `next_cursor`.
 */
export function useMvpList(site: Site, kind: ExpertListKind) {
  const first = useQuery(mvpFirstPageQuery(site, kind));
  const body = { kind, limit: PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: ['call', mvpList.id, site.apply_site, body, 'pages'],
    queryFn: ({ pageParam }) =>
      callFromBrowser(mvpList, site.apply_site, pageParam ? { ...body, cursor: pageParam } : body),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    initialData: first.data ? { pages: [first.data], pageParams: [null] } : undefined,
    initialDataUpdatedAt: first.dataUpdatedAt,
    enabled: first.data !== undefined,
  });
}
