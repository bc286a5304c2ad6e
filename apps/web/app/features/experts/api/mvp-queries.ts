import { PAGE_SIZE } from '@portal/contracts/constants';
import { EXPERT_LIST_KINDS, mvpList, type ExpertListKind } from '@portal/contracts/experts';
import { mvpAwards } from '@portal/contracts/mvp-awards';
import type { Site } from '@portal/contracts/sites';
import { callQuery } from '~/lib/query/call-query';
import { useCallPages } from '~/lib/query/use-call';

/** The programme filter of the MVP page, from `?kind=`; anything else is the whole list. */
export function kindFromSearch(search: string): ExpertListKind {
  const kind = new URLSearchParams(search).get('kind');
  return (EXPERT_LIST_KINDS as readonly string[]).includes(kind ?? '') ? (kind as ExpertListKind) : 'all';
}

/** The first page of the list: what the loaders prefetch and the server renders. */
export const mvpFirstPageQuery = (site: Site, kind: ExpertListKind) =>
  callQuery(mvpList, site, { kind, limit: PAGE_SIZE });

/**
 * The list with "load more": the first page comes from the prefetched query (so the server render
 * and hydration need no request), later pages through the request client with `next_cursor`.
 */
export function useMvpList(site: Site, kind: ExpertListKind) {
  return useCallPages(mvpList, { kind, limit: PAGE_SIZE }, { site, firstPage: true });
}

/** The award year of the MVP page's "MVPs by year", from `?year=`; none: the latest year. */
export function yearFromSearch(search: string): number | undefined {
  const year = Number(new URLSearchParams(search).get('year'));
  return Number.isInteger(year) && year >= 2000 && year <= 9999 ? year : undefined;
}

const awardsBody = (year: number | undefined) =>
  year === undefined ? { limit: PAGE_SIZE } : { year, limit: PAGE_SIZE };

/** The first page of a year's MVPs: prefetched by the loaders, rendered on the server. */
export const mvpAwardsFirstPageQuery = (site: Site, year: number | undefined) =>
  callQuery(mvpAwards, site, awardsBody(year));

/** A year's MVPs with "load more" (decision 044). */
export function useMvpAwards(site: Site, year: number | undefined) {
  return useCallPages(mvpAwards, awardsBody(year), { site, firstPage: true });
}
