import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import List from 'antd/es/list';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Tag from 'antd/es/tag';
import { PAGE_SIZE } from '@portal/contracts/constants';
import { postMine, postWithdraw, type MyPost } from '@portal/contracts/discussions';
import { REVIEW_STATUS } from '@portal/contracts/reviews';
import { siteById } from '@portal/contracts/sites';
import { useCallMutation, useCallPages } from '~/lib/query/use-call';
import { DateTime } from '~/components/DateTime';
import { useShell } from '~/lib/shell';

const STATUS_COLOR: Record<number, string> = {
  [REVIEW_STATUS.pending]: 'processing',
  [REVIEW_STATUS.approved]: 'success',
  [REVIEW_STATUS.rejected]: 'error',
  [REVIEW_STATUS.withdrawn]: 'default',
};

/** Where the author reads a post: its page once published, else the author's preview. */
export function myPostUrl(post: Pick<MyPost, 'tp_id' | 'tws_id' | 'status'>, fallbackPrefix: string): string {
  const prefix = siteById(post.tws_id)?.prefix ?? fallbackPrefix;
  return post.status === REVIEW_STATUS.approved
    ? `/${prefix}/discuss/info/${post.tp_id}`
    : `/${prefix}/discuss/info/${post.tp_id}/1`;
}

/**
 * "My posts" in the personal centre: the member's posts on every site, newest first, each with its
 * review status (pending, published, rejected with the reason, withdrawn), a link to read it, and
 * "withdraw" while it waits for review.
 */
export function MyPosts() {
  const { t } = useTranslation('reviews');
  const { site } = useShell();
  const query = useCallPages(postMine, { limit: PAGE_SIZE }, { site, list: 'mine', silent: true, staleTime: 0 });
  const withdraw = useCallMutation(postWithdraw, { site, invalidates: [postMine], invalidateOnError: true });
  const posts = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <section className="accounts-section my-posts" aria-labelledby="my-posts-title" data-testid="my-posts">
      <h2 id="my-posts-title">{t('mine.title')}</h2>
      {query.isError && !posts.length ? (
        <Result
          status="warning"
          title={t('mine.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('mine.retry')}</Button>}
        />
      ) : (
        <List<MyPost>
          loading={query.isPending}
          dataSource={posts}
          locale={{ emptyText: t('mine.empty') }}
          renderItem={(post) => (
            <List.Item
              data-testid={`my-post-${post.tp_id}`}
              actions={
                post.status === REVIEW_STATUS.pending
                  ? [
                      <Popconfirm
                        key="withdraw"
                        title={t('mine.withdrawConfirm')}
                        okText={t('mine.withdraw')}
                        cancelText={t('mine.cancel')}
                        onConfirm={() => withdraw.mutateAsync({ tp_id: post.tp_id }).catch(() => undefined)}
                      >
                        <Button
                          size="small"
                          disabled={withdraw.isPending}
                          data-testid={`my-post-withdraw-${post.tp_id}`}
                        >
                          {t('mine.withdraw')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <span className="my-posts__title">
                    <Tag color={STATUS_COLOR[post.status] ?? 'default'} data-testid={`my-post-status-${post.tp_id}`}>
                      {t(`status.${post.status}`)}
                    </Tag>
                    {post.is_hidden ? <Tag>{t('mine.hidden')}</Tag> : null}
                    <a href={myPostUrl(post, site.prefix)}>{post.tp_title}</a>
                  </span>
                }
                description={
                  <>
                    <DateTime iso={post.create_time} />
                    {post.status === REVIEW_STATUS.rejected && post.review_reason ? (
                      <div className="my-posts__reason" data-testid={`my-post-reason-${post.tp_id}`}>
                        {t('mine.reason', { reason: post.review_reason })}
                      </div>
                    ) : null}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      {query.hasNextPage ? (
        <div className="my-posts__more">
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('mine.more')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
