import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_SITE, homePath, siteById, siteFromPath } from '@portal/contracts/sites';
import { CLIENT_STORAGE, REQUEST_HEADERS, type PortalLoadContext } from '@portal/contracts/ssr';
import { knownTimeZone } from '@portal/contracts/time';
import { translate } from '../../lib/i18n';
import { PageCache, type CachedPage } from './page-cache';
import { RenderGate, type RenderGateOptions } from './render-gate';

export interface WebPagesDeps {
  /** `apps/web/build`: holds `server/index.js` and `client/`. */
  webBuildDir: string;
  isProduction: boolean;
  /** How long anonymous pages are served from memory; 0 turns the cache off. */
  ssrCacheSeconds: number;
  /** The portal's own origin (PUBLIC_URL): the origin of every request handed to React Router. */
  publicUrl: string;
  createLoadContext(request: FastifyRequest, reply: FastifyReply): PortalLoadContext;
  /** Admission of renders under load (render-gate.ts); a page past it is answered 503 at once. */
  renders: RenderGateOptions & { retryAfterSeconds: number };
}

type PageHandler = (request: Request, loadContext?: unknown) => Promise<Response>;

/**
 * What `build/server/index.js` exports: React Router's server build plus its own
 * `createRequestHandler` (apps/web/server/build-entry.ts), so the host never loads a second copy of
 * react-router.
 */
interface WebServerBuild {
  createRequestHandler(build: unknown, mode?: string): PageHandler;
  /** The stylesheet of antd's styles the pages link to (apps/web/app/lib/antd-stylesheet.server.ts). */
  STYLESHEET_PREFIX: string;
  stylesheetFor(name: string): { css: string; known: boolean } | null;
}

/** Paths that are never pages: other plugins answer them, or they are files that do not exist. */
const NOT_PAGES = /^\/(?:api|uploads)(?:\/|$)|^\/(?:healthz|readyz)$/;
const MISSING_ASSET = /^\/assets\//;
/**
 * A top-level file name (`/favicon.ico`, `/wp-login.php`): a missing static file, not a page. React
 * Router's data requests of top-level pages (`/401.data`, `/admin.data`, `/_root.data`) are pages.
 */
const TOP_LEVEL_FILE = /^\/[^/]+\.(?!data$)[A-Za-z0-9]+$/;

const MAX_CACHED_PAGES = 500;
/** All cached pages together; a rendered post page is some 30 to 40 KB. */
const MAX_CACHE_BYTES = 16 * 1024 * 1024;
const MAX_CACHED_BYTES = 1024 * 1024;
const CACHEABLE_TYPES = /^(?:text\/html|text\/x-script)/;

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const parsed = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
  if (parsed) return parsed[name] || undefined;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * The Fastify request as a Web `Request` for React Router, on the portal's own origin: the Host
 * header a client sent (and X-Forwarded-Host behind a proxy) never reaches a page, so no page can
 * build a link on an address an attacker chose, and a cached page is the same whatever Host asked.
 */
export function toWebRequest(request: FastifyRequest, publicUrl: string, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':') || name === 'host' || name.startsWith('x-forwarded-')) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  // Joined, not resolved: a target such as `//evil.example/x` stays a path on our origin.
  const target = request.url.startsWith('/')
    ? request.url
    : `/${request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*\/?/i, '')}`;
  const url = new URL(`${publicUrl}${target}`);
  headers.set('host', url.host);
  return new Request(url, { method: request.method, headers, signal });
}

