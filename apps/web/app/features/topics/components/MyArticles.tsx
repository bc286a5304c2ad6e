import Button from 'antd/es/button';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import { PAGE_SIZE, REVIEW_STATUS } from '@portal/contracts/constants';
import { siteById } from '@portal/contracts/sites';
import { topicArticleMine, type MyArticle } from '@portal/contracts/topic-articles-mine';
import { topicArticleDelete, topicArticleInfo, topicArticlePath, topicArticleWithdraw } from '@portal/contracts/topics';
import { ConfirmAction } from '~/components/ConfirmAction';
import { DateTime } from '~/components/DateTime';
import { useCallPages, useInvalidateCalls } from '~/lib/query/use-call';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { TOPIC_CALLS } from '../api/topic-queries';
import { dispatchPublishArticle } from '../publish/publish-article-events';

const STATUS_COLOR: Record<number, string> = {
  [REVIEW_STATUS.pending]: 'processing',
  [REVIEW_STATUS.approved]: 'success',
  [REVIEW_STATUS.rejected]: 'error',
  [REVIEW_STATUS.withdrawn]: 'default',
};

/**
 * The author's actions on one of their articles (issue 19 item 8, decision 030): edit, which submits
 * it for review again (so a rejected or withdrawn article is resubmitted after editing; the publish
 * dialog edits this site's articles, the other site's are edited on their own page), withdraw while
 * pending, delete (an approved article's points go back: the server's rule).
 */
function ArticleActions({ article }: { article: MyArticle }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const invalidate = useInvalidateCalls();
  const siteCode = (siteById(article.tws_id) ?? site).apply_site;
  const refresh = () => invalidate([{ call: topicArticleMine }, ...TOPIC_CALLS]);
  const edit = async () => {
    const result = await requestClient.call(topicArticleInfo, { ttar_id: article.ttar_id }, { siteCode });
    if (!result.ok) return;
    const a = result.data;
    dispatchPublishArticle({
      edit: {
        ttar_id: a.ttar_id,
        ttar_title: a.ttar_title,
        tt_id: a.tt_id,
        ttar_source: a.ttar_source,
        ttar_source_url: a.ttar_source_url,
        ttar_content: a.ttar_content,
      },
    });
  };
  const withdraw = async () => {
    const result = await requestClient.call(topicArticleWithdraw, { ttar_id: article.ttar_id }, { siteCode });
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    await refresh();
  };
  const remove = async () => {
    const result = await requestClient.call(topicArticleDelete, { ttar_id: article.ttar_id }, { siteCode });
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    await refresh();
  };
  const again = article.status === REVIEW_STATUS.rejected || article.status === REVIEW_STATUS.withdrawn;
  return (
    <span role="group" aria-label={t('ui.authorActions')}>
      {article.tws_id === site.tws_id ? (
        <Button type="link" onClick={() => void edit()} data-testid="my-article-edit">
          {again ? t('ui.resubmit') : t('ui.edit')}
        </Button>
      ) : null}
      {article.status === REVIEW_STATUS.pending ? (
        <ConfirmAction title={t('ui.withdrawConfirm')} onConfirm={withdraw}>
          <Button type="link" data-testid="my-article-withdraw">
            {t('ui.withdraw')}
          </Button>
        </ConfirmAction>
      ) : null}
      <ConfirmAction title={t('ui.deleteConfirm')} onConfirm={remove} danger>
        <Button type="link" danger data-testid="my-article-delete">
          {t('ui.delete')}
        </Button>
      </ConfirmAction>
    </span>
  );
}

/**
 * "My topic articles" in the personal centre: the member's articles on every site, newest first,
 * each with its review status (a rejection with its reason), a link to its page, and the author's
 * actions (edit and resubmit, withdraw while pending, delete).
 */
export default function MyArticles() {
  const { t } = useTranslation('topics');
  const { t: tr } = useTranslation('reviews');
  const { site } = useShell();
  // The first page is the one the centre's loader asked: rendered on the server.
  const query = useCallPages(topicArticleMine, { limit: PAGE_SIZE }, { silent: true, firstPage: true });
  const articles = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="accounts-section my-posts" aria-labelledby="my-articles-title" data-testid="my-articles">
      <h2 id="my-articles-title">{t('ui.mineTitle')}</h2>
      <List<MyArticle>
        loading={query.isPending}
        dataSource={articles}
        locale={{ emptyText: t('ui.mineEmpty') }}
        renderItem={(article) => (
          <List.Item
            data-testid={`my-article-${article.ttar_id}`}
            actions={[<ArticleActions key="actions" article={article} />]}
          >
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
