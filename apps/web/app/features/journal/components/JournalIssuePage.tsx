import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import {
  journalArticleAnchor,
  journalIndexPath,
  journalIssuePath,
  type JournalArticleDetail,
  type JournalIssueDetail,
} from '@portal/contracts/journal';
import { DateTime } from '~/components/DateTime';
import { PortalButton } from '~/components/PortalButton';
import { loginPath } from '~/lib/login-link';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import {
  journalArticleQuery,
  journalIssueQuery,
  journalPreviousQuery,
  useJournalContents,
} from '../api/journal-queries';
import { JournalAuthor as Author } from './JournalAuthor';
import { IssueCard, IssueCover } from './JournalHomePage';

// pdf.js comes only when a reader opens the PDF: neither the reader nor pdf.js is in the page's start.
const PdfReader = lazy(() => import('../pdf/PdfReader'));

/** The PDF: read in the page, downloaded, or the reason it is not (spec 6: partners only). */
function PdfBox({ issue }: { issue: JournalIssueDetail }) {
  const { t } = useTranslation('journal');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (!issue.pdf_url) return <p className="journal-muted">{t('ui.noPdf')}</p>;
  if (!issue.can_download) {
    return (
      <div className="journal-refusal" role="note" data-testid="journal-pdf-refused">
        <strong>{t('ui.partnersOnly')}</strong>
        <span>{t('ui.partnersOnlyHint')}</span>
        {user ? null : (
          <Link to={loginPath(site, location, origin)} data-testid="journal-sign-in">
            {t('ui.signInToDownload')}
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className="journal-pdf" data-testid="journal-pdf">
      <div className="journal-pdf__actions">
        <PortalButton
          variant="primary"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          data-testid="journal-pdf-open"
        >
          {open ? t('ui.closePdf') : t('ui.openPdf')}
        </PortalButton>
        <a className="portal-button" href={`${issue.pdf_url}?download=1`} download data-testid="journal-pdf-download">
          {t('ui.download')}
        </a>
      </div>
      {open ? (
        <Suspense fallback={<p className="journal-muted">{t('ui.pdfLoading')}</p>}>
          <PdfReader url={issue.pdf_url} />
        </Suspense>
      ) : null}
    </div>
  );
}

function ArticleReader({ article, issueId }: { article: JournalArticleDetail; issueId: number }) {
  const { t } = useTranslation('journal');
  const { site } = useShell();
  const here = journalIssuePath(site.prefix, issueId);
  return (
    <article
      className="journal-box journal-article"
      id={journalArticleAnchor(article.tea_id)}
      data-testid="journal-article"
    >
      <h2>{article.tea_title}</h2>
      <p className="journal-meta">
        {t('ui.author')}: <Author author={article.author} testId="journal-article-author" />
        <span>{t('ui.readers', { count: article.read_count })}</span>
      </p>
      <div
        className="journal-content"
        data-testid="journal-article-content"
        // The server's sanitised HTML (allow-list when the editor saved it).
        dangerouslySetInnerHTML={{ __html: article.tea_content }}
      />
      <nav className="journal-article__nav">
        {article.prev ? (
          <Link to={`${here}?article=${article.prev.tea_id}`}>
            {t('ui.previousArticle')}: {article.prev.tea_title}
          </Link>
        ) : (
          <span />
        )}
        <Link to={here}>{t('ui.backToContents')}</Link>
        {article.next ? (
          <Link to={`${here}?article=${article.next.tea_id}`}>
            {t('ui.nextArticle')}: {article.next.tea_title}
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </article>
  );
}

/** `/{lang}/journal/info/{id}`: the issue, its contents, the article asked for, the PDF and the previous issues. */
export function JournalIssuePage({ issueId, articleId }: { issueId: number; articleId: number | null }) {
  const { t } = useTranslation('journal');
  const { site } = useShell();
  const { data: issue } = useQuery(journalIssueQuery(site, issueId));
  const { data: article } = useQuery({ ...journalArticleQuery(site, articleId ?? 0), enabled: articleId !== null });
  const contents = useJournalContents(site, issueId);
  const { data: previous } = useQuery(journalPreviousQuery(site, issueId));
  if (!issue) return null;
  const articles = contents.data ? contents.data.pages.flatMap((p) => p.list) : [];
  const here = journalIssuePath(site.prefix, issueId);

  return (
    <div className="portal-page journal-page" data-testid="journal-issue-page">
      <p className="journal-crumbs">
        <Link to={journalIndexPath(site.prefix)}>{t('ui.backToHome')}</Link>
      </p>
      <header className="journal-box journal-hero">
        <IssueCover issue={issue} width={180} />
        <div className="journal-hero__body">
          {issue.is_preview ? <p className="journal-badge">{t('ui.preview')}</p> : null}
          <p className="journal-card__number">
            {t('ui.issueNumber', { number: issue.teb_number })}
            {issue.tjc_name ? ` · ${issue.tjc_name}` : ''}
          </p>
          <h1 data-testid="journal-issue-title">{issue.teb_title}</h1>
          <p className="journal-meta">
            <DateTime iso={issue.publish_time} dateOnly />
            <span>{t('ui.articles', { count: issue.article_count })}</span>
            <span>{t('ui.readers', { count: issue.read_count })}</span>
            {issue.partner_only ? <span className="journal-badge">{t('ui.partnerOnly')}</span> : null}
          </p>
          {issue.teb_summary ? <p className="journal-head__lead">{issue.teb_summary}</p> : null}
          <PdfBox issue={issue} />
        </div>
      </header>
      <div className="journal-columns">
        <main className="journal-main">
          {articleId !== null && article ? <ArticleReader article={article} issueId={issueId} /> : null}
          <section className="journal-box" aria-labelledby="journal-contents" data-testid="journal-contents">
            <h2 id="journal-contents">{t('ui.contents')}</h2>
            {articles.length ? (
              <ol className="journal-toc">
                {articles.map((a) => (
                  <li key={a.tea_id} data-testid="journal-toc-item">
                    <Link
                      to={`${here}?article=${a.tea_id}`}
                      aria-current={a.tea_id === articleId ? 'page' : undefined}
                      data-testid="journal-toc-link"
                    >
                      {a.tea_title}
                    </Link>
                    <span className="journal-meta">
                      <Author author={a.author} testId="journal-toc-author" />
                    </span>
                    {a.tea_summary ? <p className="journal-muted">{a.tea_summary}</p> : null}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="journal-muted">{t('ui.noArticles')}</p>
            )}
            {contents.hasNextPage ? (
              <PortalButton onClick={() => void contents.fetchNextPage()} loading={contents.isFetchingNextPage}>
                {t('ui.loadMore')}
              </PortalButton>
            ) : null}
          </section>
        </main>
        <aside className="journal-box journal-side" aria-labelledby="journal-previous" data-testid="journal-previous">
          <h2 id="journal-previous">{t('ui.previousIssues')}</h2>
          {previous?.list.length ? (
            <ul className="journal-grid journal-grid--side">
              {previous.list.map((p) => (
                <IssueCard key={p.teb_id} issue={p} site={site} />
              ))}
            </ul>
          ) : (
            <p className="journal-muted">{t('ui.noPreviousIssues')}</p>
          )}
        </aside>
      </div>
    </div>
  );
}
