import { useQuery } from '@tanstack/react-query';
import type { PageSlug } from '@portal/contracts/pages';
import { useTranslation } from '~/lib/use-translation';
import { useShell } from '~/lib/shell';
import { contentPageQuery } from '../api/content-page-query';

/**
 * A content page staff write in the back office (about, terms, privacy); its HTML is sanitised by
 * the server (decisions.md: allow-list on the way in and out).
 */
export function ContentPage({ slug }: { slug: PageSlug }) {
  const { t } = useTranslation('titles');
  const { site } = useShell();
  const { data } = useQuery(contentPageQuery(site, slug));
  return (
    <article className={`portal-page portal-content-page portal-${slug}`} data-testid={`${slug}-page`}>
      <h1>{data?.title || t(slug)}</h1>
      {data ? <div className="portal-rich-text" dangerouslySetInnerHTML={{ __html: data.content }} /> : null}
    </article>
  );
}
