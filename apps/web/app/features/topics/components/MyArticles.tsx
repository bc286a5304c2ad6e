import Button from 'antd/es/button';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import { PAGE_SIZE, REVIEW_STATUS } from '@portal/contracts/constants';
import { siteById } from '@portal/contracts/sites';
import { topicArticleMine, type MyArticle } from '@portal/contracts/topic-articles-mine';
import { topicArticlePath } from '@portal/contracts/topics';
import { DateTime } from '~/components/DateTime';
import { useCallPages } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';

const STATUS_COLOR: Record<number, string> = {
  [REVIEW_STATUS.pending]: 'processing',
  [REVIEW_STATUS.approved]: 'success',
  [REVIEW_STATUS.rejected]: 'error',
  [REVIEW_STATUS.withdrawn]: 'default',
};

/**
 * "My topic articles" in the personal centre: the member's articles on every site, newest first,
 * each with its review status (a rejection with its reason) and a link to its page, where the
 * author edits, withdraws (while pending) or deletes it.
 */
export default function MyArticles() {
  const { t } = useTranslation('topics');
  const { t: tr } = useTranslation('reviews');
  const { site } = useShell();
  const query = useCallPages(
    topicArticleMine,
    { limit: PAGE_SIZE },
    { site, list: 'mine', silent: true, staleTime: 0 },
  );
  const articles = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="accounts-section my-posts" aria-labelledby="my-articles-title" data-testid="my-articles">
      <h2 id="my-articles-title">{t('ui.mineTitle')}</h2>
      <List<MyArticle>
        loading={query.isPending}
        dataSource={articles}
        locale={{ emptyText: t('ui.mineEmpty') }}
        renderItem={(article) => (
          <List.Item data-testid={`my-article-${article.ttar_id}`}>
            <List.Item.Meta
              title={
                <span className="my-posts__title">
                  <Tag color={STATUS_COLOR[article.status] ?? 'default'}>{tr(`status.${article.status}`)}</Tag>
                  <a href={topicArticlePath(siteById(article.tws_id)?.prefix ?? site.prefix, article.ttar_id)}>
                    {article.ttar_title}
                  </a>
                </span>
              }
              description={
                <>
                  {article.tt_title} · <DateTime iso={article.create_time} />
                  {article.status === REVIEW_STATUS.rejected && article.review_reason ? (
                    <div className="my-posts__reason">{tr('mine.reason', { reason: article.review_reason })}</div>
                  ) : null}
                </>
              }
            />
          </List.Item>
        )}
      />
      {query.hasNextPage ? (
        <div className="my-posts__more">
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('ui.mineMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
