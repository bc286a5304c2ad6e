import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../lib/i18n';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 15, item 6: past its limits the portal answers 503 with Retry-After at once, in the
// envelope and the request's language; liveness keeps answering, readiness reports the pressure.
// A heap limit of a millionth of the heap is always exceeded, so every sample (one a second) finds
// the process "under pressure" without having to overload the machine that runs the tests. The
// guard looks at requests from the network only: pages' in-process calls (inject) go through.
let t: TestApp;
let base: string;

const post = (url: string) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { isapi: '1', 'content-type': 'application/json' }, body: '{}' });

beforeAll(async () => {
  t = await createTestApp({
    env: { OVERLOAD_MAX_HEAP_RATIO: '0.000001', OVERLOAD_RETRY_AFTER_SECONDS: '7' },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The first sample is taken a second after the start.
  const until = Date.now() + 5000;
  while ((await post('/api/protal/api/index/postList')).status !== 503) {
    if (Date.now() > until) throw new Error('never under pressure');
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(async () => t?.close());

describe('the overload guard', () => {
  it.each([
    ['/api/protal/api/index/postList', 'zh'],
    ['/api/protal_en/api/index/postList', 'en'],
  ] as const)('answers %s with 503, Retry-After and the envelope in %s', async (url, lang) => {
    const res = await post(url);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 503, msg: translate(lang, 'errors.overloaded'), data: null });
  });

  it('refuses pages and uploads alike', async () => {
    expect((await fetch(`${base}/en/index/index`)).status).toBe(503);
    expect((await fetch(`${base}/uploads/x.png`)).status).toBe(503);
  });

  it('keeps liveness answering and reports the pressure on readiness', async () => {
    const live = await fetch(`${base}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'overloaded' });
  });

  it("lets the in-process calls of a page's loaders through", async () => {
    expect((await t.call('/api/protal/api/index/postList', {})).statusCode).toBe(200);
  });
});

describe('requests in flight', () => {
  it('refuses what comes past OVERLOAD_MAX_IN_FLIGHT at once, and serves again when they are done', async () => {
    const limited = await createTestApp({
      env: { OVERLOAD_MAX_IN_FLIGHT: '2' },
      extend: (app) =>
        app.get('/test/slow', async () => {
          await new Promise((r) => setTimeout(r, 500));
          return { done: true };
        }),
    });
    try {
      const url = await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const slow = [fetch(`${url}/test/slow`), fetch(`${url}/test/slow`)];
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      const refused = await fetch(`${url}/api/protal_en/api/index/postList`, {
        method: 'POST',
        headers: { isapi: '1', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(Date.now() - started).toBeLessThan(300);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ status: 503, msg: translate('en', 'errors.overloaded') });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200]);
      expect((await fetch(`${url}/test/slow`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('without pressure', () => {
  it('serves as usual with the default limits', async () => {
    const calm = await createTestApp();
    try {
      await new Promise((r) => setTimeout(r, 1200));
      expect((await calm.call('/api/protal/api/index/postList', {})).statusCode).toBe(200);
      expect((await calm.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    } finally {
      await calm.close();
    }
  });
});
