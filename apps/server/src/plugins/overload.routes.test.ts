import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../lib/i18n';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 15, item 6: past its limits the portal answers 503 with Retry-After at once, in the
// envelope and the request's language; liveness keeps answering, readiness reports the pressure.
// A heap limit of a millionth of the heap is always exceeded, so every sample (one a second) finds
// the process "under pressure" without having to overload the machine that runs the tests.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { OVERLOAD_MAX_HEAP_RATIO: '0.000001', OVERLOAD_RETRY_AFTER_SECONDS: '7' },
  });
  // The first sample is taken a second after the start.
  const until = Date.now() + 5000;
  while ((await t.call('/api/protal/api/index/postList', {})).statusCode !== 503) {
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
    const res = await t.call(url, {});
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 503, msg: translate(lang, 'errors.overloaded'), data: null });
  });

  it('refuses pages and uploads alike', async () => {
    expect((await t.app.inject({ url: '/en/index/index' })).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/uploads/x.png' })).statusCode).toBe(503);
  });

  it('keeps liveness answering and reports the pressure on readiness', async () => {
    const live = await t.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'overloaded' });
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
