// @vitest-environment node
import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { defineCall, PUBLIC } from '@portal/contracts/call';
import { REQUEST_TIMEOUT_MS } from '@portal/contracts/constants';
import { catalogues } from '@portal/locales/catalogues';
import { loadZod } from '@portal/contracts/zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { configureRequestClient, createRequestClient, requestClient, type RequestEnvironment } from './client';
import { STATUS_DELAYS } from './status-catalogue';

// The browser loads zod with the first answer it checks (contracts/zod.browser.ts); a test can make that load fail.
vi.mock('@portal/contracts/zod', async (importActual) => {
  const actual = await importActual<typeof import('@portal/contracts/zod')>();
  return { ...actual, loadZod: vi.fn(actual.loadZod) };
});

const ORIGIN = 'https://portal.example.com';

const echo = defineCall({
  id: 'test.echo',
  scope: 'site',
  path: '/api/test/echo',
  write: false,
  access: PUBLIC,
  summary: 'echo',
  tag: 'test',
  body: z.object({ q: z.string() }),
  data: z.object({ n: z.number() }),
});

const activityIndex = defineCall({
  id: 'test.activity',
  scope: 'global',
  path: '/api/activity/index',
  write: false,
  access: PUBLIC,
  summary: 'activities',
  tag: 'test',
  body: z.object({}).optional(),
  data: z.array(z.number()),
});

type Lang = 'zh' | 'en';
type Answer = (url: string, init: RequestInit) => Response | Promise<Response>;

interface Timer {
  fn: () => void;
  ms: number;
  state: 'pending' | 'fired' | 'cleared';
}

function envelope(status: number | string, msg: string, data: unknown = null, httpStatus = 200): Response {
  return new Response(JSON.stringify({ status, msg, data }), {
    status: httpStatus,
    headers: { 'content-type': 'application/json' },
  });
}

/** A browser at the edge of the world: records toasts, routes, windows, timers and requests. */
function fakeBrowser(options: {
  lang?: Lang;
  cookies?: Record<string, string>;
  answer?: Answer;
  pathname?: string;
  search?: string;
  withWarning?: boolean;
  withClearTimeout?: boolean;
}) {
  const toasts: Array<{ tone: 'error' | 'success' | 'warning'; text: string; seconds?: number }> = [];
  const navigations: string[] = [];
  const windows: string[] = [];
  const timers: Timer[] = [];
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const storage = new Map<string, string>();
  const page = { pathname: options.pathname ?? '/cn/activity/info/5', search: options.search ?? '?tab=2' };
  let storageWrites = 0;
  let sessionClears = 0;
  let lang: Lang = options.lang ?? 'zh';
  const answer: Answer = options.answer ?? (() => envelope(200, 'ok', { n: 1 }));

  const env: RequestEnvironment = {
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(input), init: init ?? {} });
      return answer(String(input), init ?? {});
    }) as typeof fetch,
    lang: () => lang,
    getCookie: (name) => options.cookies?.[name],
    localStorage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => {
        storageWrites += 1;
        storage.set(key, value);
      },
      removeItem: (key) => void storage.delete(key),
    },
    sessionStorage: { clear: () => void (sessionClears += 1) },
    toast: {
      error: (text, seconds) =>
        void toasts.push(seconds === undefined ? { tone: 'error', text } : { tone: 'error', text, seconds }),
      success: (text) => void toasts.push({ tone: 'success', text }),
      ...(options.withWarning === false
        ? {}
        : { warning: (text: string) => void toasts.push({ tone: 'warning', text }) }),
    },
    navigate: (path) => void navigations.push(path),
    openWindow: (url) => void windows.push(url),
    location: () => ({ ...page, origin: ORIGIN }),
    setTimeout: (fn, ms) => {
      const timer: Timer = { fn, ms, state: 'pending' };
      timers.push(timer);
      return timer;
    },
    ...(options.withClearTimeout === false
      ? {}
      : { clearTimeout: (handle: unknown) => void ((handle as Timer).state = 'cleared') }),
    timeZone: () => ({ name: 'Asia/Shanghai', offsetMinutes: 480 }),
    randomBytes: (n) => new Uint8Array(nodeRandomBytes(n)),
  };

  return {
    env,
    client: createRequestClient(env),
    toasts,
    navigations,
    windows,
    requests,
    storage,
    page,
    setLang: (next: Lang) => void (lang = next),
    storageWrites: () => storageWrites,
    sessionClears: () => sessionClears,
    /** Delays of the timers still waiting, in the order they were set. */
    pendingDelays: () => timers.filter((t) => t.state === 'pending').map((t) => t.ms),
    /** Fires the waiting timers of exactly `ms`, as the clock would after that long. */
    fire(ms: number) {
      for (const timer of timers.filter((t) => t.state === 'pending' && t.ms === ms)) {
        timer.state = 'fired';
        timer.fn();
      }
    },
  };
}

