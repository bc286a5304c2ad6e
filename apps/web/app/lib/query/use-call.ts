import { createContext, useCallback, useContext } from 'react';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { CallBody, CallContract, CallData } from '@portal/contracts/call';
import type { Envelope } from '@portal/contracts/envelope';
import type { Site } from '@portal/contracts/sites';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { callFromBrowser } from './browser-call.client';
import { CallFailedError } from './call-error';
import { callKey, callQuery } from './call-query';

/*
 * The one way the web app reads and writes through the API, portal and back office alike:
 *
 *   const board = useCall(dictList, { kind: 'board' });                    // one answer
 *   const posts = useCallPages(postList, { sort: 'new' });                 // keyset pages, "load more"
 *   const save = useCallMutation(adminPageUpdate, { invalidates: [pageContent] });
 *
 * Query keys come from the contract, the site and the body (`callKey`); a write names the calls
 * whose cached answers it makes stale, never "everything". Loaders prefetch the same keys on the
 * server (`callQuery` + prefetch.server.ts), so a hydrated page asks nothing again.
 */

/** Where calls go and how long their answers stay fresh, for the components below. */
export interface CallScope {
  /** The site code of `/api/{site}/…`. */
  siteCode: string;
  /** How long an answer stays fresh (ms); the query client's default (a minute) when unset. */
  staleTime?: number;
}

/**
 * Overrides the page's site for the calls below it: the back office calls the managed site, not
 * the site of the interface language. Without it, calls go to the shell's site.
 */
export const CallScopeContext = createContext<CallScope | null>(null);

/** The scope of calls here: the nearest `CallScopeContext`, else the page's site. */
export function useCallScope(site?: Site): CallScope {
  const scope = useContext(CallScopeContext);
  const shell = useShell();
  if (site) return { ...scope, siteCode: site.apply_site };
  return scope ?? { siteCode: shell.site.apply_site };
}

/**
 * `options` without its unset entries: an explicit `undefined` would override the query client's
 * defaults (a minute's freshness, no refetch on focus) instead of leaving them.
 */
function defined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Options every read takes. */
export interface CallReadOptions {
  /** The site to call instead of the scope's (portal hooks that are given a site). */
  site?: Site;
  enabled?: boolean;
  staleTime?: number;
  refetchInterval?: number;
}

/**
 * One call's answer, cached under the call, site and body. A query prefetched by a loader (same
 * contract, site and body) is found in the cache and not asked again.
 */
export function useCall<C extends CallContract>(contract: C, body: CallBody<C>, options: CallReadOptions = {}) {
  const scope = useCallScope(options.site);
  const base = callQuery(contract, { apply_site: scope.siteCode } as Site, body);
  return useQuery<CallData<C>>({
    ...base,
    ...defined({
      staleTime: options.staleTime ?? scope.staleTime,
      enabled: options.enabled,
      refetchInterval: options.refetchInterval,
    }),
  });
}

/** What a keyset-paged call answers (`pageOf` in contracts/pagination.ts). */
interface Paged {
  next_cursor?: string | null;
}

/** The body of a paged call without its cursor: the filters. */
export type PagesBody<C extends CallContract> = Omit<CallBody<C>, 'cursor'>;

export type CallPages<C extends CallContract> = InfiniteData<CallData<C>, string | null>;

export interface CallPagesOptions {
  /** Asked without the request client's toasts (a background poll); the caller shows failures. */
  silent?: boolean;
  /**
   * A name for a list whose pages are one thing whatever the body (the member's `'inbox'`): the key
   * is the call, site and this name instead of the body.
   */
  list?: string;
  /**
   * Who the answer belongs to, when the body does not say (the signed-in member's inbox): part of
   * the key, so one member's cached pages are never shown to the next.
   */
  owner?: string | number;
  staleTime?: number;
  refetchInterval?: number;
  refetchOnWindowFocus?: boolean;
}

/**
 * Query options of a keyset-paged call: pages by `cursor` → `next_cursor`, under the call's key
 * plus `'pages'` (or under the call, site and list name), and the owner if any. For hooks and for `setQueryData` on the same cache entry.
 */
export function callPagesQuery<C extends CallContract>(
  contract: C,
  siteCode: string,
  body: PagesBody<C>,
  options: CallPagesOptions = {},
) {
  const key = [
    ...(options.list === undefined
      ? [...callKey(contract, siteCode, body), 'pages']
      : [...callKey(contract, siteCode), options.list]),
    ...(options.owner === undefined ? [] : [options.owner]),
  ];
  return infiniteQueryOptions<CallData<C>, Error, CallPages<C>, readonly unknown[], string | null>({
    queryKey: key,
    queryFn: ({ pageParam }) =>
      callFromBrowser(contract, siteCode, (pageParam ? { ...body, cursor: pageParam } : body) as CallBody<C>, {
        silent: options.silent,
      }),
    initialPageParam: null,
    getNextPageParam: (page) => (page as Paged).next_cursor ?? null,
    ...defined({
      staleTime: options.staleTime,
      refetchInterval: options.refetchInterval,
      refetchOnWindowFocus: options.refetchOnWindowFocus,
    }),
  });
}

