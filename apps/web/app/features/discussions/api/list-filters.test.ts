import { describe, expect, it } from 'vitest';
import {
  crossSiteSearch,
  DEFAULT_FILTERS,
  filtersFromSearch,
  isFiltered,
  listHref,
  searchOfFilters,
} from './list-filters';

describe('the discussion list filters in the URL', () => {
  it('reads every filter from the query', () => {
    expect(filtersFromSearch('?board=3&industry=12&scene=7&sort=hot&type=question')).toEqual({
      board: 3,
      industry: 12,
      scene: 7,
      sort: 'hot',
      type: 'question',
    });
  });

  it('falls back to the defaults for missing or unreadable values', () => {
    expect(filtersFromSearch('')).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearch('?board=0&industry=-1&scene=1e3&sort=oldest&type=poll&board=x')).toEqual(DEFAULT_FILTERS);
    expect(filtersFromSearch('?board=99999999999').board).toBeNull();
    expect(filtersFromSearch('?scene=2147483648').scene).toBeNull();
  });

  it('writes a stable query: fixed order, defaults left out', () => {
    expect(searchOfFilters(DEFAULT_FILTERS)).toBe('');
    expect(searchOfFilters({ ...DEFAULT_FILTERS, type: 'question', board: 4 })).toBe('?board=4&type=question');
    expect(searchOfFilters({ board: 1, industry: 2, scene: 3, sort: 'unanswered', type: 'discussion' })).toBe(
      '?board=1&industry=2&scene=3&sort=unanswered&type=discussion',
    );
  });

  it('round-trips through the query', () => {
    const filters = { board: 9, industry: null, scene: 5, sort: 'hot', type: 'all' } as const;
    expect(filtersFromSearch(searchOfFilters(filters))).toEqual(filters);
  });

  it('builds list links that change one filter and keep the others', () => {
    const filters = filtersFromSearch('?industry=2&sort=hot');
    expect(listHref('en', filters, { scene: 8 })).toBe('/en/discuss/list?industry=2&scene=8&sort=hot');
    expect(listHref('cn', filters, { sort: 'latest', industry: null })).toBe('/cn/discuss/list');
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
  });
});

describe('the other language of a filtered list', () => {
  it('keeps sort and type, which mean the same on both sites', () => {
    expect(crossSiteSearch(filtersFromSearch('?sort=hot&type=question'))).toBe('?sort=hot&type=question');
    expect(crossSiteSearch(DEFAULT_FILTERS)).toBe('');
  });

  it('has none when a site-own dictionary entry filters the list', () => {
    expect(crossSiteSearch(filtersFromSearch('?board=3'))).toBeNull();
    expect(crossSiteSearch(filtersFromSearch('?industry=3&sort=hot'))).toBeNull();
    expect(crossSiteSearch(filtersFromSearch('?scene=3'))).toBeNull();
  });
});
