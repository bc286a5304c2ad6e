import type { MetaDescriptor } from 'react-router';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { DEFAULT_SITE, SITES, siteById, type Site } from '@portal/contracts/sites';

/** The detail page's address of a post; `preview` is the author's view of an unpublished one. */
export function postPath(site: Pick<Site, 'prefix'>, id: number, preview = false): string {
  return `/${site.prefix}/discuss/info/${id}${preview ? '/1' : ''}`;
}

/** Reads `:id` of the detail route: a positive integer, else null (the page answers 404). */
export function postIdParam(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

/** `:is_preview` of the detail route: only `1` asks for the preview. */
export function isPreviewParam(raw: string | undefined): boolean {
  return raw === '1';
}

export type ReviewBannerKind = 'pending' | 'rejected' | 'withdrawn';

/** What the preview banner says for a post's status; null for a published post. */
export function reviewBanner(status: number): ReviewBannerKind | null {
  if (status === REVIEW_STATUS.pending) return 'pending';
  if (status === REVIEW_STATUS.rejected) return 'rejected';
  if (status === REVIEW_STATUS.withdrawn) return 'withdrawn';
  return null;
}

export interface Reaction {
  active: boolean;
  count: number;
}

/** A like or favourite toggled: what the page shows at once, before the server answers. */
export function toggled(reaction: Reaction): Reaction {
  return reaction.active
    ? { active: false, count: Math.max(0, reaction.count - 1) }
    : { active: true, count: reaction.count + 1 };
}

/** The meta description of a post: its summary on one line, cut at `max` characters with an ellipsis. */
export function postDescription(summary: string, fallback: string, max = 160): string {
  const line = summary.replace(/\s+/g, ' ').trim();
  if (!line) return fallback;
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

/** A linked language version of a post: the same post in another site. */
export interface LanguageVersion {
  siteId: number;
  postId: number;
}

export interface PostMetaInput {
  origin: string;
  site: Site;
  postId: number;
  title: string;
  description: string;
  siteName: string;
  versions: readonly LanguageVersion[];
  /** Preview pages and missing posts are not for search engines. */
  indexable: boolean;
}

/**
 * The `<head>` of a post's page: its own title and description, the canonical address (never the
 * preview's) and hreflang links to the linked language versions, which are other posts with their
 * own ids, not the same path under the other prefix.
 */
export function postMeta(input: PostMetaInput): MetaDescriptor[] {
  const title = `${input.title} - ${input.siteName}`;
  const head: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:type', content: 'article' },
  ];
  if (!input.indexable) return [...head, { name: 'robots', content: 'noindex' }];
  const url = (site: Site, id: number) => `${input.origin}${postPath(site, id)}`;
  const versions = new Map<Site, number>([[input.site, input.postId]]);
  for (const version of input.versions) {
    const site = siteById(version.siteId);
    if (site && !versions.has(site)) versions.set(site, version.postId);
  }
  const links: MetaDescriptor[] = [{ tagName: 'link', rel: 'canonical', href: url(input.site, input.postId) }];
  for (const site of SITES) {
    const id = versions.get(site);
    if (id !== undefined)
      links.push({ tagName: 'link', rel: 'alternate', hrefLang: site.htmlLang, href: url(site, id) });
  }
  const fallback = versions.get(DEFAULT_SITE);
  if (versions.size > 1 && fallback !== undefined) {
    links.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url(DEFAULT_SITE, fallback) });
  }
  return [...head, ...links];
}

/**
 * The download address of an attachment: the portal's own files take `?download=1` (served as a
 * download whatever their type); another store's address is used as it is.
 */
export function downloadHref(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}
