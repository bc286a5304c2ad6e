import type { Site } from '@portal/contracts/sites';
import type { Catalogue } from '@portal/locales/catalogues';

export interface NavItem {
  key: keyof Catalogue['nav'];
  to: string;
  /** Paths under this prefix count as this section (e.g. an event's detail page for Events). */
  section: string;
}

/** The navbar menu of spec 2, in order. Experts goes to the MVP page. */
export function navItems(site: Site): NavItem[] {
  const p = `/${site.prefix}`;
  return [
    { key: 'home', to: `${p}/index/index`, section: `${p}/index/` },
    { key: 'activity', to: `${p}/activity/index`, section: `${p}/activity/` },
    { key: 'subject', to: `${p}/subject/list`, section: `${p}/subject/` },
    { key: 'discuss', to: `${p}/discuss/list`, section: `${p}/discuss/` },
    { key: 'cooperate', to: `${p}/cooperate/index`, section: `${p}/cooperate/` },
    { key: 'experts', to: `${p}/stationed/mvp`, section: `${p}/stationed/` },
    { key: 'journal', to: `${p}/journal/index`, section: `${p}/journal/` },
    { key: 'about', to: `${p}/about`, section: `${p}/about` },
  ];
}

export function isInSection(pathname: string, item: NavItem): boolean {
  return pathname === item.to || pathname.startsWith(item.section);
}
