import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalLoadContext } from '@portal/contracts/ssr';
import { registerWebPages } from './web.routes';

/**
 * A stand-in for `apps/web/build`: its request handler echoes what it was given, so the tests see
 * exactly what the host passes to React Router and what it does with the answer.
 */
const FAKE_SERVER_BUILD = `
export const routes = {};
let renders = 0;
export const STYLESHEET_PREFIX = '/styles/';
export function stylesheetFor(name) {
  if (!/^antd\\.[0-9a-f]{16}\\.css$/.test(name)) return null;
  return name === 'antd.0123456789abcdef.css' ? { css: '.older{color:red}', known: true } : { css: '.current{color:blue}', known: false };
}
export function createRequestHandler(build, mode) {
  return async (request, context) => {
    const url = new URL(request.url);
    renders += 1;
    if (url.pathname === '/cn/cookies') {
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/');
      return new Response('<p>cookies</p>', { headers });
    }
    if (url.pathname === '/cn/missing') return new Response(null, { status: 302, headers: { location: '/' } });
    if (url.pathname.endsWith('/slow')) await globalThis.slowRenders;
    const body = '<!doctype html><script nonce="' + context.cspNonce + '"></script>' +
      '<p data-render="' + renders + '">' + request.method + ' ' + url.href + ' mode=' + mode +
      ' cookie=' + (request.headers.get('cookie') ?? '') + ' site=' + (await context.api.call({}, 'protal', {})).data + '</p>';
    return new Response(request.method === 'HEAD' ? null : body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  };
}
`;

let dir: string;
let app: FastifyInstance;

function nonceOf(html: string): string | undefined {
  return /nonce="([^"]*)"/.exec(html)?.[1];
}

const RENDERS = { maxActive: 8, maxQueued: 8, maxWaitMs: 5000, retryAfterSeconds: 7 };

