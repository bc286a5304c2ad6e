import { data } from 'react-router';
import type { DehydratedState } from '@tanstack/react-query';
import type { Site } from '@portal/contracts/sites';
import { callOf, type CallQuery } from './call-query';

/**
 * A page of one item (a post, an event, a topic article): its detail call decides the page; the
 * loaders pass the blocks under it (comments, questions) to fetch with it, the server's for the
 * render and the browser's once the item exists (a block whose component fetches its own data when
 * it loads lazily is left to it: naming it in the client loader would pull its call into the
 * page's JavaScript at start). `prefetch.server.ts` loads it for a render and `prefetch.client.ts`
 * in the browser, with the same answer: the item's id, what the page's `<head>` needs of it (null
 * when there is no item to show: the page's own 404), and the dehydrated calls.
 */
export interface DetailPageSpec<Item, Head> {
  /** The item's query, whose call answers the item or refuses (missing, hidden, deleted). */
  detail(site: Site, id: number): CallQuery;
  /** What `<head>` and structured data need of the item. */
  headOf(item: Item): Head;
}

export interface DetailPageData<Head> {
  id: number;
  head: Head | null;
  dehydratedState: DehydratedState | null;
}

/** The page of a malformed id: a 404 without a call. */
export const noDetail = <Head>(): DetailPageData<Head> => ({ id: 0, head: null, dehydratedState: null });

/** The item among prefetched calls: the answer of the detail call, if it succeeded. */
export function detailIn<Item>(state: DehydratedState, detail: CallQuery): Item | undefined {
  const { id } = callOf(detail).contract;
  return state.queries.find((q) => q.queryKey[1] === id)?.state.data as Item | undefined;
}

/** A server loader's answer: the page, with status 404 when it has no item. */
export function detailResponse<T extends { head: unknown }>(page: T) {
  return page.head ? page : data(page, { status: 404 });
}
