import { Link } from 'react-router';
import {
  SEARCH_COUNT_MAX,
  SEARCH_KINDS,
  SEARCH_TIMES,
  type SearchHit,
  type SearchKind,
} from '@portal/contracts/search';
import { DateTime } from '~/components/DateTime';
import { MoreButton } from '~/components/MoreButton';
import { i18nKey } from '~/lib/forms/form-issues';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { searchHref, shorterKeys, type SearchFilters } from '../api/search-filters';
import { useSearchResults } from '../api/search-queries';
import { SearchForm } from './SearchForm';

/**
 * `/{lang}/search/{search_key?}` (spec 2, issue 23): the page's box with suggestions, then either
 * the reason a key is refused (longer than 20 characters: spec 5/9), an invitation to type one, or
 * the results: tabs per kind with their counts, a time filter, hits with the matched words marked,
 * "load more", and an empty state with other words to try. Kind and time live in the URL query.
 */
export function SearchPage({ filters, problem }: { filters: SearchFilters; problem: string | null }) {
  const { t } = useTranslation('search');
  const key = filters.key.trim();
  return (
    <div className="portal-page search-page" data-testid="search-page">
      <header className="search-head">
        <h1 data-testid="search-heading">{key && !problem ? t('ui.resultsFor', { key }) : t('ui.heading')}</h1>
        <p className="search-head__lead">{t('ui.lead')}</p>
        <SearchForm filters={filters} />
      </header>
      {problem ? (
        <section className="search-main search-refused" role="alert" data-testid="search-refused">
          <h2>{t('ui.refused')}</h2>
          <p>{t(i18nKey(problem))}</p>
        </section>
      ) : key ? (
        <SearchResults filters={filters} />
      ) : (
        <p className="search-main search-nokey" data-testid="search-nokey">
          {t('ui.noKey')}
        </p>
      )}
    </div>
  );
}

function SearchResults({ filters }: { filters: SearchFilters }) {
  const { t } = useTranslation('search');
  const { site } = useShell();
  const pages = useSearchResults(site, filters);
  const { data, isPending } = pages;
  const first = data?.pages[0];
  const hits = data ? data.pages.flatMap((page) => page.list) : [];
  const href = (change: Partial<SearchFilters>) => searchHref(site.prefix, filters, change);
  const counts = first?.counts;
  const total = first?.total ?? 0;
  const shown = filters.kind ? (counts?.[filters.kind] ?? 0) : total;

  return (
    <section className="search-main" aria-labelledby="search-results-title">
      <h2 id="search-results-title" className="portal-visually-hidden">
        {t('ui.resultsFor', { key: filters.key.trim() })}
      </h2>
      <nav className="search-tabs" aria-label={t('ui.kindsLabel')} data-testid="search-tabs">
        {[null, ...SEARCH_KINDS].map((kind) => (
          <Link
            key={kind ?? 'all'}
            to={href({ kind })}
            className={kind === filters.kind ? 'search-tab is-active' : 'search-tab'}
            aria-current={kind === filters.kind ? 'page' : undefined}
            preventScrollReset
            data-testid={`search-tab-${kind ?? 'all'}`}
          >
            {t(kind ? `kinds.${kind}` : 'kinds.all')}
            <span className="search-tab__count" data-testid="search-tab-count">
              {countLabel(kind ? (counts?.[kind] ?? 0) : total)}
            </span>
          </Link>
        ))}
      </nav>
      <nav className="search-times" aria-label={t('ui.timeLabel')} data-testid="search-times">
        {SEARCH_TIMES.map((time) => (
          <Link
            key={time}
            to={href({ time })}
            className={time === filters.time ? 'search-chip is-active' : 'search-chip'}
            aria-current={time === filters.time ? 'page' : undefined}
            preventScrollReset
            data-testid={`search-time-${time}`}
          >
            {t(`ui.times.${time}`)}
          </Link>
        ))}
      </nav>

      {first ? (
        <p className="search-total" data-testid="search-total">
          {shown > SEARCH_COUNT_MAX ? t('ui.totalMore', { max: SEARCH_COUNT_MAX }) : t('ui.total', { count: shown })}
        </p>
      ) : null}
      {hits.length ? (
        <ol className="search-hits" data-testid="search-hits">
          {hits.map((hit) => (
            <SearchHitItem key={`${hit.kind}-${hit.id}`} hit={hit} />
          ))}
        </ol>
      ) : first ? (
        <SearchEmpty filters={filters} counts={first.counts} />
      ) : isPending ? (
        <p className="search-loading">{t('common:loading')}</p>
      ) : null}
      <MoreButton query={pages} className="search-more" testId="search-load-more">
        {t('ui.loadMore')}
      </MoreButton>
    </section>
  );
}

