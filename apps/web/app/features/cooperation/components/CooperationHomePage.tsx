import { useEffect, useState, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import {
  COOPERATION_KINDS,
  COOPERATION_STATUS,
  cooperationIndexPath,
  cooperationMine,
  cooperationPagePath,
  type CooperationKind,
  type CooperationSummary,
} from '@portal/contracts/cooperation';
import type { Site } from '@portal/contracts/sites';
import { cooperationCatalogues } from '@portal/locales/cooperation';
import { DateTime } from '~/components/DateTime';
import { MoreButton } from '~/components/MoreButton';
import { PortalButton } from '~/components/PortalButton';
import { addTexts } from '~/lib/i18n';
import { loginPath } from '~/lib/login-link';
import { useCall } from '~/lib/query/use-call';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { useCooperationPages, usePartners } from '../api/cooperation-queries';
import type { CooperationApplyFormProps } from './CooperationApplyForm';

// The pages' texts (and the form's rules) come with this chunk, not with every page's catalogue.
addTexts(cooperationCatalogues);

/** One cooperation page in the grid: cover, title, summary, its downloads. */
function PageCard({ page, site }: { page: CooperationSummary; site: Site }) {
  const { t } = useTranslation('cooperation');
  return (
    <li className="coop-card" data-testid="coop-page">
      <Link to={cooperationPagePath(site.prefix, page.id)} className="coop-card__link" data-testid="coop-page-link">
        {page.cover_url ? (
          <img className="coop-card__cover" src={page.cover_url} alt="" width={320} height={160} loading="lazy" />
        ) : (
          <span className="coop-card__cover coop-card__cover--blank" aria-hidden="true" />
        )}
        <span className="coop-card__title">{page.title}</span>
      </Link>
      <p className="coop-card__summary">{page.summary}</p>
      <span className="coop-meta">
        {page.file_count ? <span>{t('fileCount', { count: page.file_count })}</span> : null}
        {page.partner_file_count ? (
          <span className="coop-badge">{t('partnerFiles', { count: page.partner_file_count })}</span>
        ) : null}
        <DateTime iso={page.update_time} dateOnly />
      </span>
    </li>
  );
}

/** The partner directory: the companies staff list, newest first. */
function PartnerDirectory({ site }: { site: Site }) {
  const { t } = useTranslation('cooperation');
  const pages = usePartners(site);
  const partners = pages.data ? pages.data.pages.flatMap((p) => p.list) : [];
  return (
    <section className="coop-section" aria-labelledby="coop-partners" data-testid="coop-partners">
      <h2 id="coop-partners">{t('partners')}</h2>
      {partners.length ? (
        <ul className="coop-partners">
          {partners.map((p) => (
            <li key={p.id} className="coop-partner" data-testid="coop-partner">
              <strong>{p.name}</strong>
              {p.summary ? <span className="coop-partner__summary">{p.summary}</span> : null}
              <span className="coop-meta">
                <span>{t('members', { count: p.member_count })}</span>
                {p.website ? (
                  <a href={p.website} target="_blank" rel="noopener noreferrer nofollow">
                    {t('visit')}
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="coop-empty">{t('partnersEmpty')}</p>
      )}
      <MoreButton query={pages} className="coop-more" testId="coop-partners-more">
        {t('more')}
      </MoreButton>
    </section>
  );
}

/**
 * Where a member applies to become a partner (`#apply`): the application's state and the form, a
 * chunk of its own fetched when opened (antd and the form stay off the page until then). Visitors
 * are sent to sign in first.
 */
function ApplySection() {
  const { t } = useTranslation('cooperation');
  const { site, user, origin } = useShell();
  const location = useLocation();
  const mine = useCall(cooperationMine, {}, { site, enabled: user !== null, staleTime: 0 });
  const [Form, setForm] = useState<ComponentType<CooperationApplyFormProps> | null>(null);
  const application = mine.data?.application ?? null;

  const open = () => {
    import('./CooperationApplyForm').then(
      (module) => setForm(() => module.default),
      () => toast.error(t('notFound')),
    );
  };
  // A link to `#apply` (the personal centre's "edit and resubmit") opens the form at once.
  useEffect(() => {
    if (user && location.hash === '#apply') open();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user, location.hash]);

  return (
    <section id="apply" className="coop-section coop-apply" aria-labelledby="coop-apply" data-testid="coop-apply">
      <h2 id="coop-apply">{t('apply.title')}</h2>
      <p>{t('apply.lead')}</p>
      {mine.data?.partner_company ? (
        <p className="coop-apply__partner" data-testid="coop-apply-partner">
          {t('apply.isPartner', { company: mine.data.partner_company })}
        </p>
      ) : null}
      {application ? (
        <p data-testid="coop-apply-status">
          {t('apply.statusLine', { status: t(`apply.status.${application.status}`) })}
          {application.status === COOPERATION_STATUS.rejected && application.reason ? (
            <span className="coop-apply__reason" data-testid="coop-apply-reason">
              {' '}
              {t('apply.reason', { reason: application.reason })}
            </span>
          ) : null}
        </p>
      ) : null}
      {!user ? (
        <Link
          className="portal-button portal-button--primary"
          to={loginPath(site, { pathname: location.pathname, search: '' }, origin)}
          data-testid="coop-apply-sign-in"
        >
          {t('apply.signIn')}
        </Link>
      ) : Form && mine.data ? (
        <Form mine={mine.data} onChanged={() => void mine.refetch()} />
      ) : mine.data && !mine.data.partner_company ? (
        <PortalButton onClick={open} data-testid="coop-apply-open">
          {application && application.status !== COOPERATION_STATUS.draft ? t('apply.edit') : t('apply.open')}
        </PortalButton>
      ) : null}
    </section>
  );
}

/** `/{lang}/cooperate/index`: programmes or partner cases in their order, the partner directory, the application. */
export function CooperationHomePage({ kind }: { kind: CooperationKind }) {
  const { t } = useTranslation('cooperation');
  const { t: tPages } = useTranslation('pages');
  const { site } = useShell();
  const pages = useCooperationPages(site, kind);
  const list = pages.data ? pages.data.pages.flatMap((p) => p.list) : [];
  const home = cooperationIndexPath(site.prefix);
  return (
    <div className="portal-page coop-page" data-testid="coop-home">
      <header className="coop-head">
        <h1>{tPages('titles:cooperate')}</h1>
        <p className="coop-head__lead">{t('lead')}</p>
      </header>
      <nav className="coop-tabs" aria-label={tPages('titles:cooperate')}>
        {COOPERATION_KINDS.map((k) => (
          <Link
            key={k}
            to={k === 'programme' ? home : `${home}?kind=${k}`}
            aria-current={k === kind ? 'page' : undefined}
            data-testid={`coop-tab-${k}`}
          >
            {t(`kinds.${k}`)}
          </Link>
        ))}
      </nav>
      {list.length ? (
        <ul className="coop-grid" data-testid="coop-pages">
          {list.map((page) => (
            <PageCard key={page.id} page={page} site={site} />
          ))}
        </ul>
      ) : (
        <p className="coop-empty">{t('empty')}</p>
      )}
      <MoreButton query={pages} className="coop-more" testId="coop-more">
        {t('more')}
      </MoreButton>
      <PartnerDirectory site={site} />
      <ApplySection />
    </div>
  );
}