const callbackOf = (path: string) => `?callback=${encodeURIComponent(path)}`;

describe.each<[Lang, 'cn' | 'en']>([
  ['zh', 'cn'],
  ['en', 'en'],
])('the spec-8 status catalogue in %s', (lang, prefix) => {
  const texts = catalogues[lang].request;
  const here = { pathname: `/${prefix}/activity/info/5`, search: '?tab=2' };
  const hereCallback = callbackOf(`/${prefix}/activity/info/5?tab=2`);

  it('passes status 200 through with the data parsed by the contract', async () => {
    const browser = fakeBrowser({ lang, ...here, answer: () => envelope(200, 'ok', { n: 7 }) });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result).toEqual({ ok: true, data: { n: 7 }, envelope: { status: 200, msg: 'ok', data: { n: 7 } } });
    expect(browser.toasts).toEqual([]);
    expect(browser.pendingDelays()).toEqual([]);
  });

  it('passes status 1 through too', async () => {
    const browser = fakeBrowser({ lang, answer: () => envelope(1, '', { n: 1 }) });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result.ok && result.data).toEqual({ n: 1 });
    expect(browser.toasts).toEqual([]);
  });

  it('treats a status sent as text like the number', async () => {
    const browser = fakeBrowser({ lang, answer: () => envelope('200', 'ok', { n: 2 }) });
    expect((await browser.client.call(echo, { q: 'x' })).ok).toBe(true);
  });

  it('shows Interface error when a 200 answer does not match the contract', async () => {
    const browser = fakeBrowser({ lang, answer: () => envelope(200, 'ok', null) });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('interface');
    expect(result.error.message).toBe(texts.interfaceError);
    expect(result.envelope).toEqual({ status: 200, msg: 'ok', data: null });
    expect(browser.toasts).toEqual([{ tone: 'error', text: texts.interfaceError }]);
  });

  it('shows the msg of 201 and returns without any route change', async () => {
    const browser = fakeBrowser({ lang, answer: () => envelope(201, 'Already signed up', null, 409) });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'status', status: 201, httpStatus: 409, message: 'Already signed up' });
    expect(browser.toasts).toEqual([{ tone: 'warning', text: 'Already signed up' }]);
    expect(browser.pendingDelays()).toEqual([]);
    expect(browser.navigations).toEqual([]);
  });

  it('shows Interface error for a 201 without msg', async () => {
    const browser = fakeBrowser({ lang, answer: () => envelope(201, '') });
    await browser.client.call(echo, { q: 'x' });
    expect(browser.toasts).toEqual([{ tone: 'warning', text: texts.interfaceError }]);
  });

  it('shows the msg of 203 and after 4 s opens the personal centre with this page as callback', async () => {
    const browser = fakeBrowser({ lang, ...here, answer: () => envelope(203, 'Please complete your information') });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result.ok).toBe(false);
    expect(browser.toasts).toEqual([{ tone: 'warning', text: 'Please complete your information' }]);
    expect(browser.pendingDelays()).toEqual([4000]);
    expect(browser.navigations).toEqual([]);
    browser.fire(4000);
    expect(browser.navigations).toEqual([`/${prefix}/userinfo${hereCallback}`]);
  });

  it('clears session storage on 401 and after 1 s goes to login with this page as callback', async () => {
    const browser = fakeBrowser({ lang, ...here, answer: () => envelope(401, 'Please log in first', null, 401) });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'status', status: 401, httpStatus: 401 });
    expect(browser.sessionClears()).toBe(1);
    expect(browser.toasts).toEqual([]);
    expect(browser.pendingDelays()).toEqual([1000]);
    expect(browser.navigations).toEqual([]);
    browser.fire(1000);
    expect(browser.navigations).toEqual([`/${prefix}/login${hereCallback}`]);
  });

  it('shows the no-permission text on 403', async () => {
    const browser = fakeBrowser({ lang, answer: () => envelope(403, 'forbidden', null, 403) });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(!result.ok && result.error.message).toBe(texts.noPermission);
    expect(browser.toasts).toEqual([{ tone: 'error', text: texts.noPermission }]);
    expect(browser.pendingDelays()).toEqual([]);
  });

  it('shows the interface-does-not-exist text on 404', async () => {
    const browser = fakeBrowser({ lang, answer: () => envelope(404, 'no such interface', null, 404) });
    await browser.client.call(echo, { q: 'x' });
    expect(browser.toasts).toEqual([{ tone: 'error', text: texts.notExist }]);
  });

  it("returns silently on '400C1'", async () => {
    const browser = fakeBrowser({ lang, answer: () => envelope('400C1', 'quiet', null, 400) });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'status', status: '400C1' });
    expect(browser.toasts).toEqual([]);
    expect(browser.pendingDelays()).toEqual([]);
    expect(browser.navigations).toEqual([]);
    expect(browser.sessionClears()).toBe(0);
  });

  it('shows the internal-server-error text on 500', async () => {
    const browser = fakeBrowser({ lang, answer: () => envelope(500, 'stack trace', null, 500) });
    await browser.client.call(echo, { q: 'x' });
    expect(browser.toasts).toEqual([{ tone: 'error', text: texts.serverError }]);
  });

  it('shows the msg of 4001 and after 2 s opens data.url in a new window', async () => {
    const browser = fakeBrowser({
      lang,
      answer: () => envelope(4001, 'Opening the form', { url: `/${prefix}/ebook/index` }),
    });
    await browser.client.call(echo, { q: 'x' });
    expect(browser.toasts).toEqual([{ tone: 'warning', text: 'Opening the form' }]);
    expect(browser.pendingDelays()).toEqual([2000]);
    expect(browser.windows).toEqual([]);
    browser.fire(2000);
    expect(browser.windows).toEqual([`/${prefix}/ebook/index`]);
    expect(browser.navigations).toEqual([]);
  });

  it('shows the msg of 4002 and after 2 s routes to data.url', async () => {
    const browser = fakeBrowser({
      lang,
      answer: () => envelope(4002, 'Moving on', { url: `/${prefix}/points/ranking/3` }),
    });
    await browser.client.call(echo, { q: 'x' });
    expect(browser.toasts).toEqual([{ tone: 'warning', text: 'Moving on' }]);
    expect(browser.pendingDelays()).toEqual([2000]);
    expect(browser.navigations).toEqual([]);
    browser.fire(2000);
    expect(browser.navigations).toEqual([`/${prefix}/points/ranking/3`]);
    expect(browser.windows).toEqual([]);
  });

  it('shows the msg of 40001 and hands back the validation data', async () => {
    const data = { field: 'q', issues: [{ field: 'q', message: 'required' }] };
    const browser = fakeBrowser({ lang, answer: () => envelope(40001, 'Field q is invalid: required', data, 400) });
    const result = await browser.client.call(echo, { q: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'status', status: 40001, message: 'Field q is invalid: required' });
    expect(result.envelope?.data).toEqual(data);
    expect(browser.toasts).toEqual([{ tone: 'error', text: 'Field q is invalid: required' }]);
  });

  it.each<[string, number | string]>([
    ['an unknown number', 418],
    ['an unknown text', 'weird'],
    ['a 4xx the table does not name', 400],
  ])('shows the network-error text for %s', async (_, status) => {
    const browser = fakeBrowser({ lang, answer: () => envelope(status, 'whatever') });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(!result.ok && result.error.message).toBe(texts.networkError);
    expect(browser.toasts).toEqual([{ tone: 'error', text: texts.networkError }]);
  });

  it('shows a rejected fetch as a transport error for 5 seconds', async () => {
    const browser = fakeBrowser({
      lang,
      answer: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('network');
    expect(result.error.cause).toBeInstanceOf(TypeError);
    expect(result.envelope).toBeUndefined();
    expect(browser.toasts).toEqual([{ tone: 'error', text: texts.unreachable, seconds: 5 }]);
  });

  it('shows a failed load of zod, which checks the answer, as a transport error for 5 seconds', async () => {
    const browser = fakeBrowser({ lang, answer: () => envelope(200, 'ok', { n: 1 }) });
    vi.mocked(loadZod).mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('network');
    expect(result.error.cause).toBeInstanceOf(TypeError);
    expect(browser.toasts).toEqual([{ tone: 'error', text: texts.unreachable, seconds: 5 }]);
    // The next answer loads it again.
    expect(await browser.client.call(echo, { q: 'x' })).toMatchObject({ ok: true, data: { n: 1 } });
  });

  it('shows an answer that is not JSON as a transport error for 5 seconds', async () => {
    const browser = fakeBrowser({
      lang,
      answer: () =>
        new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'bad-answer', httpStatus: 502, message: texts.badAnswer });
    expect(browser.toasts).toEqual([{ tone: 'error', text: texts.badAnswer, seconds: 5 }]);
  });

  it('aborts after 300000 ms and shows the timeout for 5 seconds', async () => {
    let signal: AbortSignal | undefined;
    const browser = fakeBrowser({
      lang,
      answer: (_, init) => {
        signal = init.signal ?? undefined;
        return new Promise<Response>(() => {});
      },
    });
    const pending = browser.client.call(echo, { q: 'x' });
    await Promise.resolve();
    expect(browser.pendingDelays()).toEqual([REQUEST_TIMEOUT_MS]);
    expect(signal?.aborted).toBe(false);
    browser.fire(300_000);
    const result = await pending;
    expect(signal?.aborted).toBe(true);
    expect(!result.ok && result.error.kind).toBe('timeout');
    expect(browser.toasts).toEqual([{ tone: 'error', text: texts.timeout, seconds: 5 }]);
  });
});

