import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import type { ExpertListKind } from '@portal/contracts/experts';
import { PortalButton } from '~/components/PortalButton';
import { useShell } from '~/lib/shell';
import { useMvpList } from '../api/mvp-queries';
import { ExpertCard } from './ExpertCard';

const FILTERS: Array<{ kind: ExpertListKind; label: 'kindAll' | 'kindMvp' | 'kindExpert' }> = [
  { kind: 'all', label: 'kindAll' },
  { kind: 'mvp', label: 'kindMvp' },
  { kind: 'expert', label: 'kindExpert' },
];

/** The MVP page (spec 2, the navbar's Experts): the programme explained, then its members here. */
export function MvpPage({ kind }: { kind: ExpertListKind }) {
  const { t } = useTranslation('experts');
  const { site } = useShell();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useMvpList(site, kind);
  const members = data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <div className="portal-page mvp-page" data-testid="mvp-page">
      <section className="mvp-intro" aria-labelledby="mvp-title">
        <h1 id="mvp-title">{t('title')}</h1>
        <p className="mvp-intro__lead">{t('introLead')}</p>
        <div className="mvp-intro__points">
          <div>
            <h2>{t('whoTitle')}</h2>
            <p>{t('whoText')}</p>
          </div>
          <div>
            <h2>{t('whatTitle')}</h2>
            <p>{t('whatText')}</p>
          </div>
          <div>
            <h2>{t('howTitle')}</h2>
            <p>{t('howText')}</p>
          </div>
        </div>
      </section>

      <section className="mvp-members" aria-labelledby="mvp-list-title">
        <div className="mvp-members__head">
          <h2 id="mvp-list-title">{t('listTitle')}</h2>
          <nav aria-label={t('filterLabel')}>
            <ul className="mvp-filters">
              {FILTERS.map((f) => (
                <li key={f.kind}>
                  <Link
                    to={
                      f.kind === 'all'
                        ? `/${site.prefix}/stationed/mvp`
                        : `/${site.prefix}/stationed/mvp?kind=${f.kind}`
                    }
                    className={f.kind === kind ? 'mvp-filter is-active' : 'mvp-filter'}
                    aria-current={f.kind === kind ? 'page' : undefined}
                    preventScrollReset
                    data-testid={`mvp-filter-${f.kind}`}
                  >
                    {t(f.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {members.length ? (
          <ul className="mvp-list" data-testid="mvp-list">
            {members.map((member) => (
              <ExpertCard key={member.user_id} member={member} />
            ))}
          </ul>
        ) : (
          <p className="mvp-members__empty" data-testid="mvp-empty">
            {t('empty')}
          </p>
        )}
        {members.length ? (
          <div className="mvp-members__more">
            <p className="mvp-members__status" role="status">
              {t('shown', { count: members.length })}
              {hasNextPage ? null : ` · ${t('noMore')}`}
            </p>
            {hasNextPage ? (
              <PortalButton
                onClick={() => void fetchNextPage()}
                loading={isFetchingNextPage}
                data-testid="mvp-load-more"
              >
                {t('loadMore')}
              </PortalButton>
            ) : null}
          </div>
        ) : null}
      </section>
    </div>
  );
}
