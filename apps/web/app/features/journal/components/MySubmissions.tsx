import Button from 'antd/es/button';
import List from 'antd/es/list';
import Tag from 'antd/es/tag';
import { PAGE_SIZE, REVIEW_STATUS } from '@portal/contracts/constants';
import { journalIssuePath } from '@portal/contracts/journal';
import {
  ebookMine,
  ebookWithdraw,
  journalSubmissionPreviewPath,
  type MySubmission,
} from '@portal/contracts/journal-submissions';
import { siteById } from '@portal/contracts/sites';
import { journalSubmissionCatalogues } from '@portal/locales/journal-submission';
import { ConfirmAction } from '~/components/ConfirmAction';
import { DateTime } from '~/components/DateTime';
import { addTexts } from '~/lib/i18n';
import { useCallPages, useInvalidateCalls } from '~/lib/query/use-call';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { dispatchJournalSubmit } from '../submit/journal-submit-events';

// The list's texts come with its chunk, not with every page.
addTexts(journalSubmissionCatalogues);

const STATUS_COLOR: Record<number, string> = {
  [REVIEW_STATUS.pending]: 'processing',
  [REVIEW_STATUS.approved]: 'success',
  [REVIEW_STATUS.rejected]: 'error',
  [REVIEW_STATUS.withdrawn]: 'default',
};

/**
 * The author's actions on a submission (issue 20 item 7): edit, which submits it for review again
 * (so a rejected or withdrawn one is resubmitted; the dialog edits this site's submissions), and
 * withdraw while pending. An accepted submission is the editors' from then on.
 */
function SubmissionActions({ submission }: { submission: MySubmission }) {
  const { t } = useTranslation('journalForm');
  const { site } = useShell();
  const invalidate = useInvalidateCalls();
  const withdraw = async () => {
    const result = await requestClient.call(ebookWithdraw, { teba_id: submission.teba_id });
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    await invalidate([{ call: ebookMine }]);
  };
  const editable = submission.status !== REVIEW_STATUS.approved && submission.tws_id === site.tws_id;
  const again = submission.status === REVIEW_STATUS.rejected || submission.status === REVIEW_STATUS.withdrawn;
  return (
    <span role="group" aria-label={submission.teba_title}>
      {editable ? (
        <Button
          type="link"
          onClick={() => dispatchJournalSubmit({ edit: submission.teba_id })}
          data-testid="my-submission-edit"
        >
          {again ? t('mine.resubmit') : t('mine.edit')}
        </Button>
      ) : null}
      {submission.status === REVIEW_STATUS.pending ? (
        <ConfirmAction title={t('mine.withdrawConfirm')} onConfirm={withdraw}>
          <Button type="link" data-testid="my-submission-withdraw">
            {t('mine.withdraw')}
          </Button>
        </ConfirmAction>
      ) : null}
    </span>
  );
}

/**
 * "My e-magazine submissions" (issue 20 item 7), a self-contained section of the personal centre:
 * the member's submissions on every site, newest first, each with its review status (a rejection
 * with the editors' reason), the article an accepted one became, and the author's actions.
 */
export default function MySubmissions() {
  const { t } = useTranslation('journalForm');
  const { t: tr } = useTranslation('reviews');
  const { site } = useShell();
  const query = useCallPages(
    ebookMine,
    { limit: PAGE_SIZE },
    // The first page is the one the personal centre's loader asked on the server (userinfo-sections.ts).
    { site, list: 'mine', silent: true, staleTime: 0, firstPage: true },
  );
  const submissions = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="accounts-section my-posts" aria-labelledby="my-submissions-title" data-testid="my-submissions">
      <h2 id="my-submissions-title">{t('mine.title')}</h2>
      <List<MySubmission>
        loading={query.isPending}
        dataSource={submissions}
        locale={{ emptyText: t('mine.empty') }}
        renderItem={(submission) => {
          const prefix = siteById(submission.tws_id)?.prefix ?? site.prefix;
          const article = submission.article;
          return (
            <List.Item
              data-testid={`my-submission-${submission.teba_id}`}
              actions={[<SubmissionActions key="actions" submission={submission} />]}
            >
              <List.Item.Meta
                title={
                  <span className="my-posts__title">
                    <Tag color={STATUS_COLOR[submission.status] ?? 'default'}>{tr(`status.${submission.status}`)}</Tag>
                    {article ? (
                      <a
                        href={`${journalIssuePath(prefix, article.teb_id)}?article=${article.tea_id}`}
                        title={t('mine.read')}
                      >
                        {submission.teba_title}
                      </a>
                    ) : (
                      <a
                        href={journalSubmissionPreviewPath(prefix, submission.teba_id)}
                        title={t('mine.preview')}
                        data-testid="my-submission-preview"
                      >
                        {submission.teba_title}
                      </a>
                    )}
                  </span>
                }
                description={
                  <>
                    <DateTime iso={submission.create_time} />
                    {submission.status === REVIEW_STATUS.rejected && submission.review_reason ? (
                      <div className="my-posts__reason" data-testid="my-submission-reason">
                        {t('mine.reason', { reason: submission.review_reason })}
                      </div>
                    ) : null}
                  </>
                }
              />
            </List.Item>
          );
        }}
      />
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
