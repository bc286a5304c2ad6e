import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { kindFromSearch, mvpFirstPageQuery } from './mvp-queries';

describe('the MVP page list query', () => {
  it('reads the programme filter from the query string, defaulting to all', () => {
    expect(kindFromSearch('?kind=mvp')).toBe('mvp');
    expect(kindFromSearch('?x=1&kind=expert')).toBe('expert');
    expect(kindFromSearch('')).toBe('all');
    expect(kindFromSearch('?kind=admin')).toBe('all');
    expect(kindFromSearch('?kind=')).toBe('all');
  });

  it('keeps the two sites and the filters apart in the cache', () => {
    const keys = SITES.flatMap((site) =>
      (['all', 'mvp'] as const).map((kind) => JSON.stringify(mvpFirstPageQuery(site, kind).queryKey)),
    );
    expect(new Set(keys).size).toBe(4);
    expect(mvpFirstPageQuery(SITES[0], 'all').queryKey).toEqual([
      'call',
      'stationed.mvpList',
      'protal',
      { kind: 'all', limit: 15 },
    ]);
  });
});
