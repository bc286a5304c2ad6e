import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { readStoredSite, siteDataCookie, storeSite, type LanguageStore } from './storage';

const [zh, en] = SITES;

function fakeStore(initial: { cookies?: string; items?: Record<string, string> } = {}) {
  const written: string[] = [];
  const items = new Map(Object.entries(initial.items ?? {}));
  let cookies = initial.cookies ?? '';
  const store: LanguageStore = {
    readCookies: () => cookies,
    writeCookie: (cookie) => {
      written.push(cookie);
      cookies = cookie.split(';')[0]!;
    },
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
  return { store, written, items };
}

describe('language storage', () => {
  it('writes the siteData cookie with the tws_id for the whole site', () => {
    expect(siteDataCookie(en, false)).toBe('siteData=2; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(siteDataCookie(zh, true)).toMatch(/^siteData=1; .*; Secure$/);
  });

  it('stores the language in the cookie and in localStorage currentLanguage, in sync', () => {
    const { store, items, written } = fakeStore();
    storeSite(store, en, false);
    expect(written[0]).toMatch(/^siteData=2;/);
    expect(items.get('currentLanguage')).toBe('en');
    expect(readStoredSite(store)).toBe(en);
  });

  it('reads localStorage first, then the cookie', () => {
    expect(readStoredSite(fakeStore({ cookies: 'siteData=1', items: { currentLanguage: 'en' } }).store)).toBe(en);
    expect(readStoredSite(fakeStore({ cookies: 'a=b; siteData=2' }).store)).toBe(en);
    expect(readStoredSite(fakeStore({ items: { currentLanguage: 'cn' } }).store)).toBe(zh);
    expect(readStoredSite(fakeStore().store)).toBeUndefined();
  });

  it('still works when localStorage is blocked', () => {
    const { store } = fakeStore({ cookies: 'siteData=2' });
    store.getItem = () => {
      throw new Error('blocked');
    };
    store.setItem = () => {
      throw new Error('blocked');
    };
    expect(readStoredSite(store)).toBe(en);
    expect(() => storeSite(store, zh, false)).not.toThrow();
  });
});