async function buildHost(ssrCacheSeconds: number, renders = RENDERS): Promise<FastifyInstance> {
  // Numbered requests, each with its own nonce, read-only as the portal's are.
  let n = 0;
  const host = Fastify({ genReqId: () => String((n += 1)) });
  host.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      return `nonce${this.id}`;
    },
  });
  host.post('/api/protal/x', async () => ({ status: 200, msg: '', data: 1 }));
  host.get('/healthz', async () => ({ ok: true }));
  host.setNotFoundHandler((request, reply) => reply.code(404).send({ status: 404, msg: 'not found', data: null }));
  await registerWebPages(host, {
    webBuildDir: dir,
    isProduction: true,
    ssrCacheSeconds,
    publicUrl: 'http://localhost',
    createLoadContext: (request): PortalLoadContext => ({
      cspNonce: request.cspNonce,
      requestId: request.id,
      publicUrl: 'http://localhost',
      api: { call: async () => ({ status: 200, msg: '', data: 'ok' as never }) },
      viewer: async () => null,
    }),
    renders,
  });
  return host;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  fs.mkdirSync(path.join(dir, 'server'));
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server', 'index.js'), FAKE_SERVER_BUILD);
  fs.writeFileSync(path.join(dir, 'client', 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'client', 'robots.txt'), 'User-agent: *');
  app = await buildHost(60);
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the page host', () => {
  it('sends / to the home page of the stored language, Chinese by default', async () => {
    expect((await app.inject('/')).headers.location).toBe('/cn/index/index');
    expect((await app.inject({ url: '/?is_admin=1', headers: { cookie: 'siteData=2' } })).headers.location).toBe(
      '/en/index/index?is_admin=1',
    );
    expect((await app.inject({ url: '/', headers: { cookie: 'siteData=7' } })).statusCode).toBe(302);
  });

  it('renders pages through React Router with the request path on the configured origin, cookies and load context', async () => {
    // The Host header is the client's choice: pages see PUBLIC_URL's origin instead (issue 15, item 4).
    const res = await app.inject({ url: '/en/about?x=1', headers: { cookie: 'siteData=2', host: 'portal.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('GET http://localhost/en/about?x=1 mode=production cookie=siteData=2 site=ok');
  });

  it('keeps a path that looks like an authority on the configured origin', async () => {
    const res = await app.inject({ url: '//evil.example/en/about', headers: { host: 'evil.example' } });
    expect(res.body).toContain('GET http://localhost//evil.example/en/about ');
  });

  it('serves hashed assets with a long immutable cache and other files briefly', async () => {
    const asset = await app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it("serves antd's stylesheet by the name of its version, to be kept for good", async () => {
    const sheet = await app.inject('/styles/antd.0123456789abcdef.css');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sheet.body).toBe('.older{color:red}');
  });

  it('answers an unknown version of the stylesheet with the current one, not to be kept', async () => {
    const sheet = await app.inject('/styles/antd.aaaaaaaaaaaaaaaa.css');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['cache-control']).toBe('no-cache');
    expect(sheet.body).toBe('.current{color:blue}');
    for (const url of [
      '/styles/antd.css',
      '/styles/x.0123456789abcdef.css',
      '/styles/antd.0123456789ABCDEF.css',
      '/styles/',
    ]) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
    }
  });

  it('answers 404 for missing files instead of rendering a page', async () => {
    expect((await app.inject('/assets/nope.js')).statusCode).toBe(404);
    expect((await app.inject('/favicon.ico')).statusCode).toBe(404);
  });

  it('hands the data requests of top-level pages (`/401.data`, `/admin.data`) to React Router', async () => {
    for (const url of ['/401.data', '/admin.data?site=protal&_routes=root', '/_root.data']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(`GET http://localhost${url} `);
    }
    expect((await app.inject('/wp-login.php')).statusCode).toBe(404);
  });

  it('leaves the API, uploads and health checks to the core', async () => {
    const api = await app.inject('/api/protal/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404 });
    expect((await app.inject('/uploads/x.png')).json()).toMatchObject({ status: 404 });
    expect((await app.inject('/healthz')).json()).toEqual({ ok: true });
  });

  it('keeps every Set-Cookie header of a page', async () => {
    const res = await app.inject('/cn/cookies');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('passes redirects through', async () => {
    const res = await app.inject('/cn/missing');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('serves anonymous pages from the cache, each with its own request nonce', async () => {
    const first = await app.inject('/cn/index/index');
    const second = await app.inject('/cn/index/index');
    expect(first.headers['x-page-cache']).toBe('hit');
    expect(/data-render="(\d+)"/.exec(second.body)?.[1]).toBe(/data-render="(\d+)"/.exec(first.body)?.[1]);
    expect(nonceOf(first.body)).toMatch(/^nonce\d+$/);
    expect(nonceOf(second.body)).toMatch(/^nonce\d+$/);
    expect(nonceOf(first.body)).not.toBe(nonceOf(second.body));
  });

  it('renders signed-in visitors afresh with their own nonce', async () => {
    const cookie = 'accessToken=t1';
    const a = await app.inject({ url: '/cn/about', headers: { cookie } });
    const b = await app.inject({ url: '/cn/about', headers: { cookie } });
    expect(a.headers['x-page-cache']).toBeUndefined();
    expect(/data-render="(\d+)"/.exec(a.body)?.[1]).not.toBe(/data-render="(\d+)"/.exec(b.body)?.[1]);
    expect(nonceOf(a.body)).toMatch(/^nonce\d+$/);
  });

  it('keeps the two languages of a page outside both sites apart', async () => {
    const zh = await app.inject({ url: '/404', headers: { cookie: 'siteData=1' } });
    const en = await app.inject({ url: '/404', headers: { cookie: 'siteData=2' } });
    expect(zh.body).toContain('cookie=siteData=1');
    expect(en.body).toContain('cookie=siteData=2');
  });

  it('answers HEAD without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/en/about' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('renders every request when the cache is off', async () => {
    const uncached = await buildHost(0);
    const a = await uncached.inject('/cn/index/index');
    const b = await uncached.inject('/cn/index/index');
    expect(a.headers['x-page-cache']).toBeUndefined();
    expect(/data-render="(\d+)"/.exec(a.body)?.[1]).not.toBe(/data-render="(\d+)"/.exec(b.body)?.[1]);
    await uncached.close();
  });

  it('renders a few pages at a time, queues a few more, and refuses the rest at once with 503 in their language', async () => {
    const host = await buildHost(60, { maxActive: 1, maxQueued: 1, maxWaitMs: 5000, retryAfterSeconds: 7 });
    let finish = () => {};
    (globalThis as { slowRenders?: Promise<void> }).slowRenders = new Promise<void>((resolve) => (finish = resolve));
    const first = host.inject('/cn/slow');
    const queued = host.inject('/en/slow?b');
    // The first renders and the second waits for its turn: a third is refused without waiting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refusedZh = await host.inject('/cn/slow?c');
    const refusedEn = await host.inject('/en/slow?d');
    expect(refusedZh.statusCode).toBe(503);
    expect(refusedZh.headers['retry-after']).toBe('7');
    expect(refusedZh.headers['cache-control']).toBe('no-store');
    expect(refusedZh.body).toContain('当前访问人数过多');
    expect(refusedEn.body).toContain('very busy');
    finish();
    expect((await first).statusCode).toBe(200);
    expect((await queued).statusCode).toBe(200);
    // A page the cache holds needs no turn.
    const cached = await host.inject('/cn/slow');
    expect(cached.headers['x-page-cache']).toBe('hit');
    await host.close();
  });

  it('refuses to start without a web build', async () => {
    await expect(
      registerWebPages(Fastify(), {
        webBuildDir: path.join(dir, 'nope'),
        isProduction: true,
        ssrCacheSeconds: 0,
        publicUrl: 'http://localhost',
        createLoadContext: () => ({}) as PortalLoadContext,
        renders: RENDERS,
      }),
    ).rejects.toThrow(/npm run build -w @portal\/web/);
  });
});
