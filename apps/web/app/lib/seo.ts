import type { MetaDescriptor } from 'react-router';
import { DEFAULT_SITE, SITES, pathInSite, siteFromPath, type Lang } from '@portal/contracts/sites';
import { catalogueOf } from './catalogue';
import type { TitleKey } from '~/pages';

/** The `<title>` of a page: the site's default title for home, else "section - site name". */
export function pageTitle(lang: Lang, titleKey: TitleKey): string {
  const texts = catalogueOf(lang);
  return titleKey === 'default' ? texts.titles.default : `${texts.titles[titleKey]} - ${texts.common.siteName}`;
}

/**
 * Canonical and hreflang links between the language versions of a page (decisions.md: every public
 * page has both), as absolute URLs on `origin`. Pages outside both sites get none. The query string
 * is left out: it only filters or flags (`is_admin`) the same page.
 */
export function languageLinks(origin: string, pathname: string): MetaDescriptor[] {
  if (!siteFromPath(pathname)) return [];
  const url = (path: string) => `${origin}${path}`;
  return [
    { tagName: 'link', rel: 'canonical', href: url(pathname) },
    ...SITES.map((site) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: site.htmlLang,
      href: url(pathInSite(pathname, site)),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url(pathInSite(pathname, DEFAULT_SITE)) },
  ];
}

export interface PageMetaInput {
  lang: Lang;
  titleKey: TitleKey;
  origin: string;
  pathname: string;
  /** Error pages are not for search engines. */
  indexable?: boolean;
  /** The page's own description; the site's otherwise. */
  description?: string;
}

/** Everything a page puts in `<head>` through its route `meta`. */
export function pageMeta({
  lang,
  titleKey,
  origin,
  pathname,
  indexable = true,
  description = catalogueOf(lang).meta.description,
}: PageMetaInput): MetaDescriptor[] {
  const title = pageTitle(lang, titleKey);
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    ...(indexable ? languageLinks(origin, pathname) : [{ name: 'robots', content: 'noindex' }]),
  ];
}
