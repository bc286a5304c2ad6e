import { Link } from 'react-router';
import { cooperationIndexPath } from '@portal/contracts/cooperation';
import { homePath } from '@portal/contracts/sites';
import { cooperationCatalogues } from '@portal/locales/cooperation';
import { addTexts } from '~/lib/i18n';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';

addTexts(cooperationCatalogues);

/** A cooperation page that does not exist (or is not published): the page answers 404 and says so. */
export function CooperationNotFound() {
  const { t } = useTranslation('cooperation');
  const { t: tPages } = useTranslation('pages');
  const { site } = useShell();
  return (
    <section className="portal-page portal-error-page" data-testid="coop-not-found">
      <p className="portal-error-page__code" aria-hidden="true">
        404
      </p>
      <h1>{tPages('titles:notFound')}</h1>
      <p>{t('notFound')}</p>
      <p>
        <Link to={cooperationIndexPath(site.prefix)}>{tPages('titles:cooperate')}</Link>
        {' · '}
        <Link to={homePath(site)}>{tPages('backHome')}</Link>
      </p>
    </section>
  );
}
