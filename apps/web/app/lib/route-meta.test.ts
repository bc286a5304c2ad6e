import { describe, expect, it } from 'vitest';
import { metaPlace, routeMeta } from './route-meta';

const root = { id: 'root', loaderData: { siteId: 2, origin: 'https://portal.example.com' } };

describe('route meta', () => {
  it('takes the title from the page list by route id, in the language of the URL', () => {
    const meta = routeMeta({
      location: { pathname: '/cn/stationed/mvp' },
      matches: [root, { id: 'cn/stationed-mvp' }],
    });
    expect(meta).toContainEqual({ title: 'MVP - 存储社区' });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://portal.example.com/cn/stationed/mvp',
    });
  });

  it('uses the stored language of the root loader for pages outside both sites', () => {
    const meta = routeMeta(
      { location: { pathname: '/404' }, matches: [root, { id: 'not-found' }] },
      { indexable: false },
    );
    expect(meta).toContainEqual({ title: 'Page not found - Storage Community' });
  });

  it("takes a page's own description in the page's language, else the site's", () => {
    const args = (pathname: string) => ({ location: { pathname }, matches: [root, { id: 'list' }] });
    const own = (lang: string) => (lang === 'en' ? 'Events of the community' : '社区活动');
    expect(routeMeta(args('/en/activity/index'), { titleKey: 'activity', description: own })).toContainEqual({
      name: 'description',
      content: 'Events of the community',
    });
    expect(routeMeta(args('/cn/activity/index'), { titleKey: 'activity', description: own })).toContainEqual({
      property: 'og:description',
      content: '社区活动',
    });
    const plain = routeMeta(args('/cn/activity/index'), { titleKey: 'activity' });
    expect(plain.find((m) => 'name' in m && m.name === 'description')).toBeDefined();
    expect(plain).not.toContainEqual({ name: 'description', content: '社区活动' });
  });

  it('places a page on its site and the portal origin', () => {
    expect(metaPlace({ location: { pathname: '/en/subject/list' }, matches: [root] })).toMatchObject({
      site: { lang: 'en' },
      origin: 'https://portal.example.com',
    });
    expect(metaPlace({ location: { pathname: '/cn' }, matches: [] })).toMatchObject({
      site: { lang: 'zh' },
      origin: '',
    });
  });
});
