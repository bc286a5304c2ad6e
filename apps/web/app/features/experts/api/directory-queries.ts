import { ID_MAX, PAGE_SIZE } from '@portal/contracts/constants';
import { dictList } from '@portal/contracts/dictionaries';
import { expertDirectory } from '@portal/contracts/experts';
import type { Site } from '@portal/contracts/sites';
import { callQuery } from '~/lib/query/call-query';
import { useCallPages } from '~/lib/query/use-call';

/** The directory's filters: an industry and a field of expertise (dictionary ids), each optional. */
export interface DirectoryFilters {
  industry?: number;
  field?: number;
}

function dictionaryId(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= ID_MAX ? id : undefined;
}

/** The filters from `?industry=&field=`; anything that is no dictionary id is no filter. */
export function directoryFiltersFromSearch(search: string): DirectoryFilters {
  const params = new URLSearchParams(search);
  const industry = dictionaryId(params.get('industry'));
  const field = dictionaryId(params.get('field'));
  return { ...(industry ? { industry } : {}), ...(field ? { field } : {}) };
}

/** The page's link for some filters (none: the bare directory). */
export function directoryHref(site: Site, filters: DirectoryFilters): string {
  const params = new URLSearchParams();
  if (filters.industry) params.set('industry', String(filters.industry));
  if (filters.field) params.set('field', String(filters.field));
  const query = params.toString();
  return `/${site.prefix}/stationed/index${query ? `?${query}` : ''}`;
}

const firstPageBody = (filters: DirectoryFilters) => ({ ...filters, limit: PAGE_SIZE });

/** What the loaders prefetch and the server renders: the first page and the two filters' options. */
export const directoryQueries = (site: Site, filters: DirectoryFilters) => [
  callQuery(expertDirectory, site, firstPageBody(filters)),
  callQuery(dictList, site, { kind: 'industry' }),
  callQuery(dictList, site, { kind: 'scene' }),
];

/** The directory with "load more": the first page from the prefetched query, later ones by cursor. */
export function useExpertDirectory(site: Site, filters: DirectoryFilters) {
  return useCallPages(expertDirectory, firstPageBody(filters), { site, firstPage: true });
}
