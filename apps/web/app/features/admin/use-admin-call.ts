import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import type { CallBody, CallContract, CallData } from '@portal/contracts/call';
import type { Envelope } from '@portal/contracts/envelope';
import { callFromBrowser } from '~/lib/query/browser-call.client';
import { CallFailedError } from '~/lib/query/call-error';
import { requestClient } from '~/lib/request/client';
import { toast } from '~/lib/toast';
import { useAdminSite } from './admin-context';

/** Every back-office query of a site starts with this key, so a write can refresh them all. */
export const adminQueryKey = (siteCode: string, contract?: CallContract, body?: unknown): QueryKey =>
  contract ? ['admin', siteCode, contract.id, body ?? {}] : ['admin', siteCode];

/**
 * Reads one back-office call on the managed site through the request client (spec 7 headers, spec 8
 * toasts on failure) and TanStack Query. The key holds the site, so switching sites never shows the
 * other site's data.
 */
export function useAdminQuery<C extends CallContract>(
  contract: C,
  body: CallBody<C>,
  options: { enabled?: boolean; staleTime?: number; refetchInterval?: number } = {},
) {
  const { siteCode } = useAdminSite();
  return useQuery<CallData<C>>({
    queryKey: adminQueryKey(siteCode, contract, body),
    queryFn: () => callFromBrowser(contract, siteCode, body),
    staleTime: options.staleTime ?? 30_000,
    enabled: options.enabled,
    refetchInterval: options.refetchInterval,
  });
}

/** What a keyset-paged list answers (`pageOf` in contracts/pagination.ts). */
interface Paged {
  next_cursor: string | null;
}

/**
 * A keyset-paged back-office list: `pages` holds what was loaded, `fetchNextPage()` loads the next
 * page after the last `next_cursor` ("load more"). `body` is the filter without the cursor.
 */
export function useAdminPagedQuery<C extends CallContract>(
  contract: C,
  body: Omit<CallBody<C>, 'cursor'>,
  options: { enabled?: boolean } = {},
) {
  const { siteCode } = useAdminSite();
  return useInfiniteQuery<CallData<C>, Error, InfiniteData<CallData<C>>, QueryKey, string | undefined>({
    queryKey: adminQueryKey(siteCode, contract, body),
    queryFn: ({ pageParam }) =>
      callFromBrowser(contract, siteCode, { ...body, ...(pageParam ? { cursor: pageParam } : {}) } as CallBody<C>),
    initialPageParam: undefined,
    getNextPageParam: (last) => (last as Paged).next_cursor ?? undefined,
    staleTime: 30_000,
    enabled: options.enabled,
  });
}

/** A failed back-office write, with the server's envelope (for a 40001's field messages). */
export class AdminCallError extends CallFailedError {
  constructor(
    callId: string,
    message: string,
    readonly envelope: Envelope<unknown> | undefined,
  ) {
    super(callId, message, envelope?.status);
  }
}

/**
 * A back-office write on the managed site. On success the server's msg is shown as a success toast
 * (unless `successToast: false`) and every back-office query of the site is refreshed; on failure
 * the request client has already shown the server's message, and the mutation fails with an
 * `AdminCallError` carrying the envelope.
 */
export function useAdminCall<C extends CallContract>(contract: C, options: { successToast?: boolean } = {}) {
  const { siteCode } = useAdminSite();
  const queryClient = useQueryClient();
  return useMutation<CallData<C>, AdminCallError, CallBody<C>>({
    mutationKey: ['admin', siteCode, contract.id],
    mutationFn: async (body) => {
      const result = await requestClient.call(contract, body, { siteCode });
      if (!result.ok) throw new AdminCallError(contract.id, result.error.message, result.envelope);
      if (options.successToast !== false && result.envelope.msg) toast.success(result.envelope.msg);
      return result.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey(siteCode) }),
  });
}
