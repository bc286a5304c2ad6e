import { useNavigate } from 'react-router';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import {
  topicArticleDelete,
  topicArticleInfo,
  topicArticleWithdraw,
  topicPath,
  type TopicArticleDetail,
} from '@portal/contracts/topics';
import { ConfirmAction } from '~/components/ConfirmAction';
import { PortalButton } from '~/components/PortalButton';
import { useInvalidateCalls } from '~/lib/query/use-call';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { TOPIC_CALLS } from '../api/topic-queries';
import { dispatchPublishArticle } from '../publish/publish-article-events';

/**
 * The author's own actions on their article's page (decisions.md "Content and review"): edit (and
 * so submit again: a rejected or withdrawn article goes back to pending), withdraw while pending,
 * delete (the points an approved article earned go back).
 */
export default function ArticleAuthorActions({ article }: { article: TopicArticleDetail }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const navigate = useNavigate();
  const invalidate = useInvalidateCalls();
  const siteCode = site.apply_site;
  if (!article.is_mine) return null;

  const edit = () =>
    dispatchPublishArticle({
      edit: {
        ttar_id: article.ttar_id,
        ttar_title: article.ttar_title,
        tt_id: article.tt_id,
        ttar_source: article.ttar_source,
        ttar_source_url: article.ttar_source_url,
        ttar_content: article.ttar_content,
      },
    });
  const withdraw = async () => {
    const result = await requestClient.call(topicArticleWithdraw, { ttar_id: article.ttar_id }, { siteCode });
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    await invalidate([{ call: topicArticleInfo, site: siteCode, body: { ttar_id: article.ttar_id } }]);
  };
  const remove = async () => {
    const result = await requestClient.call(topicArticleDelete, { ttar_id: article.ttar_id }, { siteCode });
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    await invalidate(TOPIC_CALLS);
    void navigate(topicPath(site.prefix, article.tt_id));
  };

  return (
    <div
      className="topics-actions"
      role="group"
      aria-label={t('ui.authorActions')}
      data-testid="article-author-actions"
    >
      <PortalButton onClick={edit} data-testid="article-edit">
        {t('ui.edit')}
      </PortalButton>
      {article.status === REVIEW_STATUS.pending ? (
        <ConfirmAction title={t('ui.withdrawConfirm')} onConfirm={withdraw}>
          <PortalButton data-testid="article-withdraw">{t('ui.withdraw')}</PortalButton>
        </ConfirmAction>
      ) : null}
      <ConfirmAction title={t('ui.deleteConfirm')} onConfirm={remove} danger>
        <PortalButton danger data-testid="article-delete">
          {t('ui.delete')}
        </PortalButton>
      </ConfirmAction>
    </div>
  );
}
