import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { STATUS } from '@portal/contracts/envelope';
import type { PortalLoadContext } from '@portal/contracts/ssr';
import type { Site } from '@portal/contracts/sites';
import { CallFailedError } from './call-error';
import { callOf, type CallQuery } from './call-query';
import { detailIn, type DetailPageData, type DetailPageSpec } from './detail-page';
import { createQueryClient } from './query-client';

/** Runs a call in-process on the server and unwraps its envelope. */
async function callOnServer(context: PortalLoadContext, query: CallQuery): Promise<unknown> {
  const { contract, siteCode, body } = callOf(query);
  const envelope = await context.api.call(contract, siteCode, body as never);
  if (String(envelope.status) === String(STATUS.ok) || String(envelope.status) === '1') return envelope.data;
  throw new CallFailedError(contract.id, envelope.msg, envelope.status);
}

/**
 * Prefetches `queries` through the load context and returns them dehydrated for the page's
 * `HydrationBoundary`. A failed call is left out: its block renders empty on the server and the
 * browser asks again (with the request client's error handling) after hydration.
 */
export async function prefetchCalls(
  context: PortalLoadContext,
  queries: readonly CallQuery[],
): Promise<DehydratedState> {
  const client = createQueryClient();
  await Promise.all(
    queries.map((query) =>
      client.prefetchQuery({ queryKey: query.queryKey, queryFn: () => callOnServer(context, query) }),
    ),
  );
  return dehydrate(client);
}

/** Loads a detail page for a render: the item and its blocks in one round of in-process calls. */
export async function loadDetailPage<Item, Head>(
  context: PortalLoadContext,
  site: Site,
  spec: DetailPageSpec<Item, Head>,
  id: number,
  blocks: readonly CallQuery[] = [],
): Promise<DetailPageData<Head>> {
  const detail = spec.detail(site, id);
  const dehydratedState = await prefetchCalls(context, [detail, ...blocks]);
  const item = detailIn<Item>(dehydratedState, detail);
  return { id, head: item === undefined ? null : spec.headOf(item), dehydratedState };
}
