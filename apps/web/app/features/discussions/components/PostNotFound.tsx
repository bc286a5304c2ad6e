import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { homePath } from '@portal/contracts/sites';
import { useShell } from '~/lib/shell';

/** A post that does not exist, or is hidden or deleted: the page answers 404 and says so. */
export function PostNotFound() {
  const { t } = useTranslation('discuss');
  const { t: tPages } = useTranslation('pages');
  const { site } = useShell();
  return (
    <section className="portal-page portal-error-page" data-testid="discuss-not-found">
      <p className="portal-error-page__code" aria-hidden="true">
        404
      </p>
      <h1>{tPages('titles:notFound')}</h1>
      <p>{t('ui.notFound')}</p>
      <p>
        <Link to={`/${site.prefix}/discuss/list`} data-testid="discuss-not-found-list">
          {t('ui.backToList')}
        </Link>
        {' · '}
        <Link to={homePath(site)}>{tPages('backHome')}</Link>
      </p>
    </section>
  );
}
