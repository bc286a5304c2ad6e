import { readCookie } from './cookies';
import type { RequestEnvironment } from './client';

/** What only the app knows: its language, its toasts and its router. */
export type AppRequestHooks = Pick<RequestEnvironment, 'lang' | 'toast' | 'navigate'>;

/**
 * The request environment of a real browser window. Storage is reached lazily on each use because
 * merely touching `window.localStorage` throws when the visitor blocks site data.
 */
export function browserRequestEnvironment(app: AppRequestHooks, win: Window = window): RequestEnvironment {
  return {
    lang: app.lang,
    toast: app.toast,
    navigate: app.navigate,
    fetch: (input, init) => win.fetch(input, init),
    getCookie: (name) => readCookie(win.document.cookie, name),
    localStorage: {
      getItem: (key) => win.localStorage.getItem(key),
      setItem: (key, value) => win.localStorage.setItem(key, value),
      removeItem: (key) => win.localStorage.removeItem(key),
    },
    sessionStorage: { clear: () => win.sessionStorage.clear() },
    openWindow: (url) => {
      // noopener: the opened page gets no handle back on the portal's window.
      win.open(url, '_blank', 'noopener');
    },
    location: () => ({ pathname: win.location.pathname, search: win.location.search, origin: win.location.origin }),
    setTimeout: (fn, ms) => win.setTimeout(fn, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
    timeZone: () => ({
      name: Intl.DateTimeFormat().resolvedOptions().timeZone,
      offsetMinutes: -new Date().getTimezoneOffset(),
    }),
    randomBytes: (n) => win.crypto.getRandomValues(new Uint8Array(n)),
  };
}
