import { describe, expect, it } from 'vitest';
import { PageCache, type CachedPage } from './page-cache';

const page = (body: string): CachedPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  body: [Buffer.from(body)],
});
const text = (p: CachedPage | null | undefined) => (p ? Buffer.concat(p.body).toString() : undefined);

describe('the page cache', () => {
  it('serves a page until its time to live runs out', () => {
    let now = 1000;
    const cache = new PageCache({ maxEntries: 10, ttlMs: 5000, now: () => now });
    cache.set('a', page('A'));
    now += 4999;
    expect(text(cache.get('a'))).toBe('A');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it.each([
    { limit: 'pages', options: { maxEntries: 2 }, fill: 'A' },
    { limit: 'bytes', options: { maxEntries: 10, maxBytes: 10 }, fill: 'AAAA' },
  ])('drops the least recently used page past its limit of $limit', ({ options, fill }) => {
    const cache = new PageCache({ ...options, ttlMs: 60_000 });
    cache.set('a', page(fill));
    cache.set('b', page(fill.replaceAll('A', 'B')));
    cache.get('a');
    cache.set('c', page(fill.replaceAll('A', 'C')));
    expect(cache.get('b')).toBeUndefined();
    expect(text(cache.get('a'))).toBe(fill);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(2 * fill.length);
  });

  it('counts a replaced page by its new size', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 10, ttlMs: 60_000 });
    cache.set('a', page('AAAA'));
    cache.set('a', page('AA'));
    expect(cache.bytes).toBe(2);
  });

  it('keeps no page larger than the whole limit, and counts expired pages out', () => {
    let now = 0;
    const cache = new PageCache({ maxEntries: 10, maxBytes: 10, ttlMs: 1000, now: () => now });
    cache.set('a', page('AAAA'));
    cache.set('big', page('X'.repeat(11)));
    expect(cache.get('big')).toBeUndefined();
    expect(text(cache.get('a'))).toBe('AAAA');
    now += 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });

  it('renders once for concurrent misses of one page', async () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 60_000 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 10));
      return page('A');
    };
    const pages = await Promise.all(Array.from({ length: 20 }, () => cache.getOrRender('a', render)));
    expect(renders).toBe(1);
    expect(pages.every((p) => text(p) === 'A')).toBe(true);
  });

  it('keeps nothing when the render says the page is not cacheable', async () => {
    const cache = new PageCache({ maxEntries: 10, ttlMs: 60_000 });
    expect(await cache.getOrRender('a', async () => null)).toBeNull();
    expect(cache.size).toBe(0);
  });
});
