import { QueryClient } from '@tanstack/react-query';

/**
 * Query defaults for the portal. No retries: the request client already tells the visitor what went
 * wrong (spec 8) and a retry would repeat the toast. Data from the server render stays fresh for a
 * minute, so hydration does not fetch it again; a failed query is not re-asked (and re-toasted) just
 * because another block mounts it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: false, retryOnMount: false, refetchOnWindowFocus: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The browser's single query client, shared by the root component and the client loaders. */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}
