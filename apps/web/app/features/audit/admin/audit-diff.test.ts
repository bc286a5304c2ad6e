import { describe, expect, it } from 'vitest';
import { diffStates, sameJson, showValue } from './audit-diff';

describe('the before/after view of an audit entry', () => {
  it('gives one row per field, marking what changed, appeared or went away', () => {
    const rows = diffStates(
      { title: 'Old', sort: 1, link: '/a', tags: ['x'] },
      { title: 'New', sort: 1, tags: ['x'], ends_at: 5 },
    );
    expect(rows.map((r) => [r.key, r.changed, r.inBefore, r.inAfter])).toEqual([
      ['title', true, true, true],
      ['sort', false, true, true],
      ['link', true, true, false],
      ['tags', false, true, true],
      ['ends_at', true, false, true],
    ]);
  });

  it('spells nested objects out as dotted keys and compares lists whole', () => {
    const rows = diffStates(
      { limits: { image: 2, file: 10 }, ids: [1, 2] },
      { limits: { image: 5, file: 10 }, ids: [2, 1] },
    );
    expect(rows.map((r) => [r.key, r.changed])).toEqual([
      ['limits.image', true],
      ['limits.file', false],
      ['ids', true],
    ]);
  });

  it('shows a creation or a deletion as fields on one side only', () => {
    expect(diffStates(null, { role: 'editor' })).toEqual([
      { key: 'role', before: undefined, after: 'editor', inBefore: false, inAfter: true, changed: true },
    ]);
    expect(diffStates({ role: 'editor' }, undefined).map((r) => [r.key, r.inAfter])).toEqual([['role', false]]);
    expect(diffStates(null, null)).toEqual([]);
  });

  it('keeps a state that is not an object as one row', () => {
    expect(diffStates('not json', null)).toEqual([
      { key: '', before: 'not json', after: null, inBefore: true, inAfter: false, changed: true },
    ]);
    expect(diffStates([1], [1])[0]!.changed).toBe(false);
  });

  it('compares JSON by structure and shows values readably', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(showValue('text')).toBe('text');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue(null)).toBe('null');
    expect(showValue(undefined)).toBe('undefined');
  });
});
