// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isSameSitePath, safeCallback, sameSiteTarget } from './safe-redirect';

const ORIGIN = 'https://portal.example.com';

/** Targets that lead, or could lead after a decode, a browser quirk or a lax reader, off the site. */
const ATTACKS: Array<[string, string]> = [
  ['an absolute URL to another site', 'https://evil.com/cn/index/index'],
  ['an absolute http URL to another site', 'http://evil.com'],
  ['a protocol-relative URL', '//evil.com'],
  ['a protocol-relative URL with a path', '//evil.com/cn/login'],
  ['a slash then a backslash', '/\\evil.com'],
  ['two backslashes', '\\\\evil.com'],
  ['a backslash then a slash', '\\/evil.com'],
  ['javascript:', 'javascript:alert(1)'],
  ['javascript: in mixed case', 'JaVaScRiPt:alert(1)'],
  ['javascript: with a percent-encoded newline', 'java%0ascript:alert(1)'],
  ['javascript: with a raw tab inside', 'java\tscript:alert(1)'],
  ['javascript: with a raw newline inside', 'java\nscript:alert(1)'],
  ['javascript: after leading spaces', '  javascript:alert(1)'],
  ['javascript: percent-encoded', '%6A%61%76%61%73%63%72%69%70%74:alert(1)'],
  ['data: HTML', 'data:text/html,<script>alert(1)</script>'],
  ['data: HTML in base64', 'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ['vbscript:', 'VBScript:msgbox(1)'],
  ['an encoded double slash', '%2F%2Fevil.com'],
  ['a slash then an encoded slash', '/%2F/evil.com'],
  ['a slash then a lower-case encoded slash', '/%2f/evil.com'],
  ['a slash then a double-encoded slash', '/%252F/evil.com'],
  ['a slash then an encoded backslash', '/%5Cevil.com'],
  ['a slash then a double-encoded backslash', '/%255Cevil.com'],
  ['https: without slashes', 'https:evil.com'],
  ['a look-alike host under another domain', 'http://127.0.0.1.evil.com'],
  ['credentials before another host', 'https://portal.example.com@evil.com/'],
  ['a tab between the slashes', '/\t/evil.com'],
  ['a newline between the slashes', '/\n/evil.com'],
  ['a carriage return between the slashes', '/\r/evil.com'],
  ['an encoded tab between the slashes', '/%09/evil.com'],
  ['a leading space before a double slash', ' //evil.com'],
  ['a fullwidth solidus after the slash', '/\uFF0Fevil.com'],
  ['two fullwidth solidi', '\uFF0F\uFF0Fevil.com'],
  ['a fullwidth reverse solidus after the slash', '/\uFF3Cevil.com'],
  ['a division slash after the slash', '/\u2215evil.com'],
  ['a right-to-left override in the path', '/cn/\u202Eevil.com'],
  ['a zero-width space after the slash', '/\u200B/evil.com'],
  ['a null byte', '/cn/index\u0000//evil.com'],
  ['a path that normalises to a double slash', '/./../..//evil.com'],
  ['a bare host name', 'evil.com'],
  ['an empty string', ''],
  ['a relative path', 'cn/index/index'],
  ['broken percent-encoding', '/cn/%E0%A4%A'],
  ['an encoded path that keeps decoding', `/${'%25'.repeat(6)}2F/evil.com`],
  ['an overlong target', `/cn/${'a'.repeat(3000)}`],
];

const SAME_SITE_PATHS: Array<[string, string]> = [
  ['the home page', '/cn/index/index'],
  ['an event with a query', '/en/activity/info/12?tab=2'],
  ['a page with a hash', '/cn/about#contact'],
  ['a search with an encoded phrase', '/cn/search/index?keyword=data%20storage'],
  ['a search with an encoded Chinese phrase', '/cn/search/index?keyword=%E5%AD%98%E5%82%A8'],
  ['a login page with its own callback', '/cn/login?callback=%2Fcn%2Fuserinfo'],
  ['the root', '/'],
];

describe('isSameSitePath', () => {
  it.each(ATTACKS)('refuses %s', (_, target) => {
    expect(isSameSitePath(target, ORIGIN)).toBe(false);
  });

  it.each(SAME_SITE_PATHS)('accepts %s', (_, target) => {
    expect(isSameSitePath(target, ORIGIN)).toBe(true);
  });

  it('refuses an absolute URL even on the same origin, since a callback is a path', () => {
    expect(isSameSitePath(`${ORIGIN}/cn/index/index`, ORIGIN)).toBe(false);
  });

  it('refuses everything when the origin itself is not an http origin', () => {
    expect(isSameSitePath('/cn/index/index', 'null')).toBe(false);
    expect(isSameSitePath('/cn/index/index', 'javascript:alert(1)')).toBe(false);
  });
});

describe('safeCallback', () => {
  it.each(ATTACKS)('falls back to the home page for %s', (_, target) => {
    expect(safeCallback(target, ORIGIN, '/cn/index/index')).toBe('/cn/index/index');
  });

  it('returns a same-site path normalised', () => {
    expect(safeCallback('/cn/activity/../about?x=1#top', ORIGIN, '/')).toBe('/cn/about?x=1#top');
  });

  it('falls back when the callback is missing or not text', () => {
    expect(safeCallback(null, ORIGIN, '/en/index/index')).toBe('/en/index/index');
    expect(safeCallback(undefined, ORIGIN, '/en/index/index')).toBe('/en/index/index');
    expect(safeCallback(['/cn/about'], ORIGIN, '/en/index/index')).toBe('/en/index/index');
  });
});

describe('sameSiteTarget', () => {
  it.each(ATTACKS)('refuses %s', (_, target) => {
    expect(sameSiteTarget(target, ORIGIN)).toBeUndefined();
  });

  it.each(SAME_SITE_PATHS)('accepts %s as it is', (_, target) => {
    expect(sameSiteTarget(target, ORIGIN)).toBe(target);
  });

  it('accepts an absolute URL on the same origin and returns its path', () => {
    expect(sameSiteTarget(`${ORIGIN}/cn/ebook/index?id=3#p2`, ORIGIN)).toBe('/cn/ebook/index?id=3#p2');
    expect(sameSiteTarget('HTTPS://PORTAL.EXAMPLE.COM/cn/about', ORIGIN)).toBe('/cn/about');
  });

  it('refuses an absolute URL on the same host but another scheme or port', () => {
    expect(sameSiteTarget('http://portal.example.com/cn/about', ORIGIN)).toBeUndefined();
    expect(sameSiteTarget('https://portal.example.com:8443/cn/about', ORIGIN)).toBeUndefined();
  });

  it('refuses a same-origin URL that carries credentials', () => {
    expect(sameSiteTarget('https://user:pass@portal.example.com/cn/about', ORIGIN)).toBeUndefined();
  });

  it('refuses a same-origin URL whose path starts with a double slash', () => {
    expect(sameSiteTarget(`${ORIGIN}//evil.com/x`, ORIGIN)).toBeUndefined();
    expect(sameSiteTarget(`${ORIGIN}/%2F/evil.com`, ORIGIN)).toBeUndefined();
  });

  it('refuses targets that are not text', () => {
    expect(sameSiteTarget(undefined, ORIGIN)).toBeUndefined();
    expect(sameSiteTarget({ url: '/cn/about' }, ORIGIN)).toBeUndefined();
  });
});
