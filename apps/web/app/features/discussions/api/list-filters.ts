/**
 * The discussion list's filters as they live in the URL query, so that a filtered list has one
 * stable address (shareable, indexable, back-button friendly). Defaults are left out of the query;
 * anything unreadable falls back to the default rather than failing the page.
 */
export const LIST_SORTS = ['latest', 'hot', 'unanswered'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export const LIST_TYPES = ['all', 'discussion', 'question'] as const;
export type ListType = (typeof LIST_TYPES)[number];

export interface ListFilters {
  /** Board dictionary entry id; null is every board. */
  board: number | null;
  industry: number | null;
  scene: number | null;
  sort: ListSort;
  type: ListType;
}

export const DEFAULT_FILTERS: ListFilters = { board: null, industry: null, scene: null, sort: 'latest', type: 'all' };

function positiveId(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

function oneOf<T extends string>(options: readonly T[], raw: string | null, fallback: T): T {
  return (options as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback;
}

/** Reads the filters from a query string (`?board=3&sort=hot`). */
export function filtersFromSearch(search: string): ListFilters {
  const q = new URLSearchParams(search);
  return {
    board: positiveId(q.get('board')),
    industry: positiveId(q.get('industry')),
    scene: positiveId(q.get('scene')),
    sort: oneOf(LIST_SORTS, q.get('sort'), DEFAULT_FILTERS.sort),
    type: oneOf(LIST_TYPES, q.get('type'), DEFAULT_FILTERS.type),
  };
}

/** The query string of `filters`, in a fixed order, defaults left out; '' for the plain list. */
export function searchOfFilters(filters: ListFilters): string {
  const q = new URLSearchParams();
  if (filters.board !== null) q.set('board', String(filters.board));
  if (filters.industry !== null) q.set('industry', String(filters.industry));
  if (filters.scene !== null) q.set('scene', String(filters.scene));
  if (filters.sort !== DEFAULT_FILTERS.sort) q.set('sort', filters.sort);
  if (filters.type !== DEFAULT_FILTERS.type) q.set('type', filters.type);
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The list's address with `change` applied to the current filters. */
export function listHref(prefix: string, filters: ListFilters, change: Partial<ListFilters> = {}): string {
  return `/${prefix}/discuss/list${searchOfFilters({ ...filters, ...change })}`;
}

/** Whether any filter differs from the plain list (the page then says so and offers to clear). */
export function isFiltered(filters: ListFilters): boolean {
  return searchOfFilters(filters) !== '';
}

/**
 * The same list in the other language, as a query: sort and type mean the same on both sites, but
 * boards, industries and scenes are each site's own dictionary entries, so a list filtered by them
 * has no counterpart (null).
 */
export function crossSiteSearch(filters: ListFilters): string | null {
  if (filters.board !== null || filters.industry !== null || filters.scene !== null) return null;
  return searchOfFilters({ ...DEFAULT_FILTERS, sort: filters.sort, type: filters.type });
}
