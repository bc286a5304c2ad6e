import { describe, expect, it } from 'vitest';
import { routeMeta } from './route-meta';

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
});