describe('the spec-8 texts in English', () => {
  it('are exactly the texts of the specification', async () => {
    const cases: Array<[number, string]> = [
      [403, '404, no permission!'],
      [404, '404, interface does not exist!'],
      [500, '500, internal server error!'],
      [999, 'Network error, please try again later!'],
    ];
    for (const [status, text] of cases) {
      const browser = fakeBrowser({ lang: 'en', answer: () => envelope(status, 'server text') });
      await browser.client.call(echo, { q: 'x' });
      expect(browser.toasts).toEqual([{ tone: 'error', text }]);
    }
    const browser = fakeBrowser({ lang: 'en', answer: () => envelope(200, 'ok', 'not an object') });
    await browser.client.call(echo, { q: 'x' });
    expect(browser.toasts).toEqual([{ tone: 'error', text: 'Interface error!' }]);
  });

  it('keep their waits in one place', () => {
    expect(STATUS_DELAYS).toEqual({
      loginMs: 1000,
      openUrlMs: 2000,
      routeUrlMs: 2000,
      completeInfoMs: 4000,
      transportErrorSeconds: 5,
    });
  });
});

describe('the status catalogue around the edges', () => {
  it('reads the envelope status whatever the HTTP status says', async () => {
    const browser = fakeBrowser({ answer: () => envelope(200, 'ok', { n: 3 }, 500) });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(result.ok && result.data).toEqual({ n: 3 });
  });

  it('falls back to an error toast for warnings when the UI has no warning toast', async () => {
    const browser = fakeBrowser({ withWarning: false, answer: () => envelope(201, 'Full') });
    await browser.client.call(echo, { q: 'x' });
    expect(browser.toasts).toEqual([{ tone: 'error', text: 'Full' }]);
  });

  it('goes to login once when several calls answer 401 together', async () => {
    const browser = fakeBrowser({ answer: () => envelope(401, 'Please log in first', null, 401) });
    await Promise.all([1, 2, 3].map(() => browser.client.call(echo, { q: 'x' })));
    expect(browser.pendingDelays()).toEqual([1000]);
    browser.fire(1000);
    expect(browser.navigations).toEqual([`/cn/login${callbackOf('/cn/activity/info/5?tab=2')}`]);
    await browser.client.call(echo, { q: 'x' });
    expect(browser.pendingDelays()).toEqual([1000]);
  });

  it('keeps the existing callback when a 401 arrives on the login page itself', async () => {
    const browser = fakeBrowser({
      pathname: '/cn/login',
      search: `?callback=${encodeURIComponent('/cn/userinfo')}`,
      answer: () => envelope(401, '', null, 401),
    });
    await browser.client.call(echo, { q: 'x' });
    browser.fire(1000);
    expect(browser.navigations).toEqual([`/cn/login${callbackOf('/cn/userinfo')}`]);
  });

  it('uses the page of the moment the wait ends, in its language', async () => {
    const browser = fakeBrowser({ answer: () => envelope(203, 'Complete your information') });
    await browser.client.call(echo, { q: 'x' });
    browser.page.pathname = '/en/about';
    browser.page.search = '';
    browser.setLang('en');
    browser.fire(4000);
    expect(browser.navigations).toEqual([`/en/userinfo${callbackOf('/en/about')}`]);
  });

  it.each<[string, string]>([
    ['a protocol-relative page path', '//evil.com/cn/x'],
    ['a backslash page path', '/\\evil.com'],
    ['an encoded double-slash page path', '/%2F/evil.com'],
  ])('sends the home page as callback instead of %s', async (_, pathname) => {
    const browser = fakeBrowser({ pathname, search: '', answer: () => envelope(401, '', null, 401) });
    await browser.client.call(echo, { q: 'x' });
    browser.fire(1000);
    expect(browser.navigations).toEqual([`/cn/login${callbackOf('/cn/index/index')}`]);
  });

  it('with silent, shows nothing and goes nowhere but still clears the session on 401', async () => {
    const browser = fakeBrowser({ answer: () => envelope(401, '', null, 401) });
    const result = await browser.client.call(echo, { q: 'x' }, { silent: true });
    expect(!result.ok && result.error.status).toBe(401);
    expect(browser.sessionClears()).toBe(1);
    expect(browser.toasts).toEqual([]);
    expect(browser.pendingDelays()).toEqual([]);
  });

  it('with silent, shows no message for a refusal, a bad contract or a transport error', async () => {
    const answers: Answer[] = [
      () => envelope(500, ''),
      () => envelope(4002, 'go', { url: '/cn/about' }),
      () => envelope(200, 'ok', null),
      () => new Response('nope', { status: 502 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    for (const answer of answers) {
      const browser = fakeBrowser({ answer });
      const result = await browser.client.call(echo, { q: 'x' }, { silent: true });
      expect(result.ok).toBe(false);
      expect(browser.toasts).toEqual([]);
      expect(browser.pendingDelays()).toEqual([]);
    }
  });

  it('treats JSON that is not an envelope as a transport error', async () => {
    for (const body of ['[1,2]', '{"msg":"no status"}', 'null', '"text"', '']) {
      const browser = fakeBrowser({ answer: () => new Response(body, { status: 200 }) });
      const result = await browser.client.call(echo, { q: 'x' });
      expect(!result.ok && result.error.kind).toBe('bad-answer');
      expect(browser.toasts).toEqual([{ tone: 'error', text: catalogues.zh.request.badAnswer, seconds: 5 }]);
    }
  });

  it('treats a body that breaks off while being read as a transport error', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('terminated'));
      },
    });
    const browser = fakeBrowser({ answer: () => new Response(stream) });
    const result = await browser.client.call(echo, { q: 'x' });
    expect(!result.ok && result.error.kind).toBe('network');
    expect(browser.toasts).toEqual([{ tone: 'error', text: catalogues.zh.request.unreachable, seconds: 5 }]);
  });

  it('times out even when fetch ignores the abort signal, and the late answer changes nothing', async () => {
    let deliver: (response: Response) => void = () => {};
    const browser = fakeBrowser({ answer: () => new Promise<Response>((resolve) => (deliver = resolve)) });
    const pending = browser.client.call(echo, { q: 'x' });
    await Promise.resolve();
    browser.fire(REQUEST_TIMEOUT_MS);
    const result = await pending;
    deliver(envelope(401, '', null, 401));
    await new Promise((resolve) => setImmediate(resolve));
    expect(!result.ok && result.error.kind).toBe('timeout');
    expect(browser.pendingDelays()).toEqual([]);
    expect(browser.sessionClears()).toBe(0);
  });

  it('drops the timeout timer once the answer is in', async () => {
    const browser = fakeBrowser({});
    await browser.client.call(echo, { q: 'x' });
    expect(browser.pendingDelays()).toEqual([]);
  });

  it('ignores a late timeout timer when the environment cannot clear timers', async () => {
    const browser = fakeBrowser({ withClearTimeout: false });
    const result = await browser.client.call(echo, { q: 'x' });
    browser.fire(REQUEST_TIMEOUT_MS);
    expect(result.ok).toBe(true);
    expect(browser.toasts).toEqual([]);
  });

  it('never throws, even when the environment does', async () => {
    const browser = fakeBrowser({});
    const broken = createRequestClient({
      ...browser.env,
      timeZone: () => {
        throw new RangeError('no time zone');
      },
    });
    const result = await broken.call(echo, { q: 'x' });
    expect(!result.ok && result.error.kind).toBe('network');
  });

  it('still hands back the result when the toast itself fails', async () => {
    const browser = fakeBrowser({ answer: () => envelope(500, '') });
    const broken = createRequestClient({
      ...browser.env,
      toast: {
        error: () => {
          throw new Error('toast container gone');
        },
        success: () => {},
      },
    });
    const result = await broken.call(echo, { q: 'x' });
    expect(!result.ok && result.error.status).toBe(500);
  });
});

