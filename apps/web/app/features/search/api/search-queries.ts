import type { CallData } from '@portal/contracts/call';
import { PAGE_SIZE } from '@portal/contracts/constants';
import { searchIndex } from '@portal/contracts/search';
import type { Site } from '@portal/contracts/sites';
import { callQuery, type CallQuery } from '~/lib/query/call-query';
import { useCallPages } from '~/lib/query/use-call';
import { keyProblem, searchBody, type SearchFilters } from './search-filters';

export type SearchResults = CallData<typeof searchIndex>;

/** True when the page has a key worth asking the server about (not blank, not refused). */
const isSearchable = (f: SearchFilters) => f.key.trim() !== '' && keyProblem(f.key) === null;

const searchFirstPageQuery = (site: Site, f: SearchFilters) => callQuery(searchIndex, site, searchBody(f, PAGE_SIZE));

/** What the page shows at first: the first page of results, when there is a key to search. */
export const searchPageQueries = (site: Site, f: SearchFilters): CallQuery[] =>
  isSearchable(f) ? [searchFirstPageQuery(site, f)] : [];

/** The results with "load more"; only for a searchable key (the component is not drawn otherwise). */
export function useSearchResults(site: Site, f: SearchFilters) {
  return useCallPages(searchIndex, searchBody(f, PAGE_SIZE), { site, firstPage: true });
}
