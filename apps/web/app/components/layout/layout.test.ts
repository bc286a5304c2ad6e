import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { readLoadingDetail } from '../loading/loading-events';
import { shouldShowBackToTop } from './back-to-top';
import { footerHidden, isAdminView } from './layout-flags';
import { isInSection, navItems } from './nav-items';

describe('the navbar menu', () => {
  it('has the eight entries of spec 2 in order, Experts going to the MVP page', () => {
    const items = navItems(SITES[1]);
    expect(items.map((i) => i.key)).toEqual([
      'home',
      'activity',
      'subject',
      'discuss',
      'cooperate',
      'experts',
      'journal',
      'about',
    ]);
    expect(items.find((i) => i.key === 'experts')?.to).toBe('/en/stationed/mvp');
    expect(items.find((i) => i.key === 'journal')?.to).toBe('/en/journal/index');
  });

  it('marks a section active on its detail pages too', () => {
    const events = navItems(SITES[0]).find((i) => i.key === 'activity')!;
    expect(isInSection('/cn/activity/info/3', events)).toBe(true);
    expect(isInSection('/cn/about', events)).toBe(false);
  });
});

describe('layout flags', () => {
  it('hides navbar and footer when is_admin is present, whatever its value', () => {
    expect(isAdminView('?is_admin=1')).toBe(true);
    expect(isAdminView('?x=1&is_admin')).toBe(true);
    expect(isAdminView('?admin=1')).toBe(false);
  });

  it('hides the footer when a matched route says so', () => {
    expect(footerHidden([undefined, { hideFooter: true }])).toBe(true);
    expect(footerHidden([undefined, {}, null, 'x'])).toBe(false);
  });
});

describe('back to top', () => {
  it('appears only beyond 200 px of scroll', () => {
    expect(shouldShowBackToTop(0)).toBe(false);
    expect(shouldShowBackToTop(200)).toBe(false);
    expect(shouldShowBackToTop(201)).toBe(true);
  });
});

describe('loading events', () => {
  it('reads show and text, and ignores junk', () => {
    const event = (detail: unknown) => Object.assign(new Event('portal:loading'), { detail });
    expect(readLoadingDetail(event({ show: true, text: 'Saving' }))).toEqual({ show: true, text: 'Saving' });
    expect(readLoadingDetail(event({ show: true, text: '  ' }))).toEqual({ show: true, text: undefined });
    expect(readLoadingDetail(event(null))).toEqual({ show: false, text: undefined });
    expect(readLoadingDetail(event({ show: 'yes' }))).toEqual({ show: false, text: undefined });
  });
});
