import type { CallData } from '@portal/contracts/call';
import { PAGE_SIZE } from '@portal/contracts/constants';
import { dictList, type DictionaryKind } from '@portal/contracts/dictionaries';
import { commentList, POST_TYPE, postInfo } from '@portal/contracts/discussions';
import { postList } from '@portal/contracts/home';
import type { Site } from '@portal/contracts/sites';
import { callQuery, type CallQuery } from '~/lib/query/call-query';
import { useCallPages, type Invalidates } from '~/lib/query/use-call';
import type { ListFilters } from './list-filters';

/** A dictionary of the site (boards, industries, scenes) for the list's filters. */
export const dictionaryQuery = (site: Site, kind: DictionaryKind) => callQuery(dictList, site, { kind });

/**
 * A post as its page shows it. Asked once per page load (the server counts the view); the browser
 * reuses the server's answer through hydration.
 */
export const postInfoQuery = (site: Site, postId: number) => callQuery(postInfo, site, { tp_id: postId });

/** The first page of a post's comments (answers): prefetched by the loaders. */
export const commentsFirstPageQuery = (site: Site, postId: number) =>
  callQuery(commentList, site, { tp_id: postId, limit: PAGE_SIZE });

/** What a comment write makes stale: the post's comment pages and the post (counts, accepted answer). */
export const commentCalls = (site: Site, postId: number): Invalidates[] => [
  { call: commentList, site: site.apply_site, body: { tp_id: postId } },
  { call: postInfo, site: site.apply_site, body: { tp_id: postId } },
];

/** The post's comments with "load more": the first page from the prefetched query, then by cursor. */
export function useComments(site: Site, postId: number) {
  return useCallPages(commentList, { tp_id: postId, limit: PAGE_SIZE }, { site, firstPage: true });
}

/** The body of `postList` for the list's filters (the first page; later pages add `cursor`). */
export function postListBody(filters: ListFilters) {
  return {
    ...(filters.board !== null ? { tp_board_id: filters.board } : {}),
    ...(filters.industry !== null ? { tp_hy_dd_id: filters.industry } : {}),
    ...(filters.scene !== null ? { tp_cj_dd_id: filters.scene } : {}),
    ...(filters.type !== 'all' ? { tp_type: POST_TYPE[filters.type] } : {}),
    sort: filters.sort,
    with_pinned: true,
    limit: PAGE_SIZE,
  };
}

export type PostListEntry = CallData<typeof postList>['list'][number];

/** The first page of the list for these filters: what the loaders prefetch and the server renders. */
export const postListFirstPageQuery = (site: Site, filters: ListFilters) =>
  callQuery(postList, site, postListBody(filters));

/** Everything the list page shows: the three dictionaries of its filters and the first page. */
export const discussListQueries = (site: Site, filters: ListFilters): CallQuery[] => [
  dictionaryQuery(site, 'board'),
  dictionaryQuery(site, 'industry'),
  dictionaryQuery(site, 'scene'),
  postListFirstPageQuery(site, filters),
];

/** The list with "load more": the prefetched first page, then pages by `next_cursor` (15 each). */
export function usePostList(site: Site, filters: ListFilters) {
  return useCallPages(postList, postListBody(filters), { site, firstPage: true });
}
