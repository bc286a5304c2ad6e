import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import type { ExpertListKind } from '@portal/contracts/experts';
import type { MvpAwardItem } from '@portal/contracts/mvp-awards';
import { Avatar } from '~/components/Avatar';
import { PortalButton } from '~/components/PortalButton';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { loginPath } from '~/lib/login-link';
import { useShell } from '~/lib/shell';
import { useMvpAwards, useMvpList } from '../api/mvp-queries';
import { BadgeList } from './BadgeList';
import { ExpertCard } from './ExpertCard';

// The form (antd, its texts and rules) loads only when a member opens it.
const MvpApplicationForm = lazy(() => import('./MvpApplicationForm'));

const FILTERS: Array<{ kind: ExpertListKind; label: 'kindAll' | 'kindMvp' | 'kindExpert' }> = [
  { kind: 'all', label: 'kindAll' },
  { kind: 'mvp', label: 'kindMvp' },
  { kind: 'expert', label: 'kindExpert' },
];

const day = (iso: string) => iso.slice(0, 10);

/** One MVP of a year: who, badges, and until when the term runs (or that it ended). */
function AwardCard({ award }: { award: MvpAwardItem }) {
  const { t } = useTranslation('experts');
  return (
    <li className="mvp-card mvp-award" data-testid="mvp-award">
      <div className="mvp-card__head">
        <ProfileTrigger user={award} decorative>
          <Avatar user={award} size={48} className="mvp-card__avatar" lazy />
        </ProfileTrigger>
        <div className="mvp-card__who">
          <h3 className="mvp-card__name">
            <ProfileTrigger user={award} testId="mvp-award-profile">
              {award.user_nick_name}
            </ProfileTrigger>
          </h3>
          <p className="mvp-card__level" data-testid="mvp-award-term">
            {award.current ? t('termUntil', { date: day(award.end_time) }) : t('termEnded')}
          </p>
        </div>
      </div>
      <BadgeList codes={award.user_logo_arr} />
    </li>
  );
}

/** The MVPs of an award year, the year chosen by `?year=` (the latest by default). */
function MvpYears({ year }: { year: number | undefined }) {
  const { t } = useTranslation('experts');
  const { site } = useShell();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useMvpAwards(site, year);
  const first = data?.pages[0];
  const awards = data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <section className="mvp-members mvp-years" aria-labelledby="mvp-years-title" data-testid="mvp-years">
      <div className="mvp-members__head">
        <h2 id="mvp-years-title">{t('yearsTitle')}</h2>
        {first?.years.length ? (
          <nav aria-label={t('yearLabel')}>
            <ul className="mvp-filters">
              {first.years.map((y) => (
                <li key={y}>
                  <Link
                    to={`/${site.prefix}/stationed/mvp?year=${y}`}
                    className={y === first.year ? 'mvp-filter is-active' : 'mvp-filter'}
                    aria-current={y === first.year ? 'page' : undefined}
                    preventScrollReset
                    data-testid={`mvp-year-${y}`}
                  >
                    {y}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      {awards.length ? (
        <ul className="mvp-list" data-testid="mvp-award-list">
          {awards.map((award) => (
            <AwardCard key={award.award_id} award={award} />
          ))}
        </ul>
      ) : (
        <p className="mvp-members__empty">{t('yearEmpty')}</p>
      )}
      {hasNextPage ? (
        <div className="mvp-members__more">
          <PortalButton onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            {t('loadMore')}
          </PortalButton>
        </div>
      ) : null}
    </section>
  );
}

/** The programme: benefits, process, and the application (opened by a member, or by `?apply=1`). */
function MvpProgramme() {
  const { t } = useTranslation('experts');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const asked = new URLSearchParams(location.search).get('apply') === '1';
  // Opened after hydration, so the server's page and the first client render agree.
  useEffect(() => {
    if (asked && user) setOpen(true);
  }, [asked, user]);
  return (
    <section className="mvp-intro mvp-programme" aria-labelledby="mvp-programme-title" id="apply">
      <h2 id="mvp-programme-title">{t('programmeTitle')}</h2>
      <div className="mvp-intro__points">
        <div>
          <h3>{t('benefitsTitle')}</h3>
          <ul>
            <li>{t('benefits1')}</li>
            <li>{t('benefits2')}</li>
            <li>{t('benefits3')}</li>
          </ul>
        </div>
        <div>
          <h3>{t('processTitle')}</h3>
          <ol>
            <li>{t('process1')}</li>
            <li>{t('process2')}</li>
            <li>{t('process3')}</li>
          </ol>
        </div>
      </div>
      <div className="mvp-programme__apply">
        {!user ? (
          <a
            className="portal-button portal-button--primary"
            href={loginPath(site, location, origin)}
            data-testid="mvp-apply-login"
          >
            {t('applyLogin')}
          </a>
        ) : !open ? (
          <PortalButton variant="primary" onClick={() => setOpen(true)} data-testid="mvp-apply-open">
            {t('apply')}
          </PortalButton>
        ) : (
          <>
            <h3>{t('applyTitle')}</h3>
            <Suspense fallback={<p role="status">{t('applyLoading')}</p>}>
              <MvpApplicationForm />
            </Suspense>
          </>
        )}
      </div>
    </section>
  );
}

/** The MVP page (spec 2, the navbar's Experts): the programme explained, then its members here. */
export function MvpPage({ kind, year }: { kind: ExpertListKind; year?: number }) {
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

      <MvpProgramme />
      <MvpYears year={year} />

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
