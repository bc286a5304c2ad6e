import type { MetaDescriptor } from 'react-router';
import { cooperationPagePath } from '@portal/contracts/cooperation';
import { DEFAULT_SITE, SITES, siteById, type Site } from '@portal/contracts/sites';

/** Reads `:id` of a cooperation page: a positive whole number, else null (the page answers 404). */
export function idParam(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

/** The meta description: the summary on one line, cut at 160 characters. */
export function describe(text: string, fallback: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return fallback;
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * A cooperation page's `<head>`: title, description, Open Graph, the canonical address and hreflang
 * links to its linked language versions (other pages with their own ids).
 */
export function cooperationMeta(input: {
  origin: string;
  site: Site;
  id: number;
  title: string;
  description: string;
  siteName: string;
  cover: string;
  versions: ReadonlyArray<{ tws_id: number; id: number }>;
}): MetaDescriptor[] {
  const url = (site: Site, id: number) => `${input.origin}${cooperationPagePath(site.prefix, id)}`;
  const versions = new Map<Site, number>([[input.site, input.id]]);
  for (const v of input.versions) {
    const site = siteById(v.tws_id);
    if (site && !versions.has(site)) versions.set(site, v.id);
  }
  const tags: MetaDescriptor[] = [
    { title: `${input.title} - ${input.siteName}` },
    { name: 'description', content: input.description },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:type', content: 'article' },
    { tagName: 'link', rel: 'canonical', href: url(input.site, input.id) },
  ];
  if (input.cover) tags.push({ property: 'og:image', content: `${input.origin}${input.cover}` });
  for (const site of SITES) {
    const id = versions.get(site);
    if (id !== undefined)
      tags.push({ tagName: 'link', rel: 'alternate', hrefLang: site.htmlLang, href: url(site, id) });
  }
  const fallback = versions.get(DEFAULT_SITE);
  if (versions.size > 1 && fallback !== undefined) {
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url(DEFAULT_SITE, fallback) });
  }
  return tags;
}
