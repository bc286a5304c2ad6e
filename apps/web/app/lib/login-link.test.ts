import { describe, expect, it } from 'vitest';
import { SITES } from '@portal/contracts/sites';
import { loginPath } from './login-link';

const [zh, en] = SITES;
const origin = 'https://portal.example.com';

describe('the login link', () => {
  it('carries the current path and query as callback', () => {
    expect(loginPath(zh, { pathname: '/cn/discuss/info/3', search: '?a=1' }, origin)).toBe(
      `/cn/login?callback=${encodeURIComponent('/cn/discuss/info/3?a=1')}`,
    );
  });

  it('keeps the callback of the login page instead of pointing back at login', () => {
    const current = { pathname: '/en/login', search: `?callback=${encodeURIComponent('/en/about')}` };
    expect(loginPath(en, current, origin)).toBe(`/en/login?callback=${encodeURIComponent('/en/about')}`);
  });

  it('falls back to the home page for a callback that could leave the site', () => {
    const current = { pathname: '/en/login', search: `?callback=${encodeURIComponent('//evil.com')}` };
    expect(loginPath(en, current, origin)).toBe(`/en/login?callback=${encodeURIComponent('/en/index/index')}`);
  });
});
