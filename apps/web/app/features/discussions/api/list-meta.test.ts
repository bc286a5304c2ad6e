import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { filtersFromSearch } from './list-filters';
import { listMeta } from './list-meta';

const [CN, EN] = SITES;
const base = { origin: 'https://portal.test', title: 'Discussions - Storage', description: 'talk storage' };

describe('the discussion list meta', () => {
  it('gives the plain list its canonical and both languages', () => {
    const meta = listMeta({ ...base, site: EN, filters: filtersFromSearch('') });
    expect(meta).toContainEqual({ title: 'Discussions - Storage' });
    expect(meta).toContainEqual({ name: 'description', content: 'talk storage' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://portal.test/en/discuss/list' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'zh-CN',
      href: 'https://portal.test/cn/discuss/list',
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: 'https://portal.test/cn/discuss/list',
    });
  });

  it('keeps the filters in the canonical address, in their stable order', () => {
    const meta = listMeta({ ...base, site: CN, filters: filtersFromSearch('?type=question&sort=hot') });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://portal.test/cn/discuss/list?sort=hot&type=question',
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'en',
      href: 'https://portal.test/en/discuss/list?sort=hot&type=question',
    });
  });

  it('links no other language for a list filtered by a site-own dictionary entry', () => {
    const meta = listMeta({ ...base, site: CN, filters: filtersFromSearch('?board=4') });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://portal.test/cn/discuss/list?board=4',
    });
    expect(meta.some((m) => 'rel' in m && m.rel === 'alternate')).toBe(false);
  });
});
