import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { homePath } from '@portal/contracts/sites';
import { useShell } from '~/lib/shell';

/** A topic or article that does not exist (or is not public): the page answers 404 and says so. */
export function TopicNotFound({ what }: { what: 'topic' | 'article' }) {
  const { t } = useTranslation('topics');
  const { t: tPages } = useTranslation('pages');
  const { site } = useShell();
  return (
    <section className="portal-page portal-error-page" data-testid="topic-not-found">
      <p className="portal-error-page__code" aria-hidden="true">
        404
      </p>
      <h1>{tPages('titles:notFound')}</h1>
      <p>{what === 'topic' ? t('ui.topicNotFound') : t('ui.articleNotFound')}</p>
      <p>
        <Link to={`/${site.prefix}/subject/list`}>{t('ui.listTitle')}</Link>
        {' · '}
        <Link to={homePath(site)}>{tPages('backHome')}</Link>
      </p>
    </section>
  );
}
