// The search key is checked by its contract's schema as the page renders: zod comes with it.
import '@portal/contracts/zod-ready';
import { SEARCH_KINDS, SEARCH_TIMES, type SearchKind, type SearchTime } from '@portal/contracts/search';
import { searchIndex } from '@portal/contracts/search';
import { fieldIssues } from '~/lib/forms/form-issues';

/**
 * What a search page shows, as its address holds it: the key in the path
 * (`/{prefix}/search/{key}`), the kind and the time span in the query (`?kind=post&time=week`), so
 * a result list can be shared. Defaults are left out; an unknown kind or time falls back to the
 * default rather than failing the page (the key is the only thing refused: spec 5).
 */
export interface SearchFilters {
  /** The key as typed in the URL, untrimmed and uncut: the page refuses a long one, never shortens it. */
  key: string;
  kind: SearchKind | null;
  time: SearchTime;
}

export function searchFiltersOf(rawKey: string | undefined, search: string): SearchFilters {
  const q = new URLSearchParams(search);
  const kind = q.get('kind');
  const time = q.get('time');
  return {
    key: rawKey ?? '',
    kind: (SEARCH_KINDS as readonly string[]).includes(kind ?? '') ? (kind as SearchKind) : null,
    time: (SEARCH_TIMES as readonly string[]).includes(time ?? '') ? (time as SearchTime) : 'all',
  };
}

/** The page's address for the filters, with `change` applied. */
export function searchHref(prefix: string, f: SearchFilters, change: Partial<SearchFilters> = {}): string {
  const next = { ...f, ...change };
  const key = next.key.trim();
  const q = new URLSearchParams();
  if (next.kind) q.set('kind', next.kind);
  if (next.time !== 'all') q.set('time', next.time);
  const query = q.toString();
  return `/${prefix}/search${key ? `/${encodeURIComponent(key)}` : ''}${query ? `?${query}` : ''}`;
}

/** The body of `search.index` for the filters (the first page; later pages add `cursor`). */
export function searchBody(f: SearchFilters, limit: number) {
  return {
    search_key: f.key,
    ...(f.kind ? { kind: f.kind } : {}),
    time: f.time,
    limit,
  };
}

/**
 * What is wrong with the key, as the server will say it (the call's own schema, so the page and a
 * 40001 give the same message): a catalogue key such as `search.rules.keyTooLong`, or null. A blank
 * key is not a problem here: the page without a key asks for one.
 */
export function keyProblem(key: string): string | null {
  if (key.trim() === '') return null;
  const issue = fieldIssues(searchIndex.body, { search_key: key }).find((i) => i.field === 'search_key');
  return issue?.key ?? null;
}

/**
 * Other words to try when nothing was found: each word of a key of several, and the first two
 * characters of a longer Chinese run (one- and two-character Chinese keys are indexed, decision 039).
 */
export function shorterKeys(key: string): string[] {
  const words = key.trim().split(/\s+/).filter(Boolean);
  const found = new Set<string>();
  if (words.length > 1) for (const w of words) found.add(w);
  for (const w of words) {
    const han = w.match(/\p{Script=Han}{3,}/u)?.[0];
    if (han) found.add([...han].slice(0, 2).join(''));
  }
  found.delete(key.trim());
  return [...found].slice(0, 4);
}
