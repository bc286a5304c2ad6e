import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { cooperationIndexPath, cooperationPagePath, type CooperationPage as Page } from '@portal/contracts/cooperation';
import { siteById } from '@portal/contracts/sites';
import { cooperationCatalogues } from '@portal/locales/cooperation';
import { DateTime } from '~/components/DateTime';
import { addTexts } from '~/lib/i18n';
import { loginPath } from '~/lib/login-link';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { cooperationPageQuery } from '../api/cooperation-queries';

addTexts(cooperationCatalogues);

/** A file's size for people: KB below a megabyte, else MB with one decimal. */
function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A download: a link for who may have it; a lock and the reason (or sign in) for a partner-only file otherwise. */
function FileRow({ file }: { file: Page['files'][number] }) {
  const { t } = useTranslation('cooperation');
  const { site, user, origin } = useShell();
  const location = useLocation();
  return (
    <li className="coop-file" data-testid="coop-file">
      <span className="coop-file__title">{file.title}</span>
      <span className="coop-meta">
        <span>{formatBytes(file.size)}</span>
        {file.partner_only ? <span className="coop-badge">{t('partnerOnly')}</span> : null}
      </span>
      {file.can_download ? (
        <a className="portal-button portal-button--primary" href={file.url} download data-testid="coop-file-download">
          {t('download')}
        </a>
      ) : user ? (
        <span className="coop-file__locked" data-testid="coop-file-locked">
          {t('partnersOnlyHint')}
        </span>
      ) : (
        <Link className="portal-button" to={loginPath(site, location, origin)} data-testid="coop-file-sign-in">
          {t('signInToDownload')}
        </Link>
      )}
    </li>
  );
}

/** `/{lang}/cooperate/info/{id}`: a programme or partner case, its downloads and its other language version. */
export function CooperationPage({ id }: { id: number }) {
  const { t } = useTranslation('cooperation');
  const { site } = useShell();
  const { data: page } = useQuery(cooperationPageQuery(site, id));
  if (!page) return null;
  const other = page.versions.map((v) => ({ ...v, site: siteById(v.tws_id) })).find((v) => v.site);
  return (
    <article className="portal-page coop-page coop-detail" data-testid="coop-detail">
      <nav className="coop-crumbs">
        <Link to={cooperationIndexPath(site.prefix) + (page.kind === 'case' ? '?kind=case' : '')}>{t('back')}</Link>
        <span aria-hidden="true"> / </span>
        <span>{t(`kinds.${page.kind}`)}</span>
      </nav>
      <header className="coop-head">
        <h1 data-testid="coop-title">{page.title}</h1>
        {page.summary ? <p className="coop-head__lead">{page.summary}</p> : null}
        <span className="coop-meta">
          {t('updated')} <DateTime iso={page.update_time} dateOnly />
          {other?.site ? (
            <a
              href={cooperationPagePath(other.site.prefix, other.id)}
              hrefLang={other.site.htmlLang}
              data-testid="coop-other-version"
            >
              {t('otherVersion')}
            </a>
          ) : null}
        </span>
      </header>
      {page.cover_url ? (
        <img className="coop-detail__cover" src={page.cover_url} alt="" width={960} height={320} />
      ) : null}
      {/* Sanitised on the server with the rich-text allow-list (decision 013). */}
      <div className="portal-rich-text coop-body" dangerouslySetInnerHTML={{ __html: page.body_html }} />
      {page.files.length ? (
        <section className="coop-section" aria-labelledby="coop-files" data-testid="coop-files">
          <h2 id="coop-files">{t('files')}</h2>
          <ul className="coop-files">
            {page.files.map((file) => (
              <FileRow key={file.id} file={file} />
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
