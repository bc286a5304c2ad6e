import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';

/**
 * The foot of a keyset-paged back-office list: "load more" while the server has another page, "no
 * more" once a non-empty list is complete.
 */
export function LoadMore({
  query,
  shown,
  testId,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  /** Rows on screen: an empty list says nothing. */
  shown: number;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-more">
      {query.hasNextPage ? (
        <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid={testId}>
          {t('loadMore')}
        </Button>
      ) : shown > 0 ? (
        <span className="admin-muted">{t('noMore')}</span>
      ) : null}
    </div>
  );
}
