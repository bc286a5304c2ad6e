import type { QueryFunction } from '@tanstack/react-query';
import type { CallQuery } from './call-query';
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
