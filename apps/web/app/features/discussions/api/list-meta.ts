import type { MetaDescriptor } from 'react-router';
import { DEFAULT_SITE, SITES, type Site } from '@portal/contracts/sites';
import { crossSiteSearch, searchOfFilters, type ListFilters } from './list-filters';

export interface ListMetaInput {
  origin: string;
  site: Site;
  filters: ListFilters;
  title: string;
  description: string;
}

/**
 * The `<head>` of the discussion list: its own description, a canonical address that keeps the
 * filters in their one stable order (a filtered list is a page of its own), and hreflang links to
 * the other language's same list when there is one (see `crossSiteSearch`).
 */
export function listMeta({ origin, site, filters, title, description }: ListMetaInput): MetaDescriptor[] {
  const path = (s: Site, search: string) => `${origin}/${s.prefix}/discuss/list${search}`;
  const head: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { tagName: 'link', rel: 'canonical', href: path(site, searchOfFilters(filters)) },
  ];
  const shared = crossSiteSearch(filters);
  if (shared === null) return head;
  return [
    ...head,
    ...SITES.map((s) => ({ tagName: 'link', rel: 'alternate', hrefLang: s.htmlLang, href: path(s, shared) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: path(DEFAULT_SITE, shared) },
  ];
}
