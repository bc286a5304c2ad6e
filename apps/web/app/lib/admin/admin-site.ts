import type { AdminSite } from '@portal/contracts/admin';
import { siteByCode, type Site, type SiteCode } from '@portal/contracts/sites';
import { ADMIN_MENU_GROUPS, mayOpen, type AdminMenuGroup, type AdminPage } from './admin-page';

/** The query parameter that carries the managed site through the back office (`?site=protal_en`). */
export const SITE_PARAM = 'site';

/** Catalogue keys (`admin.*`) of the sites' names and of the menu groups. */
export const SITE_NAME_KEY = { protal: 'siteProtal', protal_en: 'siteProtalEn' } as const satisfies Record<
  SiteCode,
  string
>;
export const GROUP_KEY = {
  overview: 'groupOverview',
  people: 'groupPeople',
  content: 'groupContent',
  site: 'groupSite',
  feedback: 'groupFeedback',
  audit: 'groupAudit',
} as const satisfies Record<AdminMenuGroup, string>;

/**
 * The site to manage: the one the URL names when the member may manage it, else the site of the
 * interface language when they may, else the first they may. Undefined when they may manage none.
 */
export function pickManagedSite(
  sites: readonly AdminSite[],
  requested: string | null,
  uiSite: Site,
): AdminSite | undefined {
  return (
    sites.find((s) => s.apply_site === requested) ?? sites.find((s) => s.apply_site === uiSite.apply_site) ?? sites[0]
  );
}

/** The portal site of a managed site's code. */
export function siteOfCode(code: string): Site | undefined {
  return siteByCode(code);
}

/** `search` with the managed site set (other parameters kept), as a `?…` string. */
export function searchWithSite(search: string, siteCode: string): string {
  const params = new URLSearchParams(search);
  params.set(SITE_PARAM, siteCode);
  return `?${params.toString()}`;
}

export interface MenuGroup {
  group: AdminMenuGroup;
  pages: AdminPage[];
}

/** The side menu: screens the permissions allow, by group in menu order; empty groups left out. */
export function menuGroups(pages: readonly AdminPage[], permissions: ReadonlySet<string>): MenuGroup[] {
  return ADMIN_MENU_GROUPS.map((group) => ({
    group,
    pages: pages.filter((p) => p.group === group && p.menu !== false && mayOpen(p, permissions)),
  })).filter((g) => g.pages.length > 0);
}