/**
 * A keyset-paged list with "load more" (`fetchNextPage()` after the last `next_cursor`); `body` is
 * the filter without the cursor. With `firstPage: true` the first page is the answer of
 * `useCall(contract, body)` (what the loaders prefetched and the server rendered), so hydration asks
 * nothing and only later pages are fetched.
 */
export function useCallPages<C extends CallContract>(
  contract: C,
  body: PagesBody<C>,
  options: CallReadOptions & CallPagesOptions & { firstPage?: boolean } = {},
) {
  const scope = useCallScope(options.site);
  const seeded = options.firstPage === true;
  const first = useQuery<CallData<C>>({
    ...callQuery(contract, { apply_site: scope.siteCode } as Site, body as CallBody<C>),
    enabled: seeded,
  });
  const query = callPagesQuery(contract, scope.siteCode, body, {
    ...options,
    staleTime: options.staleTime ?? scope.staleTime,
  });
  const enabled = seeded ? first.data !== undefined : options.enabled;
  return useInfiniteQuery({
    ...query,
    ...(seeded
      ? {
          initialData: first.data ? { pages: [first.data], pageParams: [null] } : undefined,
          initialDataUpdatedAt: first.dataUpdatedAt,
        }
      : {}),
    ...defined({ enabled }),
  });
}

/**
 * A call whose cached answers a write makes stale: every answer of the contract, or only those
 * whose body includes `body` (`{ call: commentList, body: { tp_id } }`: one post's comments).
 */
export type Invalidates = CallContract | { call: CallContract; site?: string; body?: object };

/** Marks the named calls' cached answers stale; those on screen are asked again. */
export function invalidateCalls(queryClient: QueryClient, invalidates: readonly Invalidates[]): Promise<void> {
  return Promise.all(
    invalidates.map((entry) => {
      const { call, site, body } = 'call' in entry ? entry : { call: entry, site: undefined, body: undefined };
      const queryKey = body === undefined ? callKey(call, site) : callKey(call, site ?? '', body);
      return site === undefined && body !== undefined
        ? queryClient.invalidateQueries({
            predicate: (q) => q.queryKey[0] === 'call' && q.queryKey[1] === call.id && matchesBody(q.queryKey[3], body),
          })
        : queryClient.invalidateQueries({ queryKey });
    }),
  ).then(() => undefined);
}

function matchesBody(key: unknown, body: object): boolean {
  if (typeof key !== 'object' || key === null) return false;
  return Object.entries(body).every(([k, v]) => (key as Record<string, unknown>)[k] === v);
}

/** `invalidateCalls` bound to the page's query client, for writes that are not a `useCallMutation`. */
export function useInvalidateCalls(): (invalidates: readonly Invalidates[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((invalidates) => invalidateCalls(queryClient, invalidates), [queryClient]);
}

/** A failed write, with the server's envelope (for a 40001's field messages). */
export class CallMutationError extends CallFailedError {
  constructor(
    callId: string,
    message: string,
    readonly envelope: Envelope<unknown> | undefined,
  ) {
    super(callId, message, envelope?.status);
  }
}

export interface CallMutationOptions<C extends CallContract> {
  /** The calls whose cached answers this write makes stale (refreshed on success). */
  invalidates?: readonly Invalidates[] | ((body: CallBody<C>) => readonly Invalidates[]);
  /** Refresh `invalidates` after a failed write too (a refusal may mean the state moved on). */
  invalidateOnError?: boolean;
  /** Show the server's msg as a success toast (default true). */
  successToast?: boolean;
  site?: Site;
}

/**
 * A write through the request client on the scope's site. On success the server's msg is shown
 * (unless `successToast: false`) and the calls named in `invalidates` are refreshed; on failure the
 * request client has already told the member, and the mutation fails with a `CallMutationError`
 * carrying the envelope.
 */
export function useCallMutation<C extends CallContract>(contract: C, options: CallMutationOptions<C> = {}) {
  const { siteCode } = useCallScope(options.site);
  const queryClient = useQueryClient();
  return useMutation<CallData<C>, CallMutationError, CallBody<C>>({
    mutationKey: callKey(contract, siteCode),
    mutationFn: async (body) => {
      const result = await requestClient.call(contract, body, { siteCode });
      if (!result.ok) throw new CallMutationError(contract.id, result.error.message, result.envelope);
      if (options.successToast !== false && result.envelope.msg) toast.success(result.envelope.msg);
      return result.data;
    },
    onSettled: (_data, error, body) => {
      if (error && !options.invalidateOnError) return undefined;
      const named = typeof options.invalidates === 'function' ? options.invalidates(body) : options.invalidates;
      return named?.length ? invalidateCalls(queryClient, named) : undefined;
    },
  });
}
