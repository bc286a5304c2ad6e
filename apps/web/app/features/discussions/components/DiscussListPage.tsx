import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { useShell } from '~/lib/shell';
import { dictionaryQuery, usePostList } from '../api/discuss-queries';
import {
  isFiltered,
  LIST_SORTS,
  LIST_TYPES,
  listHref,
  type ListFilters,
  type ListSort,
  type ListType,
} from '../api/list-filters';
import { PublishPostButton } from '../publish/PublishPostButton';
import { PostListItem } from './PostListItem';
import { PortalButton } from '~/components/PortalButton';

const sortLabel = { latest: 'ui.sortLatest', hot: 'ui.sortHot', unanswered: 'ui.sortUnanswered' } as const;
const typeLabel = { all: 'ui.typeAll', discussion: 'ui.typeDiscussion', question: 'ui.typeQuestion' } as const;

/** A row of links that each set one filter value; the current one is marked for screen readers too. */
function FilterLinks<T extends string>({
  label,
  options,
  current,
  href,
  text,
  testId,
}: {
  label: string;
  options: ReadonlyArray<T>;
  current: T;
  href(option: T): string;
  text(option: T): string;
  testId: string;
}) {
  return (
    <nav className="discuss-filter" aria-label={label}>
      <span className="discuss-filter__label" aria-hidden="true">
        {label}
      </span>
      <ul className="discuss-filter__options">
        {options.map((option) => (
          <li key={option}>
            <Link
              to={href(option)}
              className={option === current ? 'discuss-chip is-active' : 'discuss-chip'}
              aria-current={option === current ? 'true' : undefined}
              preventScrollReset
              data-testid={`${testId}-${option}`}
            >
              {text(option)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * `/{lang}/discuss/list`: boards, industry and scene filters, sort and type, the posts with "load
 * more". Every filter lives in the URL query, so a filtered list has one stable address.
 */
export function DiscussListPage({ filters }: { filters: ListFilters }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const navigate = useNavigate();
  const boards = useQuery(dictionaryQuery(site, 'board')).data?.list ?? [];
  const industries = useQuery(dictionaryQuery(site, 'industry')).data?.list ?? [];
  const scenes = useQuery(dictionaryQuery(site, 'scene')).data?.list ?? [];
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = usePostList(site, filters);
  // Pinned posts come with the first page, above the rest (which then leaves them out).
  const posts = data ? [...(data.pages[0]?.pinned ?? []), ...data.pages.flatMap((page) => page.list)] : [];
  const boardName = (id: number | null) => boards.find((b) => b.value === id)?.label;
  const href = (change: Partial<ListFilters>) => listHref(site.prefix, filters, change);
  const boardIds = [null, ...boards.map((b) => b.value)];

  return (
    <div className="portal-page discuss-page" data-testid="discuss-list-page">
      <header className="discuss-head">
        <div>
          <h1>{t('ui.listTitle')}</h1>
          <p className="discuss-head__lead">{t('ui.listLead')}</p>
        </div>
        <PublishPostButton boardId={filters.board ?? undefined} data-testid="discuss-publish">
          {t('ui.publish')}
        </PublishPostButton>
      </header>

      <div className="discuss-layout">
        <nav className="discuss-boards" aria-label={t('ui.boards')}>
          <h2 className="discuss-boards__title">{t('ui.boards')}</h2>
          <ul>
            {boardIds.map((id) => (
              <li key={id ?? 'all'}>
                <Link
                  to={href({ board: id })}
                  className={id === filters.board ? 'discuss-board is-active' : 'discuss-board'}
                  aria-current={id === filters.board ? 'true' : undefined}
                  preventScrollReset
                  data-testid={`discuss-board-${id ?? 'all'}`}
                >
                  {id === null ? t('ui.allBoards') : boardName(id)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section className="discuss-main" aria-labelledby="discuss-posts-title">
          <h2 id="discuss-posts-title" className="portal-visually-hidden">
            {t('ui.postList')}
          </h2>
          <div className="discuss-filters">
            <FilterLinks<ListType>
              label={t('ui.type')}
              options={LIST_TYPES}
              current={filters.type}
              href={(type) => href({ type })}
              text={(type) => t(typeLabel[type])}
              testId="discuss-type"
            />
            <FilterLinks<ListSort>
              label={t('ui.sort')}
              options={LIST_SORTS}
              current={filters.sort}
              href={(sort) => href({ sort })}
              text={(sort) => t(sortLabel[sort])}
              testId="discuss-sort"
            />
            <div className="discuss-filter discuss-filter--selects">
              <label className="discuss-select">
                <span>{t('ui.industry')}</span>
                <select
                  value={filters.industry ?? ''}
                  onChange={(e) =>
                    void navigate(href({ industry: e.target.value ? Number(e.target.value) : null }), {
                      preventScrollReset: true,
                    })
                  }
                  data-testid="discuss-industry"
                >
                  <option value="">{t('ui.allIndustries')}</option>
                  {industries.map((entry) => (
                    <option key={entry.value} value={entry.value}>
                      {entry.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="discuss-select">
                <span>{t('ui.scene')}</span>
                <select
                  value={filters.scene ?? ''}
                  onChange={(e) =>
                    void navigate(href({ scene: e.target.value ? Number(e.target.value) : null }), {
                      preventScrollReset: true,
                    })
                  }
                  data-testid="discuss-scene"
                >
                  <option value="">{t('ui.allScenes')}</option>
                  {scenes.map((entry) => (
                    <option key={entry.value} value={entry.value}>
                      {entry.label}
                    </option>
                  ))}
                </select>
              </label>
              {isFiltered(filters) ? (
                <Link
                  to={listHref(site.prefix, filters, {
                    board: null,
                    industry: null,
                    scene: null,
                    sort: 'latest',
                    type: 'all',
                  })}
                  data-testid="discuss-clear"
                >
                  {t('ui.clearFilters')}
                </Link>
              ) : null}
            </div>
          </div>

          {posts.length ? (
            <ul className="discuss-list" data-testid="discuss-list">
              {posts.map((post) => (
                <PostListItem
                  key={post.tp_id}
                  post={post}
                  boardName={filters.board ? undefined : boardName(post.tp_board_id)}
                />
              ))}
            </ul>
          ) : (
            <p className="discuss-empty" data-testid="discuss-empty">
              {isFiltered(filters) ? t('ui.emptyFiltered') : t('ui.empty')}
            </p>
          )}
          {posts.length ? (
            <div className="discuss-more">
              <p className="discuss-more__status" role="status">
                {t('ui.shown', { count: posts.length })}
                {hasNextPage ? null : ` · ${t('ui.noMore')}`}
              </p>
              {hasNextPage ? (
                <PortalButton
                  onClick={() => void fetchNextPage()}
                  loading={isFetchingNextPage}
                  data-testid="discuss-load-more"
                >
                  {t('ui.loadMore')}
                </PortalButton>
              ) : null}
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
