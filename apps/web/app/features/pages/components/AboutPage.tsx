import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { useShell } from '~/lib/shell';
import { aboutQuery } from '../api/about-query';

/** The About page; its HTML is sanitised by the server (decisions.md: allow-list on the way in). */
export function AboutPage() {
  const { t } = useTranslation('titles');
  const { site } = useShell();
  const { data } = useQuery(aboutQuery(site));
  return (
    <article className="portal-page portal-about" data-testid="about-page">
      <h1>{data?.title || t('about')}</h1>
      {data ? <div className="portal-rich-text" dangerouslySetInnerHTML={{ __html: data.content }} /> : null}
    </article>
  );
}