describe('server-sent targets of 4001 and 4002', () => {
  const ATTACKS = [
    'https://evil.com/cn/index/index',
    '//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java%0ascript:alert(1)',
    'java\tscript:alert(1)',
    '%2F%2Fevil.com',
    '/%2F/evil.com',
    '/%5Cevil.com',
    'https:evil.com',
    'http://127.0.0.1.evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https://portal.example.com@evil.com/',
    `${ORIGIN}//evil.com`,
    '/\uFF0Fevil.com',
  ];

  it.each(ATTACKS)('never routes to %j', async (url) => {
    const browser = fakeBrowser({ answer: () => envelope(4002, 'Moving on', { url }) });
    await browser.client.call(echo, { q: 'x' });
    expect(browser.toasts).toEqual([{ tone: 'warning', text: 'Moving on' }]);
    expect(browser.pendingDelays()).toEqual([]);
    browser.fire(2000);
    expect(browser.navigations).toEqual([]);
  });

  it.each(ATTACKS)('never opens %j in a new window', async (url) => {
    const browser = fakeBrowser({ answer: () => envelope(4001, 'Opening', { url }) });
    await browser.client.call(echo, { q: 'x' });
    browser.fire(2000);
    expect(browser.windows).toEqual([]);
  });

  it('does nothing after the message when data has no url', async () => {
    const browser = fakeBrowser({ answer: () => envelope(4002, 'Moving on', null) });
    await browser.client.call(echo, { q: 'x' });
    expect(browser.toasts).toEqual([{ tone: 'warning', text: 'Moving on' }]);
    expect(browser.pendingDelays()).toEqual([]);
  });

  it('opens an absolute URL on this origin, as its path', async () => {
    const browser = fakeBrowser({ answer: () => envelope(4001, 'Opening', { url: `${ORIGIN}/cn/ebook/index?id=2` }) });
    await browser.client.call(echo, { q: 'x' });
    browser.fire(2000);
    expect(browser.windows).toEqual(['/cn/ebook/index?id=2']);
  });

  it('routes to an absolute URL on this origin, as its path', async () => {
    const browser = fakeBrowser({ answer: () => envelope(4002, 'Moving on', { url: `${ORIGIN}/en/about#team` }) });
    await browser.client.call(echo, { q: 'x' });
    browser.fire(2000);
    expect(browser.navigations).toEqual(['/en/about#team']);
  });
});

