import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountsHarness } from '../../../test/accounts-harness';

// The server-rendered login page sends a signed-in member on to `callback`. Whatever the callback
// says, the redirect stays on this site. Needs the web build (`npm run build` runs first in `npm test`).
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ pages: true, env: { SSR_CACHE_SECONDS: '0' } });
  const member = await accountsHarness(t).registerMember();
  cookie = `${CLIENT_STORAGE.accessTokenCookie}=${member.token}`;
});
afterAll(async () => t?.close());

const hostile = [
  'https://evil.example/',
  '//evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java%0ascript:alert(1)',
  '%2F%2Fevil.example',
  '/%2F/evil.example',
  'https:evil.example',
  'http://127.0.0.1.evil.example/',
  'data:text/html,<script>alert(1)</script>',
  ' //evil.example',
  '/\t/evil.example',
];

describe('the login page of a signed-in member', () => {
  it.each(hostile)('never leaves the site for callback %j', async (callback) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/en/login?callback=${encodeURIComponent(callback)}`,
      headers: { cookie, host: 'portal.test' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(300);
    expect(res.statusCode).toBeLessThan(400);
    const target = new URL(String(res.headers.location), 'http://portal.test');
    expect(target.origin).toBe('http://portal.test');
    expect(target.pathname.startsWith('//')).toBe(false);
  });

  it('follows a same-site callback', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/en/login?callback=${encodeURIComponent('/en/about')}`,
      headers: { cookie, host: 'portal.test' },
    });
    expect(new URL(String(res.headers.location), 'http://portal.test').pathname).toMatch(/^\/en\/(about|information)/);
  });
});
