/** The two sites of the portal (spec 3 "Site data", decisions.md "Sites, languages, URLs"). */
export const SITES = [
  { tws_id: 1, apply_site: 'protal', lang: 'zh', prefix: 'cn', tws_name: '中文', htmlLang: 'zh-CN' },
  { tws_id: 2, apply_site: 'protal_en', lang: 'en', prefix: 'en', tws_name: 'English', htmlLang: 'en' },
] as const;

export type Site = (typeof SITES)[number];
export type SiteId = Site['tws_id'];
export type SiteCode = Site['apply_site'];
export type Lang = Site['lang'];
export type PathPrefix = Site['prefix'];

export const DEFAULT_SITE: Site = SITES[0];
export const LANGS: readonly Lang[] = SITES.map((s) => s.lang);

export function siteById(id: unknown): Site | undefined {
  const n = typeof id === 'string' ? Number(id) : id;
  return SITES.find((s) => s.tws_id === n);
}

export function siteByCode(code: string | undefined): Site | undefined {
  return SITES.find((s) => s.apply_site === code);
}

export function siteByLang(lang: string | undefined | null): Site | undefined {
  return SITES.find((s) => s.lang === lang);
}

/** The first path segment decides the language: `cn` is Chinese, any other known prefix its own. */
export function siteByPrefix(prefix: string | undefined): Site | undefined {
  return SITES.find((s) => s.prefix === prefix);
}

/** Reads the site from a path such as `/en/index/index`; undefined when the path has no site prefix. */
export function siteFromPath(pathname: string): Site | undefined {
  return siteByPrefix(pathname.split('/')[1]);
}

/** The same path in another site's prefix: `/cn/about` -> `/en/about`. */
export function pathInSite(pathname: string, site: Site): string {
  const parts = pathname.split('/');
  if (siteByPrefix(parts[1])) parts[1] = site.prefix;
  else parts.splice(1, 0, site.prefix);
  return parts.join('/') || '/';
}

export function homePath(site: Site): string {
  return `/${site.prefix}/index/index`;
}