describe('the request itself', () => {
  it('POSTs JSON to the current language site with every spec-7 header and the cookies', async () => {
    const browser = fakeBrowser({ lang: 'en', cookies: { accessToken: 'tok.123', siteData: '2' } });
    await browser.client.call(echo, { q: 'storage' });
    expect(browser.requests).toHaveLength(1);
    const [request] = browser.requests;
    expect(request?.url).toBe('/api/protal_en/api/test/echo');
    expect(request?.init.method).toBe('POST');
    expect(request?.init.body).toBe('{"q":"storage"}');
    expect(request?.init.signal).toBeInstanceOf(AbortSignal);
    const headers = request?.init.headers as Record<string, string>;
    expect(headers).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      isapi: '1',
      'permanent-tourist-id': browser.storage.get('permanent_tourist_id'),
      'time-zone-name': 'Asia/Shanghai',
      'time-zone-offset': '480',
      accesstoken: 'tok.123',
      sitedata: '2',
    });
    expect(headers['permanent-tourist-id']).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it('leaves the token and site headers out when there are no cookies', async () => {
    const browser = fakeBrowser({ lang: 'zh' });
    await browser.client.call(echo, { q: 'x' });
    const headers = browser.requests[0]?.init.headers as Record<string, string>;
    expect(browser.requests[0]?.url).toBe('/api/protal/api/test/echo');
    expect(Object.keys(headers).sort()).toEqual(
      ['accept', 'content-type', 'isapi', 'permanent-tourist-id', 'time-zone-name', 'time-zone-offset'].sort(),
    );
  });

  it('sends a FormData body as multipart, leaving its content type to fetch', async () => {
    const upload = defineCall({
      id: 'test.upload',
      scope: 'site',
      path: '/api/test/upload',
      write: true,
      access: PUBLIC,
      summary: 'upload',
      tag: 'test',
      body: z.instanceof(FormData),
      data: z.object({ url: z.string() }),
    });
    const browser = fakeBrowser({ lang: 'en', answer: () => envelope(200, 'ok', { url: '/uploads/a.png' }) });
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    const result = await browser.client.call(upload, form);
    expect(result.ok && result.data).toEqual({ url: '/uploads/a.png' });
    const [request] = browser.requests;
    expect(request?.init.body).toBe(form);
    const headers = request?.init.headers as Record<string, string>;
    expect(headers['content-type']).toBeUndefined();
    expect(headers).toMatchObject({ isapi: '1', accept: 'application/json' });
  });

  it('leaves out a cookie value that cannot travel in a header', async () => {
    const browser = fakeBrowser({ cookies: { accessToken: 'tok\nen', siteData: '中文' } });
    const result = await browser.client.call(echo, { q: 'x' });
    const headers = browser.requests[0]?.init.headers as Record<string, string>;
    expect(result.ok).toBe(true);
    expect(headers.accesstoken).toBeUndefined();
    expect(headers.sitedata).toBeUndefined();
  });

  it('goes to the site it is given, and global calls to their own path', async () => {
    const browser = fakeBrowser({ lang: 'zh', answer: () => envelope(200, 'ok', [1, 2]) });
    await browser.client.call(echo, { q: 'x' }, { siteCode: 'protal_en' });
    const result = await browser.client.call(activityIndex, undefined);
    expect(browser.requests.map((r) => r.url)).toEqual(['/api/protal_en/api/test/echo', '/api/activity/index']);
    expect(browser.requests[1]?.init.body).toBe('{}');
    expect(result.ok && result.data).toEqual([1, 2]);
  });

  it('creates the visitor id once and sends the same one on every call', async () => {
    const browser = fakeBrowser({});
    await browser.client.call(echo, { q: 'a' });
    await browser.client.call(echo, { q: 'b' });
    await createRequestClient(browser.env).call(echo, { q: 'c' });
    const ids = browser.requests.map((r) => (r.init.headers as Record<string, string>)['permanent-tourist-id']);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(browser.storage.get('permanent_tourist_id'));
    expect(browser.storageWrites()).toBe(1);
  });

  it('reuses a visitor id stored by an earlier visit', async () => {
    const browser = fakeBrowser({});
    browser.storage.set('permanent_tourist_id', 'Zz9Yy8Xx7Ww6Vv5U');
    await browser.client.call(echo, { q: 'a' });
    expect((browser.requests[0]?.init.headers as Record<string, string>)['permanent-tourist-id']).toBe(
      'Zz9Yy8Xx7Ww6Vv5U',
    );
    expect(browser.storageWrites()).toBe(0);
  });
});

describe('requestClient', () => {
  it('answers with an unconfigured error before configureRequestClient, then uses the environment', async () => {
    const before = await requestClient.call(echo, { q: 'x' });
    expect(!before.ok && before.error.kind).toBe('unconfigured');
    const browser = fakeBrowser({ answer: () => envelope(200, 'ok', { n: 5 }) });
    configureRequestClient(browser.env);
    const after = await requestClient.call(echo, { q: 'x' });
    expect(after.ok && after.data).toEqual({ n: 5 });
    expect(browser.requests).toHaveLength(1);
  });
});
