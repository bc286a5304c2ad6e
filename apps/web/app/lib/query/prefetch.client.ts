import type { QueryFunction } from '@tanstack/react-query';
import type { Site } from '@portal/contracts/sites';
import { requestClient } from '~/lib/request/client';
import { callOf, type CallQuery } from './call-query';
import type { DetailPageData, DetailPageSpec } from './detail-page';
import { browserQueryClient } from './query-client';

/**
 * Client loaders: makes sure `queries` are in the browser's cache before the page renders (fresh
 * cached data is reused, anything else is fetched through the request client). Failures do not
 * block the navigation; the block shows its empty state and the request client has told the
 * visitor.
 */
export async function ensureCalls(queries: readonly CallQuery[]): Promise<void> {
  const client = browserQueryClient();
  await Promise.all(
    queries.map((query) =>
      client
        .ensureQueryData({ queryKey: query.queryKey, queryFn: query.queryFn as QueryFunction })
        .catch(() => undefined),
    ),
  );
}

/**
 * Loads a detail page in the browser: the item from the cache or a silent call (a missing item is
 * the page's own 404, not the request client's toast), then its blocks.
 */
export async function loadDetailPageInBrowser<Item, Head>(
  site: Site,
  spec: DetailPageSpec<Item, Head>,
  id: number,
  blocks: readonly CallQuery[] = [],
): Promise<DetailPageData<Head>> {
  const client = browserQueryClient();
  const detail = spec.detail(site, id);
  let item = client.getQueryData<Item>(detail.queryKey);
  if (item === undefined) {
    const { contract, body } = callOf(detail);
    const result = await requestClient.call(contract, body as never, { siteCode: site.apply_site, silent: true });
    if (result.ok) {
      item = result.data as Item;
      client.setQueryData(detail.queryKey, item);
    }
  }
  if (item === undefined) return { id, head: null, dehydratedState: null };
  await ensureCalls(blocks);
  return { id, head: spec.headOf(item), dehydratedState: null };
}
