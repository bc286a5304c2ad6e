import type { MetaDescriptor } from 'react-router';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { DEFAULT_SITE, SITES, siteById, type Site } from '@portal/contracts/sites';
import { topicArticlePath, topicPath } from '@portal/contracts/topics';

/** Reads `:id` of a topic or article route: a positive integer, else null (the page answers 404). */
export function idParam(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

/** The meta description: a text on one line, cut at `max` characters with an ellipsis. */
export function describe(text: string, fallback: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return fallback;
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

export type ArticleBannerKind = 'pending' | 'rejected' | 'withdrawn';

/** What the preview banner says for an article's status; null for an approved one. */
export function articleBanner(status: number): ArticleBannerKind | null {
  if (status === REVIEW_STATUS.pending) return 'pending';
  if (status === REVIEW_STATUS.rejected) return 'rejected';
  if (status === REVIEW_STATUS.withdrawn) return 'withdrawn';
  return null;
}

interface HeadInput {
  origin: string;
  title: string;
  description: string;
  siteName: string;
  type: 'website' | 'article';
  /** Not for search engines (previews, missing pages). */
  indexable: boolean;
}

function head(input: HeadInput): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: `${input.title} - ${input.siteName}` },
    { name: 'description', content: input.description },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:type', content: input.type },
  ];
  return input.indexable ? tags : [...tags, { name: 'robots', content: 'noindex' }];
}

/** Canonical and hreflang links among the versions of a page (site → its own id there). */
function versionLinks(origin: string, versions: Map<Site, number>, path: (site: Site, id: number) => string) {
  const url = (site: Site, id: number) => `${origin}${path(site, id)}`;
  const links: MetaDescriptor[] = [];
  for (const site of SITES) {
    const id = versions.get(site);
    if (id !== undefined)
      links.push({ tagName: 'link', rel: 'alternate', hrefLang: site.htmlLang, href: url(site, id) });
  }
  const fallback = versions.get(DEFAULT_SITE);
  if (versions.size > 1 && fallback !== undefined) {
    links.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url(DEFAULT_SITE, fallback) });
  }
  return links;
}

/**
 * A topic's page: its title and description, the canonical address. Topics are one site's each
 * (a version on the other site has its own id and title), so only this site's link is given.
 */
export function topicMeta(input: Omit<HeadInput, 'type'> & { site: Site; topicId: number }): MetaDescriptor[] {
  const tags = head({ ...input, type: 'website' });
  if (!input.indexable) return tags;
  const href = `${input.origin}${topicPath(input.site.prefix, input.topicId)}`;
  return [
    ...tags,
    { tagName: 'link', rel: 'canonical', href },
    ...versionLinks(input.origin, new Map([[input.site, input.topicId]]), (s, id) => topicPath(s.prefix, id)),
  ];
}

/**
 * An article's page: its title and summary, the canonical address and hreflang links to its linked
 * language versions, which are other articles with their own ids.
 */
export function articleMeta(
  input: Omit<HeadInput, 'type'> & {
    site: Site;
    articleId: number;
    versions: ReadonlyArray<{ siteId: number; id: number }>;
  },
): MetaDescriptor[] {
  const tags = head({ ...input, type: 'article' });
  if (!input.indexable) return tags;
  const versions = new Map<Site, number>([[input.site, input.articleId]]);
  for (const version of input.versions) {
    const site = siteById(version.siteId);
    if (site && !versions.has(site)) versions.set(site, version.id);
  }
  return [
    ...tags,
    {
      tagName: 'link',
      rel: 'canonical',
      href: `${input.origin}${topicArticlePath(input.site.prefix, input.articleId)}`,
    },
    ...versionLinks(input.origin, versions, (s, id) => topicArticlePath(s.prefix, id)),
  ];
}

/** schema.org Article of an article's page (search engines' structured data). */
export function articleJsonLd(input: {
  origin: string;
  site: Site;
  articleId: number;
  title: string;
  description: string;
  authorName: string;
  published: string | null;
  modified: string;
  topic: string;
  siteName: string;
}): Record<string, unknown> {
  const url = `${input.origin}${topicArticlePath(input.site.prefix, input.articleId)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: input.title.slice(0, 110),
    description: input.description,
    inLanguage: input.site.htmlLang,
    mainEntityOfPage: url,
    url,
    author: { '@type': 'Person', name: input.authorName },
    ...(input.published ? { datePublished: input.published } : {}),
    dateModified: input.modified,
    articleSection: input.topic,
    publisher: { '@type': 'Organization', name: input.siteName },
  };
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>` and `&` escaped so that no text
 * of the article can close the script element or open a comment.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
