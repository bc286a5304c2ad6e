// @vitest-environment node
import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { generateVisitorId, isVisitorId, readOrCreateVisitorId } from './visitor-id';

const randomBytes = (n: number) => new Uint8Array(nodeRandomBytes(n));

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void values.set(key, value)),
  };
}

describe('generateVisitorId', () => {
  it('makes 16 characters from A-Z, a-z and 0-9', () => {
    for (let i = 0; i < 200; i += 1) expect(generateVisitorId(randomBytes)).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it('maps bytes onto the alphabet in order and redraws bytes that would bias it', () => {
    // 248..255 would make the first 8 characters likelier (256 = 4 × 62 + 8), so they are skipped.
    const batches = [
      [248, 0, 25, 26, 51, 52, 61, 62, 255, 247, 1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22],
    ];
    const source = vi.fn((n: number) => new Uint8Array(batches.shift()!.slice(0, n)));
    expect(generateVisitorId(source)).toBe('AZaz09A9BCDEFGHI');
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('spreads characters evenly over many ids', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i += 1) {
      for (const character of generateVisitorId(randomBytes)) counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    const expected = (4000 * 16) / 62;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.2);
  });
});

describe('readOrCreateVisitorId', () => {
  it('creates the id once under permanent_tourist_id and reuses it', () => {
    const storage = memoryStorage();
    const first = readOrCreateVisitorId(storage, randomBytes);
    const second = readOrCreateVisitorId(storage, randomBytes);
    expect(isVisitorId(first)).toBe(true);
    expect(second).toBe(first);
    expect(storage.values.get('permanent_tourist_id')).toBe(first);
    expect(storage.setItem).toHaveBeenCalledTimes(1);
  });

  it('keeps an id stored by an earlier visit', () => {
    const storage = memoryStorage({ permanent_tourist_id: 'Ab3dEf6hIj9lMn2p' });
    expect(readOrCreateVisitorId(storage, randomBytes)).toBe('Ab3dEf6hIj9lMn2p');
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('replaces a stored value of the wrong shape, since it travels in a header', () => {
    const storage = memoryStorage({ permanent_tourist_id: 'short\nvalue' });
    const id = readOrCreateVisitorId(storage, randomBytes);
    expect(isVisitorId(id)).toBe(true);
    expect(storage.values.get('permanent_tourist_id')).toBe(id);
  });

  it('still hands out an id when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(isVisitorId(readOrCreateVisitorId(blocked, randomBytes))).toBe(true);
  });
});
