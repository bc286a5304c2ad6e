import { describe, expect, it } from 'vitest';
import { languageLinks, pageMeta, pageTitle } from './seo';

describe('page titles', () => {
  it('uses the default title on the home page and "section - site" elsewhere, per language', () => {
    expect(pageTitle('zh', 'default')).toBe('存储社区 - 数据存储行业交流平台');
    expect(pageTitle('en', 'default')).toBe('Storage Community - the data-storage industry portal');
    expect(pageTitle('zh', 'about')).toBe('关于我们 - 存储社区');
    expect(pageTitle('en', 'activity')).toBe('Events - Storage Community');
  });
});

describe('canonical and hreflang links', () => {
  it('links a page to both language versions with absolute URLs, and x-default to Chinese', () => {
    expect(languageLinks('https://portal.example.com', '/en/activity/info/7')).toEqual([
      { tagName: 'link', rel: 'canonical', href: 'https://portal.example.com/en/activity/info/7' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'zh-CN', href: 'https://portal.example.com/cn/activity/info/7' },
      { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: 'https://portal.example.com/en/activity/info/7' },
      {
        tagName: 'link',
        rel: 'alternate',
        hrefLang: 'x-default',
        href: 'https://portal.example.com/cn/activity/info/7',
      },
    ]);
  });

  it('gives pages outside both sites no language links', () => {
    expect(languageLinks('https://portal.example.com', '/404')).toEqual([]);
  });
});

describe('page meta', () => {
  it('has title, description and the language links', () => {
    const meta = pageMeta({ lang: 'en', titleKey: 'about', origin: 'http://x', pathname: '/en/about' });
    expect(meta).toContainEqual({ title: 'About Us - Storage Community' });
    expect(meta.find((m) => 'name' in m && m.name === 'description')).toBeTruthy();
    expect(meta.filter((m) => 'tagName' in m)).toHaveLength(4);
  });

  it('marks error pages noindex instead', () => {
    const meta = pageMeta({ lang: 'zh', titleKey: 'notFound', origin: 'http://x', pathname: '/404', indexable: false });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(meta.filter((m) => 'tagName' in m)).toHaveLength(0);
  });
});
