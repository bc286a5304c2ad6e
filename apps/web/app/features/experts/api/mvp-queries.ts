import { PAGE_SIZE } from '@portal/contracts/constants';
import { EXPERT_LIST_KINDS, mvpList, type ExpertListKind } from '@portal/contracts/experts';
import type { Site } from '@portal/contracts/sites';
import { callQuery } from '~/lib/query/call-query';
import { useCallPages } from '~/lib/query/use-call';

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
  return useCallPages(mvpList, { kind, limit: PAGE_SIZE }, { site, firstPage: true });
}
