import { Link } from 'react-router';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { journalIndexPath, journalIssuePath } from '@portal/contracts/journal';
import type { JournalSubmissionPreview } from '@portal/contracts/journal-submissions';
import { homePath } from '@portal/contracts/sites';
import { journalSubmissionCatalogues } from '@portal/locales/journal-submission';
import { DateTime } from '~/components/DateTime';
import { addTexts } from '~/lib/i18n';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { JournalAuthor } from './JournalAuthor';

// The preview's texts are the submissions' (journalForm), added with this page's chunk, not with every page.
addTexts(journalSubmissionCatalogues);

/**
 * `/{lang}/journal/preview/{id}`: a submission as it would read in the e-magazine, for its author and
 * the editors who review it (the review queue's preview link). The article's own layout (title,
 * author with the profile card, industry and field, sanitised content), then its attachments.
 */
export function SubmissionPreview({ submission }: { submission: JournalSubmissionPreview }) {
  const { t } = useTranslation('journal');
  const { t: tf } = useTranslation('journalForm');
  const { t: tr } = useTranslation('reviews');
  const { site } = useShell();
  const placed = submission.article;
  return (
    <div className="portal-page journal-page" data-testid="journal-submission-preview">
      <p className="journal-crumbs">
        <Link to={journalIndexPath(site.prefix)}>{t('ui.backToHome')}</Link>
      </p>
      <p className="journal-refusal" role="note" data-testid="journal-preview-banner">
        <strong>
          {tf('preview.status')}: <span data-testid="journal-preview-status">{tr(`status.${submission.status}`)}</span>
        </strong>
        <span>{tf('preview.banner')}</span>
        {submission.status === REVIEW_STATUS.rejected && submission.review_reason ? (
          <span data-testid="journal-preview-reason">{tf('preview.reason', { reason: submission.review_reason })}</span>
        ) : null}
        {placed ? (
          <Link to={`${journalIssuePath(site.prefix, placed.teb_id)}?article=${placed.tea_id}`}>
            {tf('preview.placed')}
          </Link>
        ) : null}
      </p>
      <article className="journal-box journal-article" data-testid="journal-article">
        <h1 data-testid="journal-preview-title">{submission.teba_title}</h1>
        <p className="journal-meta">
          {t('ui.author')}: <JournalAuthor author={submission.author} testId="journal-article-author" />
          <span>
            {tf('preview.submitted')}: <DateTime iso={submission.create_time} />
          </span>
        </p>
        <p className="journal-meta">
          <span data-testid="journal-preview-industry">
            {tf('preview.industry')}: {submission.industry || '-'}
          </span>
          <span data-testid="journal-preview-field">
            {tf('preview.field')}: {submission.field || '-'}
          </span>
        </p>
        <div
          className="journal-content"
          data-testid="journal-article-content"
          // The server's sanitised HTML (allow-list on the way in, and again on the way out).
          dangerouslySetInnerHTML={{ __html: submission.teba_content }}
        />
        {submission.teba_annex.length ? (
          <section aria-labelledby="journal-preview-attachments" data-testid="journal-preview-attachments">
            <h2 id="journal-preview-attachments">{tf('preview.attachments')}</h2>
            <ul>
              {submission.teba_annex.map((a) => (
                <li key={a.att_id}>
                  <a href={a.att_url} target="_blank" rel="noopener noreferrer">
                    {a.att_title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </div>
  );
}

/** A submission that does not exist: the page answers 404 and says so. */
export function SubmissionNotFound() {
  const { t } = useTranslation('journal');
  const { t: tf } = useTranslation('journalForm');
  const { t: tPages } = useTranslation('pages');
  const { site } = useShell();
  return (
    <section className="portal-page portal-error-page" data-testid="journal-not-found">
      <p className="portal-error-page__code" aria-hidden="true">
        404
      </p>
      <h1>{tPages('titles:notFound')}</h1>
      <p>{tf('preview.notFound')}</p>
      <p>
        <Link to={journalIndexPath(site.prefix)}>{t('ui.backToHome')}</Link>
        {' · '}
        <Link to={homePath(site)}>{tPages('backHome')}</Link>
      </p>
    </section>
  );
}
