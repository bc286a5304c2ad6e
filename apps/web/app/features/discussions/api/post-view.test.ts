import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import {
  downloadHref,
  isPreviewParam,
  postDescription,
  postIdParam,
  postMeta,
  postPath,
  reviewBanner,
  toggled,
} from './post-view';

const [CN, EN] = SITES;

describe('the post detail page helpers', () => {
  it('reads the route parameters', () => {
    expect(postIdParam('42')).toBe(42);
    for (const raw of [undefined, '', '0', '-1', '1.5', 'abc', '042', '99999999999'])
      expect(postIdParam(raw)).toBeNull();
    expect(isPreviewParam('1')).toBe(true);
    expect(isPreviewParam(undefined)).toBe(false);
    expect(isPreviewParam('0')).toBe(false);
  });

  it('builds the address of a post and of its preview', () => {
    expect(postPath(CN, 7)).toBe('/cn/discuss/info/7');
    expect(postPath(EN, 7, true)).toBe('/en/discuss/info/7/1');
  });

  it('names the preview banner by status', () => {
    expect(reviewBanner(10)).toBe('pending');
    expect(reviewBanner(30)).toBe('rejected');
    expect(reviewBanner(40)).toBe('withdrawn');
    expect(reviewBanner(20)).toBeNull();
  });

  it('toggles a like both ways and never counts below zero', () => {
    expect(toggled({ active: false, count: 4 })).toEqual({ active: true, count: 5 });
    expect(toggled({ active: true, count: 5 })).toEqual({ active: false, count: 4 });
    expect(toggled({ active: true, count: 0 })).toEqual({ active: false, count: 0 });
  });

  it('describes a post by its summary on one line, cut by characters', () => {
    expect(postDescription('  two\n lines  ', 'site')).toBe('two lines');
    expect(postDescription('   ', 'site')).toBe('site');
    const long = '存'.repeat(200);
    const cut = postDescription(long, 'site', 160);
    expect(Array.from(cut)).toHaveLength(160);
    expect(cut.endsWith('…')).toBe(true);
  });

  const base = {
    origin: 'https://portal.test',
    site: CN,
    postId: 7,
    title: 'Ceph',
    description: 'about ceph',
    siteName: '存储社区',
  };

  it('links the canonical and the language versions of a post by their own ids', () => {
    const meta = postMeta({ ...base, versions: [{ siteId: 2, postId: 9 }], indexable: true });
    expect(meta).toContainEqual({ title: 'Ceph - 存储社区' });
    expect(meta).toContainEqual({ name: 'description', content: 'about ceph' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://portal.test/cn/discuss/info/7' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'en',
      href: 'https://portal.test/en/discuss/info/9',
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: 'https://portal.test/cn/discuss/info/7',
    });
  });

  it('gives a post without versions only its own language and no x-default', () => {
    const meta = postMeta({ ...base, site: EN, versions: [], indexable: true });
    const links = meta.filter((m) => 'tagName' in m);
    expect(links).toEqual([
      { tagName: 'link', rel: 'canonical', href: 'https://portal.test/en/discuss/info/7' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: 'https://portal.test/en/discuss/info/7' },
    ]);
  });

  it('keeps previews out of search engines', () => {
    const meta = postMeta({ ...base, versions: [{ siteId: 2, postId: 9 }], indexable: false });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(meta.some((m) => 'tagName' in m)).toBe(false);
  });
});

describe('the download address of an attachment', () => {
  it('asks the portal for a download, and leaves other stores alone', () => {
    expect(downloadHref('/attachments/12')).toBe('/attachments/12?download=1');
    expect(downloadHref('/attachments/12?v=2')).toBe('/attachments/12?v=2&download=1');
    expect(downloadHref('https://bucket.example.com/a.pdf')).toBe('https://bucket.example.com/a.pdf');
    expect(downloadHref('//cdn.example.com/a.pdf')).toBe('//cdn.example.com/a.pdf');
  });
});
