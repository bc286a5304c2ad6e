import { pageContent, PAGE_SLUGS, type PageSlug } from '@portal/contracts/pages';
import type { Site } from '@portal/contracts/sites';
import { callQuery } from '~/lib/query/call-query';

export const contentPageQuery = (site: Site, slug: PageSlug) => callQuery(pageContent, site, { slug });

/** The content page a portal path shows: `/cn/terms` → `terms`; the page list names only these paths. */
export function contentSlugOf(pathname: string): PageSlug {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  const slug = PAGE_SLUGS.find((s) => s === last);
  if (!slug) throw new Error(`${pathname} is not a content page`);
  return slug;
}
