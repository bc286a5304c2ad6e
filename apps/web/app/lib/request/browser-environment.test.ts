// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { browserRequestEnvironment } from './browser-environment';

function fakeWindow() {
  const opened: unknown[][] = [];
  const win = {
    document: { cookie: 'accessToken=tok%2E1; siteData=2' },
    location: { pathname: '/en/about', search: '?a=1', origin: 'https://portal.example.com', href: 'ignored' },
    localStorage: new Map<string, string>(),
    sessionStorage: { clear: vi.fn() },
    open: (...args: unknown[]) => void opened.push(args),
    setTimeout: vi.fn(() => 42),
    clearTimeout: vi.fn(),
    crypto: { getRandomValues: (bytes: Uint8Array) => bytes.fill(7) },
  };
  const storage = {
    getItem: (key: string) => win.localStorage.get(key) ?? null,
    setItem: (key: string, value: string) => void win.localStorage.set(key, value),
    removeItem: (key: string) => void win.localStorage.delete(key),
  };
  return { win: { ...win, localStorage: storage } as unknown as Window, opened, raw: win };
}

const app = { lang: () => 'en' as const, toast: { error: () => {}, success: () => {} }, navigate: () => {} };

describe('browserRequestEnvironment', () => {
  it('reads cookies, location and random bytes from the window', () => {
    const { win } = fakeWindow();
    const env = browserRequestEnvironment(app, win);
    expect(env.getCookie('accessToken')).toBe('tok.1');
    expect(env.getCookie('siteData')).toBe('2');
    expect(env.getCookie('missing')).toBeUndefined();
    expect(env.location()).toEqual({ pathname: '/en/about', search: '?a=1', origin: 'https://portal.example.com' });
    expect(Array.from(env.randomBytes(3))).toEqual([7, 7, 7]);
  });

  it('opens new windows without handing them the opener', () => {
    const { win, opened } = fakeWindow();
    browserRequestEnvironment(app, win).openWindow('/cn/ebook/index');
    expect(opened).toEqual([['/cn/ebook/index', '_blank', 'noopener']]);
  });

  it('gives the time-zone offset in minutes east of UTC', () => {
    const { win } = fakeWindow();
    const zone = browserRequestEnvironment(app, win).timeZone();
    expect(zone.offsetMinutes).toBe(-new Date().getTimezoneOffset());
    expect(zone.name).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('passes timers and storage through to the window', () => {
    const { win, raw } = fakeWindow();
    const env = browserRequestEnvironment(app, win);
    const fn = () => {};
    expect(env.setTimeout(fn, 1000)).toBe(42);
    expect(raw.setTimeout).toHaveBeenCalledWith(fn, 1000);
    env.clearTimeout?.(42);
    expect(raw.clearTimeout).toHaveBeenCalledWith(42);
    env.localStorage.setItem('permanent_tourist_id', 'x');
    expect(env.localStorage.getItem('permanent_tourist_id')).toBe('x');
    env.sessionStorage.clear();
    expect(raw.sessionStorage.clear).toHaveBeenCalledTimes(1);
  });
});
