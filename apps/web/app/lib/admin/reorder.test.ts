import { describe, expect, it } from 'vitest';
import { movedIds } from './reorder';

describe('movedIds', () => {
  it('moves an entry up or down by one and leaves the list it was given alone', () => {
    const ids = [1, 2, 3, 4];
    expect(movedIds(ids, 2, -1)).toEqual([1, 3, 2, 4]);
    expect(movedIds(ids, 0, 1)).toEqual([2, 1, 3, 4]);
    expect(ids).toEqual([1, 2, 3, 4]);
  });
});
