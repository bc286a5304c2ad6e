import type { ReactNode } from 'react';
import { PortalButton } from './PortalButton';

/** What a keyset-paged list query gives its "load more" (TanStack Query's infinite query). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The foot of a keyset-paged list on a portal page: "load more" while the server has another page,
 * nothing once the list is complete. The back office's lists have `admin/LoadMore`.
 */
export function MoreButton({
  query,
  className,
  testId,
  children,
}: {
  query: PagedQuery;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={className}>
      <PortalButton onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid={testId}>
        {children}
      </PortalButton>
    </div>
  );
}
