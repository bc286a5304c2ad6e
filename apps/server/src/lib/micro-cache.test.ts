import { describe, expect, it } from 'vitest';
import { microCache } from './micro-cache';

function setUp(ttlMs = 1000, maxEntries = 3) {
  let now = 1_000_000;
  const cache = microCache<string>({ ttlMs, maxEntries, now: () => now });
  let loads = 0;
  const load = (value: string, until?: number) => async () => {
    loads += 1;
    return { value: `${value}#${loads}`, until };
  };
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

describe('micro-cache', () => {
  it('answers a key from one load until ttlMs has passed', async () => {
    const t = setUp();
    expect(await t.cache.get('a', t.load('a'))).toBe('a#1');
    t.advance(999);
    expect(await t.cache.get('a', t.load('a'))).toBe('a#1');
    t.advance(1);
    expect(await t.cache.get('a', t.load('a'))).toBe('a#2');
    expect(await t.cache.get('b', t.load('b'))).toBe('b#3');
  });

  it('keeps an answer no later than its own deadline', async () => {
    const t = setUp();
    expect(await t.cache.get('a', t.load('a', t.now() + 10))).toBe('a#1');
    t.advance(9);
    expect(await t.cache.get('a', t.load('a'))).toBe('a#1');
    t.advance(1);
    expect(await t.cache.get('a', t.load('a'))).toBe('a#2');
  });

  it('shares one load among concurrent misses, and shares its failure without keeping it', async () => {
    const t = setUp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.cache.get('a', t.load('a'))));
    expect(new Set(answers)).toEqual(new Set(['a#1']));
    expect(t.loads()).toBe(1);

    const failing = () => Promise.reject(new Error('down'));
    const both = await Promise.allSettled([t.cache.get('x', failing), t.cache.get('x', failing)]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await t.cache.get('x', t.load('x'))).toBe('x#2');
  });

  it('forgets every answer on clear, and does not keep one whose load began before the clear', async () => {
    const t = setUp();
    await t.cache.get('a', t.load('a'));
    t.cache.clear();
    expect(await t.cache.get('a', t.load('a'))).toBe('a#2');

    let release!: () => void;
    const slow = t.cache.get('a2', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { value: 'before the write' };
    });
    t.cache.clear();
    release();
    expect(await slow).toBe('before the write');
    expect(await t.cache.get('a2', t.load('a2'))).toBe('a2#3');
  });

  it('holds at most maxEntries, dropping the oldest first', async () => {
    const t = setUp(1000, 2);
    await t.cache.get('a', t.load('a'));
    await t.cache.get('b', t.load('b'));
    await t.cache.get('c', t.load('c'));
    expect(await t.cache.get('c', t.load('c'))).toBe('c#3');
    expect(await t.cache.get('b', t.load('b'))).toBe('b#2');
    expect(await t.cache.get('a', t.load('a'))).toBe('a#4');
  });

  it('loads every time when turned off', async () => {
    const t = setUp(0);
    await t.cache.get('a', t.load('a'));
    expect(await t.cache.get('a', t.load('a'))).toBe('a#2');
  });
});
