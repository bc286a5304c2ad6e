import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { directoryFiltersFromSearch, directoryHref, directoryQueries } from './directory-queries';

describe('the experts directory queries', () => {
  it('reads the industry and field filters from the query string, ignoring what is no id', () => {
    expect(directoryFiltersFromSearch('?industry=3&field=7')).toEqual({ industry: 3, field: 7 });
    expect(directoryFiltersFromSearch('?industry=0&field=x')).toEqual({});
    expect(directoryFiltersFromSearch('?industry=99999999999')).toEqual({});
    expect(directoryFiltersFromSearch('')).toEqual({});
  });

  it('links to the filters and keeps sites and filters apart in the cache', () => {
    const [zh, en] = SITES;
    expect(directoryHref(zh!, {})).toBe('/cn/stationed/index');
    expect(directoryHref(en!, { industry: 2, field: 5 })).toBe('/en/stationed/index?industry=2&field=5');
    const keys = SITES.flatMap((site) =>
      [{}, { industry: 1 }].map((f) => JSON.stringify(directoryQueries(site, f)[0]!.queryKey)),
    );
    expect(new Set(keys).size).toBe(4);
  });
});
