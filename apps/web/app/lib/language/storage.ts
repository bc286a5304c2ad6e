import { siteById, siteByLang, siteByPrefix, type Site } from '@portal/contracts/sites';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import { readCookie } from '~/lib/request/cookies';

/** A year: the language choice outlives the session, like the original portal's. */
export const SITE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Where the language is kept in the browser: cookie `siteData` (for the server) and localStorage. */
export interface LanguageStore {
  readCookies(): string;
  writeCookie(cookie: string): void;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The `Set-Cookie`-style string that stores `site` in the `siteData` cookie. */
export function siteDataCookie(site: Site, secure: boolean): string {
  const parts = [
    `${CLIENT_STORAGE.siteDataCookie}=${site.tws_id}`,
    'Path=/',
    `Max-Age=${SITE_COOKIE_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The stored language: localStorage `currentLanguage` first (zh/en, or cn), then the cookie. */
export function readStoredSite(store: LanguageStore): Site | undefined {
  let stored: string | null = null;
  try {
    stored = store.getItem(CLIENT_STORAGE.languageKey);
  } catch {
    // Storage blocked by the visitor: the cookie still says.
  }
  const fromStorage = stored ? (siteByLang(stored) ?? siteByPrefix(stored)) : undefined;
  return fromStorage ?? siteById(readCookie(store.readCookies(), CLIENT_STORAGE.siteDataCookie));
}

/** Stores `site` in both places, keeping them in sync. */
export function storeSite(store: LanguageStore, site: Site, secure: boolean): void {
  store.writeCookie(siteDataCookie(site, secure));
  try {
    store.setItem(CLIENT_STORAGE.languageKey, site.lang);
  } catch {
    // Quota or privacy settings: the cookie alone carries the choice.
  }
}

/** The browser's language store; only call it in the browser. */
export function browserLanguageStore(): LanguageStore {
  return {
    readCookies: () => document.cookie,
    writeCookie: (cookie) => {
      document.cookie = cookie;
    },
    getItem: (key) => window.localStorage.getItem(key),
    setItem: (key, value) => window.localStorage.setItem(key, value),
  };
}

export function isSecurePage(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}
