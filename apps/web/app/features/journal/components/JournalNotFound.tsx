import { Link } from 'react-router';
import { journalIndexPath } from '@portal/contracts/journal';
import { homePath } from '@portal/contracts/sites';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';

/** An issue or article that does not exist (or is not public yet): the page answers 404 and says so. */
export function JournalNotFound({ what }: { what: 'issue' | 'article' }) {
  const { t } = useTranslation('journal');
  const { t: tPages } = useTranslation('pages');
  const { site } = useShell();
  return (
    <section className="portal-page portal-error-page" data-testid="journal-not-found">
      <p className="portal-error-page__code" aria-hidden="true">
        404
      </p>
      <h1>{tPages('titles:notFound')}</h1>
      <p>{what === 'issue' ? t('ui.issueNotFound') : t('ui.articleNotFound')}</p>
      <p>
        <Link to={journalIndexPath(site.prefix)}>{tPages('titles:journal')}</Link>
        {' · '}
        <Link to={homePath(site)}>{tPages('backHome')}</Link>
      </p>
    </section>
  );
}
