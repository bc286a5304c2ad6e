import { SEARCH_KEYWORD_MAX } from '@portal/contracts/constants';
import type { Site } from '@portal/contracts/sites';

/**
 * The keyword as searched: trimmed and cut to SEARCH_KEYWORD_MAX characters (code points, so an
 * emoji or a rare CJK character is never split in half).
 */
export function normaliseKeyword(raw: string): string {
  return Array.from(raw.trim()).slice(0, SEARCH_KEYWORD_MAX).join('').trim();
}

/** `/{prefix}/search/{keyword}`, or the bare search page when nothing is left to search. */
export function searchPath(site: Site, raw: string): string {
  const keyword = normaliseKeyword(raw);
  return keyword ? `/${site.prefix}/search/${encodeURIComponent(keyword)}` : `/${site.prefix}/search`;
}

/** The keyword of a search page's path (`/{prefix}/search/{keyword}`), for the navbar's box. */
export function keywordInPath(pathname: string, site: Site): string {
  const prefix = `/${site.prefix}/search/`;
  if (!pathname.startsWith(prefix)) return '';
  const raw = pathname.slice(prefix.length).split('/')[0] ?? '';
  try {
    return normaliseKeyword(decodeURIComponent(raw));
  } catch {
    return '';
  }
}
