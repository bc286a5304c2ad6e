import type { MetaDescriptor } from 'react-router';
import { journalIssuePath } from '@portal/contracts/journal';
import type { Site } from '@portal/contracts/sites';

/** Reads a positive id of the path or query: a whole number, else null (the page answers 404). */
export function idParam(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

/** A text on one line for the meta description, cut at `max` characters with an ellipsis. */
export function describe(text: string, fallback: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return fallback;
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The `<head>` of an issue's page, or of one of its articles read online (`?article=`): title,
 * description, Open Graph, and the canonical address (an issue is one site's; its previews are not
 * for search engines).
 */
export function issueMeta(input: {
  origin: string;
  site: Site;
  issueId: number;
  articleId: number | null;
  title: string;
  description: string;
  siteName: string;
  cover: string;
  indexable: boolean;
}): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: `${input.title} - ${input.siteName}` },
    { name: 'description', content: input.description },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:type', content: input.articleId === null ? 'website' : 'article' },
  ];
  if (input.cover) tags.push({ property: 'og:image', content: `${input.origin}${input.cover}` });
  if (!input.indexable) return [...tags, { name: 'robots', content: 'noindex' }];
  const path = journalIssuePath(input.site.prefix, input.issueId);
  const href = `${input.origin}${path}${input.articleId === null ? '' : `?article=${input.articleId}`}`;
  return [...tags, { tagName: 'link', rel: 'canonical', href }];
}
