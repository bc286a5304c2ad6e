import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall, PUBLIC } from '@portal/contracts/call';
import { STATUS } from '@portal/contracts/envelope';
import pg from 'pg';
import { createTestApp, testDb, type TestApp } from '../../test/test-app';
import { registerCall } from './register-call';

// A write call registered only for these tests: the foundation has no member writes yet, and the
// rate limit, isapi guard and validation are properties of every call.
const echoWrite = defineCall({
  id: 'test.echo',
  scope: 'site',
  path: '/api/test/echo',
  write: true,
  access: PUBLIC,
  tag: 'test',
  summary: 'test echo',
  body: z.strictObject({ title: z.string().min(1).max(10), count: z.number().int().optional() }),
  data: z.object({ title: z.string() }),
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000' },
    extend: (app) => {
      registerCall(app, echoWrite, async (body) => ({ title: body.title }));
      // A page that reads its nonce twice, as the page host does (render, then the answer).
      app.get('/test/page', async (request, reply) =>
        reply.type('text/html').send(`<script nonce="${request.cspNonce}"></script>${request.cspNonce}`),
      );
    },
  });
});
afterAll(async () => t?.close());

describe('API conventions', () => {
  it('answers an unknown call with a 404 envelope in the site language', async () => {
    const zh = await t.call('/api/protal/api/nothing/here');
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ status: STATUS.notFound, msg: '接口不存在', data: null });
    const en = await t.call('/api/protal_en/api/nothing/here');
    expect(en.json()).toMatchObject({ status: 404, msg: 'No such interface' });
  });

  it('answers an unknown site with 404', async () => {
    const res = await t.call('/api/protal_fr/api/index/commonData');
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(404);
  });

  it('refuses a call without isapi: 1 and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/protal_en/api/index/commonData',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, msg: 'Missing request header isapi: 1', data: null });
  });

  it('names an unknown field in a 40001 answer', async () => {
    const res = await t.call('/api/protal_en/api/index/commonData', { evil: 1 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(STATUS.validation);
    expect(body.data.field).toBe('evil');
    expect(body.msg).toBe('Field evil is invalid: field not allowed');
  });

  it('names a field of the wrong type, in Chinese on the Chinese site', async () => {
    const res = await t.call('/api/protal/api/index/activityList', { limit: 'four' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 40001, msg: '字段 limit 无效：类型不正确', data: { field: 'limit' } });
  });

  it('refuses values out of range', async () => {
    const res = await t.call('/api/protal_en/api/index/postList', { limit: 500 });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('limit');
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await t.call('/api/protal_en/api/index/commonData', '{"a":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 40001,
      msg: 'The request body is not valid JSON',
      data: { field: 'body', issues: [] },
    });
    expect(res.body).not.toMatch(/at .*\.js|SyntaxError/);
  });

  it('answers a JSON array or a bare string body with a validation error', async () => {
    for (const payload of ['[]', '"text"', 'null', '42']) {
      const res = await t.call('/api/protal_en/api/test/echo', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().status).toBe(40001);
    }
  });

  it('answers an oversize body with 413', async () => {
    const res = await t.call('/api/protal_en/api/index/commonData', JSON.stringify({ x: 'a'.repeat(1_100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 40001, msg: 'The request body is too large', data: null });
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/protal/api/index/commonData',
      headers: { isapi: '1', 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 40001, msg: '请求须为 JSON' });
  });

  it('accepts a call with no body at all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/protal/api/index/currSiteData',
      headers: { isapi: '1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, msg: '操作成功', data: { tws_id: 1, apply_site: 'protal' } });
  });

  it('answers a GET to an API path with a 404 envelope, not a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/protal/api/index/commonData' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(404);
  });

  it('stays up after a burst of bad input', async () => {
    const bad = ['{', '{"limit":-1}', '{"cursor":{"$gt":""}}', '\u0000', '{"__proto__":{"x":1}}'];
    await Promise.all(bad.map((p) => t.call('/api/protal/api/index/postList', p)));
    const ok = await t.call('/api/protal/api/index/currSiteData');
    expect(ok.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends nosniff, a referrer policy and a deny-all policy on JSON', async () => {
    const res = await t.call('/api/protal/api/index/currSiteData');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it("gives each page its own nonce, the same in the page's policy and in its scripts", async () => {
    const nonces: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/test/page' });
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.body).toBe(`<script nonce="${nonce}"></script>${nonce}`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('gives every answer a request id, keeping a well-formed incoming one', async () => {
    const res = await t.call(
      '/api/protal/api/index/currSiteData',
      {},
      { headers: { 'x-request-id': 'abc12345-trace' } },
    );
    expect(res.headers['x-request-id']).toBe('abc12345-trace');
    const fresh = await t.call('/api/protal/api/index/currSiteData', {}, { headers: { 'x-request-id': '<script>' } });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('losing database connections', () => {
  // Embedded SQLite has no server and no pool to lose.
  it.runIf(testDb === 'postgres')('keeps answering after the database server drops its idle connections', async () => {
    await t.call('/api/protal/api/index/postList');
    if (t.config.database.kind === 'postgres') {
      // What a PostgreSQL restart or failover does to the pool's idle connections.
      const name = new URL(t.config.database.url).pathname.slice(1);
      const admin = new pg.Client({
        connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
    }
    const res = await t.call('/api/protal/api/index/postList');
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });
});

describe('health', () => {
  it('is live and ready while the database answers', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('OpenAPI', () => {
  it('documents every registered call at /api/openapi.json as OpenAPI 3.1', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    expect(t.app.registeredCalls.length).toBeGreaterThanOrEqual(9);
    for (const { url, contract } of t.app.registeredCalls) {
      const documented = url.replace(/:site/, '{site}');
      expect(paths, contract.id).toContain(documented);
      expect(doc.paths[documented].post.operationId).toBe(contract.id);
    }
  });

  it('serves a browsable reference at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});

describe('write rate limit', () => {
  it('answers 429 in the envelope after the per-IP write budget is spent, reads stay free', async () => {
    const limited = await createTestApp({
      env: { RATE_LIMIT_WRITES_PER_MINUTE: '3' },
      extend: (app) => registerCall(app, echoWrite, async (body) => ({ title: body.title })),
    });
    try {
      for (let i = 0; i < 3; i++) {
        const ok = await limited.call('/api/protal_en/api/test/echo', { title: 'hi' });
        expect(ok.statusCode).toBe(200);
      }
      const refused = await limited.call('/api/protal_en/api/test/echo', { title: 'hi' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ status: 429, data: null });
      expect(refused.json().msg).toMatch(/^Too many requests, please try again in \d+ seconds$/);
      expect(refused.headers['retry-after']).toBeDefined();
      const zh = await limited.call('/api/protal/api/test/echo', { title: 'hi' });
      expect(zh.json().msg).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
      // Reads are not writes.
      const read = await limited.call('/api/protal_en/api/index/currSiteData');
      expect(read.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('validation of a write', () => {
  it('parses the body by the shared schema and answers the handler data in the envelope', async () => {
    const res = await t.call('/api/protal_en/api/test/echo', { title: 'hello', count: 2 });
    expect(res.json()).toEqual({ status: 200, msg: 'Success', data: { title: 'hello' } });
  });

  it('names a missing required field', async () => {
    const res = await t.call('/api/protal_en/api/test/echo', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 40001,
      msg: 'Field title is invalid: required',
      data: { field: 'title' },
    });
  });

  it('names a field that is too long', async () => {
    const res = await t.call('/api/protal/api/test/echo', { title: 'x'.repeat(11) });
    expect(res.json()).toMatchObject({ status: 40001, msg: '字段 title 无效：长度或数值过大' });
  });
});
