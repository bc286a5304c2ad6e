import { describe, expect, it } from 'vitest';
import type { AdminSite } from '@portal/contracts/admin';
import { SITES } from '@portal/contracts/sites';
import type { AdminPage } from './admin-page';
import { menuGroups, pickManagedSite, searchWithSite } from './admin-site';

const [zh, en] = SITES;
const zhSite: AdminSite = { tws_id: 1, apply_site: 'protal', permissions: ['admin.access'] };
const enSite: AdminSite = { tws_id: 2, apply_site: 'protal_en', permissions: ['admin.access', 'audit.read'] };

describe('the managed site', () => {
  it('is the one in the URL when the member may manage it', () => {
    expect(pickManagedSite([zhSite, enSite], 'protal_en', zh)).toBe(enSite);
  });

  it('falls back to the interface language, then to the first site, for a missing or foreign value', () => {
    expect(pickManagedSite([zhSite, enSite], null, en)).toBe(enSite);
    expect(pickManagedSite([zhSite, enSite], 'evil', zh)).toBe(zhSite);
    expect(pickManagedSite([enSite], 'protal', zh)).toBe(enSite);
    expect(pickManagedSite([], 'protal', zh)).toBeUndefined();
  });

  it('is set in the query while other parameters stay', () => {
    expect(searchWithSite('?action=user.&site=protal', 'protal_en')).toBe('?action=user.&site=protal_en');
    expect(searchWithSite('', 'protal')).toBe('?site=protal');
  });
});

describe('the side menu', () => {
  const page = (id: string, group: AdminPage['group'], permission: AdminPage['permission'], menu?: boolean) =>
    ({ id, path: id, file: `routes/admin/${id}.tsx`, titleKey: 'admin.title', permission, group, menu }) as AdminPage;
  const pages = [
    page('audit', 'audit', 'audit.read'),
    page('users', 'people', 'user.manage'),
    page('dashboard', 'overview', 'admin.access'),
    page('user', 'people', 'user.manage', false),
    page('roles', 'people', 'role.manage'),
  ];

  it('shows only what the permissions allow, grouped in menu order, without detail pages', () => {
    const groups = menuGroups(pages, new Set(['admin.access', 'user.manage', 'audit.read']));
    expect(groups.map((g) => [g.group, g.pages.map((p) => p.id)])).toEqual([
      ['overview', ['dashboard']],
      ['people', ['users']],
      ['audit', ['audit']],
    ]);
  });

  it('leaves empty groups out', () => {
    expect(menuGroups(pages, new Set(['admin.access'])).map((g) => g.group)).toEqual(['overview']);
  });
});
