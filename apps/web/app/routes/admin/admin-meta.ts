import type { MetaDescriptor } from 'react-router';
import { siteById } from '@portal/contracts/sites';
import { backOfficeCatalogues } from '@portal/locales/back-office';
import { cooperationBackOfficeCatalogues } from '@portal/locales/cooperation';
import { adminPageByRouteId } from '~/admin-pages';
import type { RouteMetaArgs } from '~/lib/route-meta';
import { catalogueOf } from '~/lib/catalogue';
import { siteOfPage } from '~/lib/site';

/**
 * `<head>` of a back-office screen: "screen - Back office - site name" in the interface language,
 * kept out of search engines. Every admin route module exports `meta = adminMeta`, since React
 * Router renders only the deepest route's meta.
 */
export function adminMeta(args: RouteMetaArgs): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === 'root')?.loaderData as { siteId?: number } | undefined;
  const lang = siteOfPage(args.location.pathname, siteById(root?.siteId)).lang;
  // The portal's texts of the page's language and the back office's (which come with its chunk).
  const texts = { ...catalogueOf(lang), ...backOfficeCatalogues[lang], ...cooperationBackOfficeCatalogues[lang] };
  const leaf = args.matches[args.matches.length - 1];
  const page = leaf ? adminPageByRouteId(leaf.id) : undefined;
  const parts = [texts.admin.title, texts.common.siteName];
  if (page) {
    const at = page.titleKey.indexOf('.');
    const ns = texts[page.titleKey.slice(0, at) as keyof typeof texts] as Record<string, unknown> | undefined;
    const title = ns?.[page.titleKey.slice(at + 1)];
    if (typeof title === 'string') parts.unshift(title);
  }
  return [{ title: parts.join(' - ') }, { name: 'robots', content: 'noindex, nofollow' }];
}
