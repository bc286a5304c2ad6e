import { queryOptions } from '@tanstack/react-query';
import type { CallBody, CallContract, CallData } from '@portal/contracts/call';
import type { Site } from '@portal/contracts/sites';
import { callFromBrowser } from './browser-call.client';

/**
 * The query key of a call's answer: the call, the site and the body, always derived from the
 * contract (no query key is written by hand). Without `body`, the prefix of every answer of that
 * call on that site; without `siteCode` too, on every site (what a write invalidates).
 */
export function callKey(contract: CallContract, siteCode?: string, body?: unknown): readonly unknown[] {
  if (siteCode === undefined) return ['call', contract.id];
  return body === undefined ? ['call', contract.id, siteCode] : ['call', contract.id, siteCode, body];
}

/** What a query calls, kept on the query so the server can run the same call in-process. */
export interface CallQueryMeta {
  contract: CallContract;
  siteCode: string;
  body: unknown;
}

/**
 * Query options for one API call on one site. The key holds the call id, site and body, so the two
 * languages never share cached data. In the browser the query goes through the request client; on
 * the server, loaders prefetch the same query through `context.api` (prefetch.server.ts).
 */
export function callQuery<C extends CallContract>(contract: C, site: Site, body: CallBody<C>) {
  const meta: CallQueryMeta = { contract, siteCode: site.apply_site, body };
  return queryOptions<CallData<C>>({
    queryKey: callKey(contract, site.apply_site, body),
    queryFn: () => callFromBrowser(contract, site.apply_site, body),
    meta: { call: meta },
  });
}

/** Any call query, whatever its data type: what loaders prefetch. */
export interface CallQuery {
  queryKey: readonly unknown[];
  queryFn?: unknown;
  meta?: Record<string, unknown>;
}

export function callOf(query: CallQuery): CallQueryMeta {
  return query.meta?.call as CallQueryMeta;
}
