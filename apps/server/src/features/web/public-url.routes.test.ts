import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Issue 15, item 4: absolute links come from PUBLIC_URL, never from the Host header a client sent,
// and a request with a forged Host cannot leave a page in the anonymous page cache for others.
// Needs the web build (`npm run build` runs first in `npm test`).
const PUBLIC_URL = 'https://community.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ pages: true, env: { PUBLIC_URL, SSR_CACHE_SECONDS: '60' } });
});
afterAll(async () => t?.close());

/** Every absolute address in the page's canonical and alternate links. */
function linkHrefs(html: string): string[] {
  return [...html.matchAll(/<link[^>]*rel="(?:canonical|alternate)"[^>]*>/g)].map(
    (m) => /href="([^"]*)"/.exec(m[0])?.[1] ?? '',
  );
}

describe('links on the configured address', () => {
  it.each(['/en/index/index', '/cn/discuss/list'])(
    'gives %s canonical and hreflang links on PUBLIC_URL whatever the Host header says',
    async (url) => {
      const forged = await t.app.inject({
        url,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      });
      expect(forged.statusCode).toBe(200);
      const hrefs = linkHrefs(forged.body);
      expect(hrefs.length).toBeGreaterThanOrEqual(3);
      for (const href of hrefs) expect(href.startsWith(`${PUBLIC_URL}/`), href).toBe(true);
      expect(forged.body).not.toContain('evil.example');
    },
  );

  it('does not poison the page the next visitor with the right Host gets', async () => {
    const url = '/en/about';
    const forged = await t.app.inject({ url, headers: { host: 'evil.example' } });
    expect(forged.statusCode).toBe(200);
    const next = await t.app.inject({ url, headers: { host: 'community.example.com' } });
    expect(next.statusCode).toBe(200);
    // One entry for both: the forged request's render is the page everyone gets, and it holds
    // nothing of the forged Host.
    expect(next.headers['x-page-cache']).toBe('hit');
    expect(next.body).not.toContain('evil.example');
    for (const href of linkHrefs(next.body)) expect(href.startsWith(`${PUBLIC_URL}/`), href).toBe(true);
  });
});
