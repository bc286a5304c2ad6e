import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { journalIndexPath, journalIssuePath, type JournalIssueSummary } from '@portal/contracts/journal';
import type { Site } from '@portal/contracts/sites';
import { DateTime } from '~/components/DateTime';
import { MoreButton } from '~/components/MoreButton';
import { formatCount } from '~/lib/format';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { journalCategoriesQuery, journalStatsQuery, useJournalIssues } from '../api/journal-queries';

/** An issue's cover, or its number drawn in the cover's place. */
export function IssueCover({ issue, width }: { issue: JournalIssueSummary; width: number }) {
  const height = Math.round((width * 4) / 3);
  return issue.teb_cover_url ? (
    <img
      className="journal-cover"
      src={issue.teb_cover_url}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <span className="journal-cover journal-cover--blank" style={{ width, height }} aria-hidden="true">
      {issue.teb_number}
    </span>
  );
}

/** One issue in a grid: cover, number, title, date and figures. */
export function IssueCard({ issue, site }: { issue: JournalIssueSummary; site: Site }) {
  const { t } = useTranslation('journal');
  return (
    <li className="journal-card" data-testid="journal-issue">
      <Link
        to={journalIssuePath(site.prefix, issue.teb_id)}
        className="journal-card__link"
        data-testid="journal-issue-link"
      >
        <IssueCover issue={issue} width={150} />
        <span className="journal-card__number">{t('ui.issueNumber', { number: issue.teb_number })}</span>
        <span className="journal-card__title">{issue.teb_title}</span>
      </Link>
      <span className="journal-meta">
        <DateTime iso={issue.publish_time} dateOnly />
        {issue.partner_only ? <span className="journal-badge">{t('ui.partnerOnly')}</span> : null}
      </span>
      <span className="journal-meta">
        <span>{t('ui.articles', { count: issue.article_count })}</span>
        <span>{t('ui.readers', { count: issue.read_count })}</span>
      </span>
    </li>
  );
}

/** `/{lang}/journal/index`: the magazine's figures, categories and issues newest first, "load more". */
export function JournalHomePage({ categoryId }: { categoryId: number | null }) {
  const { t } = useTranslation('journal');
  const { t: tPages } = useTranslation('pages');
  const { site } = useShell();
  const { data: categories } = useQuery(journalCategoriesQuery(site));
  const { data: stats } = useQuery(journalStatsQuery(site));
  const pages = useJournalIssues(site, categoryId);
  const { data } = pages;
  const issues = data ? data.pages.flatMap((page) => page.list) : [];
  const home = journalIndexPath(site.prefix);
  const figures = stats
    ? ([
        ['issues', stats.issue_count],
        ['articles', stats.article_count],
        ['readers', stats.reader_count],
        ['downloads', stats.download_count],
      ] as const)
    : [];

  return (
    <div className="portal-page journal-page" data-testid="journal-home">
      <header className="journal-head">
        <div>
          <h1>{tPages('titles:journal')}</h1>
          <p className="journal-head__lead">{t('ui.homeDescription')}</p>
        </div>
        <dl className="journal-stats" data-testid="journal-stats">
          {figures.map(([key, n]) => (
            <div key={key} data-testid={`journal-stat-${key}`}>
              <dt>{t(`ui.stats.${key}`)}</dt>
              <dd>{formatCount(n, site)}</dd>
            </div>
          ))}
        </dl>
      </header>
      <nav className="journal-tabs" aria-label={tPages('titles:journal')} data-testid="journal-categories">
        <Link to={home} aria-current={categoryId === null ? 'page' : undefined}>
          {t('ui.allCategories')}
        </Link>
        {(categories?.list ?? []).map((c) => (
          <Link
            key={c.tjc_id}
            to={`${home}?category=${c.tjc_id}`}
            aria-current={categoryId === c.tjc_id ? 'page' : undefined}
            data-testid="journal-category"
          >
            {c.tjc_name} <span className="journal-tabs__count">{c.issue_count}</span>
          </Link>
        ))}
      </nav>
      {issues.length ? (
        <ul className="journal-grid" data-testid="journal-issues">
          {issues.map((issue) => (
            <IssueCard key={issue.teb_id} issue={issue} site={site} />
          ))}
        </ul>
      ) : (
        <p className="journal-empty">{t('ui.noIssues')}</p>
      )}
      <MoreButton query={pages} className="journal-more" testId="journal-load-more">
        {t('ui.loadMore')}
      </MoreButton>
    </div>
  );
}
