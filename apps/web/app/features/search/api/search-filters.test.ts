import { describe, expect, it } from 'vitest';
import { keyProblem, searchBody, searchFiltersOf, searchHref, shorterKeys } from './search-filters';

describe('the search page address', () => {
  it('reads the key from the path and kind and time from the query, defaults for anything unknown', () => {
    expect(searchFiltersOf('快照', '?kind=post&time=week')).toEqual({ key: '快照', kind: 'post', time: 'week' });
    expect(searchFiltersOf(undefined, '?kind=board&time=decade')).toEqual({ key: '', kind: null, time: 'all' });
  });

  it('writes the filters back with the key encoded and the defaults left out', () => {
    const f = searchFiltersOf('NVMe & 调优', '');
    expect(searchHref('cn', f)).toBe(`/cn/search/${encodeURIComponent('NVMe & 调优')}`);
    expect(searchHref('en', f, { kind: 'event', time: 'year' })).toBe(
      `/en/search/${encodeURIComponent('NVMe & 调优')}?kind=event&time=year`,
    );
    expect(searchHref('en', f, { key: '  ' })).toBe('/en/search');
  });

  it('asks the call for the filters as they are', () => {
    expect(searchBody(searchFiltersOf('ceph', '?kind=post'), 15)).toEqual({
      search_key: 'ceph',
      kind: 'post',
      time: 'all',
      limit: 15,
    });
    expect(searchBody(searchFiltersOf('ceph', ''), 15)).not.toHaveProperty('kind');
  });
});

describe('the key the page refuses', () => {
  it("refuses more than 20 characters with the call's own message, and nothing else", () => {
    expect(keyProblem('a'.repeat(21))).toBe('search.rules.keyTooLong');
    expect(keyProblem('存'.repeat(21))).toBe('search.rules.keyTooLong');
    expect(keyProblem('存'.repeat(20))).toBeNull();
    // Counted in characters, not UTF-16 units: 20 astral characters are 20.
    expect(keyProblem('𠀀'.repeat(20))).toBeNull();
    expect(keyProblem('')).toBeNull();
    expect(keyProblem('  ceph  ')).toBeNull();
  });
});

describe('other words when nothing is found', () => {
  it('offers each word of several and the first two characters of a long Chinese run', () => {
    expect(shorterKeys('Ceph 分布式存储')).toEqual(['Ceph', '分布式存储', '分布']);
    expect(shorterKeys('快照')).toEqual([]);
    expect(shorterKeys('snapshot')).toEqual([]);
  });
});
