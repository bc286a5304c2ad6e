import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import routes from './routes';
import { ERROR_PAGES, SITE_PAGES, pageByRouteId, siteRouteId } from './pages';

const flat = routes.map((r) => ({ id: r.id, path: r.path, file: r.file, index: r.index }));

describe('the route table', () => {
  it('has every page of the list under /cn and under /en, with the same shape and module', () => {
    for (const page of SITE_PAGES) {
      const versions = SITES.map((site) => flat.find((r) => r.id === siteRouteId(site.prefix, page)));
      expect(versions.map((r) => r?.path)).toEqual(SITES.map((site) => `${site.prefix}/${page.path}`));
      expect(new Set(versions.map((r) => r?.file))).toEqual(new Set([page.file]));
    }
  });

  it('has the same number of routes in both sites and nothing else under their prefixes', () => {
    for (const site of SITES) {
      expect(flat.filter((r) => r.path?.startsWith(`${site.prefix}/`))).toHaveLength(SITE_PAGES.length);
    }
  });

  it('has only the pages that are built; unbuilt sections of spec 2 are not routes', () => {
    expect(SITE_PAGES.map((p) => p.path)).toEqual([
      'index/index',
      'activity/index',
      'activity/info/:id',
      'signregist/list/:ta_id/:sign_type/:view_type',
      'questionnaire/:ta_id',
      'stationed/index',
      'stationed/info/:id/:tab?/:type?',
      'stationed/mvp',
      'stationed/application',
      'discuss/moderatorzone',
      'discuss/list',
      'discuss/info/:id/:is_preview?',
      'subject/list',
      'subject/info/:id',
      'subject/activeList/:id',
      'subject/article/:id',
      'subject/hostZone',
      'journal/index',
      'journal/info/:id',
      'journal/preview/:id',
      'about',
      'terms',
      'privacy',
      'cooperate/index',
      'cooperate/info/:id',
      'rafflelandingpage',
      'login/:logintype?/:loginTab?',
      'forget',
      'information',
      'search/:search_key?',
      'userinfo/:section?',
    ]);
    const paths = flat.map((r) => r.path);
    for (const site of SITES) {
      for (const unbuilt of ['challenge/info/:id']) {
        expect(paths).not.toContain(`${site.prefix}/${unbuilt}`);
      }
    }
    expect(flat.some((r) => r.file === 'routes/placeholder.tsx')).toBe(false);
  });

  it('sends anything unmatched to the root (spec 2)', () => {
    expect(flat.find((r) => r.path === '*')?.file).toBe('routes/unmatched.tsx');
  });

  it('has the root redirect, the error pages and a catch-all, with unique ids', () => {
    expect(flat.find((r) => r.index)?.file).toBe('routes/root-redirect.tsx');
    expect(flat.find((r) => r.path === '404')?.file).toBe(ERROR_PAGES.notFound.file);
    expect(flat.find((r) => r.path === '401')?.file).toBe(ERROR_PAGES.noPermission.file);
    expect(flat[flat.length - 1]?.path).toBe('*');
    const ids = flat.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('finds a page by its route id in either site', () => {
    expect(pageByRouteId('cn/about')?.titleKey).toBe('about');
    expect(pageByRouteId('en/privacy')?.titleKey).toBe('privacy');
    expect(pageByRouteId('en/stationed-mvp')?.titleKey).toBe('mvp');
    expect(pageByRouteId('cn/activity-info')?.titleKey).toBe('activity');
    expect(pageByRouteId('not-found')?.titleKey).toBe('notFound');
    expect(pageByRouteId('en/nothing')).toBeUndefined();
  });
});