function sendHeaders(reply: FastifyReply, headers: Iterable<[string, string]>, setCookies: string[]): void {
  for (const [name, value] of headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  if (setCookies.length) reply.header('set-cookie', setCookies);
  // Pages carry a per-request nonce: browsers may keep them for back/forward, shared caches must not.
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
}

function isCacheable(response: Response): boolean {
  const cacheControl = response.headers.get('cache-control') ?? '';
  return (
    response.status === 200 &&
    CACHEABLE_TYPES.test(response.headers.get('content-type') ?? '') &&
    response.headers.getSetCookie().length === 0 &&
    !/private|no-store/.test(cacheControl)
  );
}

/**
 * Serves the server-rendered portal: the web build's static files, `/` (to the stored language's
 * home page) and every other GET through React Router. Anonymous pages are kept in memory for
 * `ssrCacheSeconds`, rendered with a placeholder nonce that is swapped for each request's own.
 * Register it last: it catches every GET that no other route took.
 */
export async function registerWebPages(app: FastifyInstance, deps: WebPagesDeps): Promise<void> {
  const serverEntry = path.join(deps.webBuildDir, 'server', 'index.js');
  const clientDir = path.join(deps.webBuildDir, 'client');
  if (!fs.existsSync(serverEntry) || !fs.existsSync(clientDir)) {
    throw new Error(`The web build is missing in ${deps.webBuildDir}: run \`npm run build -w @portal/web\` first`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as WebServerBuild;
  const handle = build.createRequestHandler(build, deps.isProduction ? 'production' : 'development');

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    cacheControl: false,
    dotfiles: 'ignore',
    // `.br`/`.gz` siblings are written by the web build (vite.config.ts).
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const cache =
    deps.ssrCacheSeconds > 0
      ? new PageCache({ maxEntries: MAX_CACHED_PAGES, maxBytes: MAX_CACHE_BYTES, ttlMs: deps.ssrCacheSeconds * 1000 })
      : null;
  // Never sent to anyone: each cached copy gets the requester's nonce in its place.
  const placeholderNonce = crypto.randomBytes(18).toString('base64url');
  const placeholderBytes = Buffer.from(placeholderNonce);

  app.get('/', async (request, reply) => {
    const site = siteById(cookieValue(request, CLIENT_STORAGE.siteDataCookie)) ?? DEFAULT_SITE;
    const query = request.url.indexOf('?');
    return reply.redirect(`${homePath(site)}${query >= 0 ? request.url.slice(query) : ''}`, 302);
  });

  async function renderForCache(request: FastifyRequest, reply: FastifyReply): Promise<CachedPage | null> {
    const context = { ...deps.createLoadContext(request, reply), cspNonce: placeholderNonce };
    const response = await handle(toWebRequest(request, deps.publicUrl), context);
    if (!isCacheable(response)) {
      await response.body?.cancel();
      return null;
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_CACHED_BYTES) return null;
    return { status: response.status, headers: [...response.headers], body: splitAt(body, placeholderBytes) };
  }

  const gate = new RenderGate(deps.renders);

  /** 503 with Retry-After, in the page's language: the portal is busy, not broken. */
  function refuse(request: FastifyRequest, reply: FastifyReply) {
    const site = siteFromPath(request.url.split('?', 1)[0] ?? '/') ?? DEFAULT_SITE;
    const message = translate(site.lang, 'errors.overloaded');
    request.log.warn({ url: request.url, ...gate.load }, 'page refused: renders queued to the limit');
    return reply
      .code(503)
      .header('retry-after', String(deps.renders.retryAfterSeconds))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="${site.htmlLang}"><meta charset="utf-8"><title>503</title><p>${message}</p>`);
  }

  /** Waits for a render's turn; null when the page is refused (or its visitor has gone). */
  function renderTurn(request: FastifyRequest, reply: FastifyReply) {
    return gate.enter(() => reply.raw.destroyed || request.raw.destroyed);
  }

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const cacheable =
      cache !== null && request.method === 'GET' && !cookieValue(request, CLIENT_STORAGE.accessTokenCookie);
    if (cacheable) {
      const siteCookie = cookieValue(request, CLIENT_STORAGE.siteDataCookie) ?? '';
      // The zone the page prints times in, as the root loader picks it (decision 021); only known
      // zone names, so a client cannot fill the cache with made-up ones.
      const zone =
        knownTimeZone(String(request.headers[REQUEST_HEADERS.timeZoneName] ?? '')) ??
        knownTimeZone(cookieValue(request, CLIENT_STORAGE.timeZoneCookie)) ??
        '';
      // Pages depend on the path, the site cookie and the zone only: never on Host, which the client chooses.
      const key = `${request.url}|${siteCookie}|${zone}`;
      let page = cache.get(key);
      if (!page) {
        const release = await renderTurn(request, reply);
        if (!release) return refuse(request, reply);
        try {
          page = (await cache.getOrRender(key, () => renderForCache(request, reply))) ?? undefined;
        } finally {
          release();
        }
      }
      if (page) {
        reply.code(page.status);
        sendHeaders(reply, page.headers, []);
        reply.header('x-page-cache', 'hit');
        return reply.send(Buffer.concat(withSeparator(page.body, Buffer.from(request.cspNonce))));
      }
    }

    const release = await renderTurn(request, reply);
    if (!release) return refuse(request, reply);
    let response: Response;
    try {
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      // The whole page is rendered before the answer starts (entry.server.tsx): the render's turn
      // ends here, and sending it is I/O.
      response = await handle(
        toWebRequest(request, deps.publicUrl, controller.signal),
        deps.createLoadContext(request, reply),
      );
    } finally {
      release();
    }
    reply.code(response.status);
    sendHeaders(reply, response.headers, response.headers.getSetCookie());
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
  }

  // antd's stylesheet, by the name of a version of its CSS: kept by browsers for good. A name this
  // process does not know (the page came from another instance, or before a restart) gets the
  // current CSS, not to be kept; the browser's antd adds any style it lacks when the page hydrates.
  app.get<{ Params: { name: string } }>(`${build.STYLESHEET_PREFIX}:name`, async (request, reply) => {
    const sheet = build.stylesheetFor(request.params.name);
    if (!sheet) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', sheet.known ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(sheet.css);
  });

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // The API, uploads and health checks answer for themselves; an unknown one is their 404.
    if (NOT_PAGES.test(pathname)) return reply.callNotFound();
    if (MISSING_ASSET.test(pathname) || TOP_LEVEL_FILE.test(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    try {
      return await renderPage(request, reply);
    } catch (err) {
      request.log.error({ err }, 'page rendering failed');
      return reply
        .code(500)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('<!doctype html><meta charset="utf-8"><title>500</title><p>Internal server error / 服务器内部错误</p>');
    }
  });
}

/** The bytes of `body` cut at every occurrence of `separator`. */
export function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** The segments with `separator` between each two, ready to write in order. */
export function withSeparator(parts: readonly Buffer[], separator: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(separator);
    pieces.push(part);
  });
  return pieces;
}