/*
 * title_html and snippet_html are rendered as HTML only because the server built them from plain
 * text (platform/search/search-snippet.ts): the text HTML-escaped, the matched words wrapped in <em>,
 * nothing else; stored rich text never reaches them.
 */
function SearchHitItem({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search');
  const title = <span dangerouslySetInnerHTML={{ __html: hit.title_html }} />;
  return (
    <li className="search-hit" data-testid="search-hit" data-kind={hit.kind}>
      <h3 className="search-hit__title">
        <span className="search-kind">{t(`kinds.${hit.kind}`)}</span>
        {hit.url ? (
          <Link to={hit.url} data-testid="search-hit-link">
            {title}
          </Link>
        ) : (
          <span title={t('ui.noLink')}>{title}</span>
        )}
      </h3>
      {hit.snippet_html ? (
        <p className="search-hit__snippet" dangerouslySetInnerHTML={{ __html: hit.snippet_html }} />
      ) : null}
      <p className="search-hit__meta">
        <DateTime iso={hit.create_time} dateOnly />
      </p>
    </li>
  );
}

/** A count as the tabs show it: past what is counted (decision 043), "1000+". */
function countLabel(count: number): string {
  return count > SEARCH_COUNT_MAX ? `${SEARCH_COUNT_MAX}+` : String(count);
}

/** Nothing found: shorter words, the kinds that do have results, a wider time span, a spelling hint. */
function SearchEmpty({ filters, counts }: { filters: SearchFilters; counts: Record<SearchKind, number> }) {
  const { t } = useTranslation('search');
  const { site } = useShell();
  const shorter = shorterKeys(filters.key);
  const otherKinds = filters.kind ? SEARCH_KINDS.filter((kind) => kind !== filters.kind && counts[kind] > 0) : [];
  return (
    <div className="search-empty" data-testid="search-empty">
      <h3>{t('ui.emptyTitle', { key: filters.key.trim() })}</h3>
      <p>{t('ui.emptyTips')}</p>
      <ul>
        {shorter.length ? (
          <li data-testid="search-empty-shorter">
            {t('ui.tipShorter')}{' '}
            {shorter.map((word) => (
              <Link key={word} className="search-chip" to={searchHref(site.prefix, filters, { key: word })}>
                {word}
              </Link>
            ))}
          </li>
        ) : null}
        {otherKinds.length ? (
          <li data-testid="search-empty-kinds">
            {t('ui.tipOtherKinds')}{' '}
            {otherKinds.map((kind) => (
              <Link key={kind} className="search-chip" to={searchHref(site.prefix, filters, { kind })}>
                {t(`kinds.${kind}`)} <span className="search-tab__count">{countLabel(counts[kind])}</span>
              </Link>
            ))}
          </li>
        ) : null}
        {filters.time !== 'all' ? (
          <li data-testid="search-empty-time">
            {t('ui.tipAllTime')}{' '}
            <Link className="search-chip" to={searchHref(site.prefix, filters, { time: 'all' })}>
              {t('ui.times.all')}
            </Link>
          </li>
        ) : null}
        <li>{t('ui.tipSpelling')}</li>
      </ul>
    </div>
  );
}
