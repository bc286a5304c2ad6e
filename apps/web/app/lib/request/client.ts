import { callUrl, type CallBody, type CallContract, type CallData } from '@portal/contracts/call';
import { REQUEST_TIMEOUT_MS } from '@portal/contracts/constants';
import type { Envelope } from '@portal/contracts/envelope';
import { DEFAULT_SITE, homePath, siteByLang, type Site } from '@portal/contracts/sites';
import { CLIENT_STORAGE, REQUEST_HEADERS } from '@portal/contracts/ssr';
import { loadZod } from '@portal/contracts/zod';
import { catalogueOf } from '~/lib/catalogue';
import { RequestError } from './request-error';
import { safeCallback, sameSiteTarget } from './safe-redirect';
import { reactionTo, STATUS_DELAYS, type FollowUp, type RequestTexts, type StatusReaction } from './status-catalogue';
import { readOrCreateVisitorId } from './visitor-id';

export { RequestError, type RequestErrorKind } from './request-error';

/**
 * Everything the client needs from the browser, injected so it runs in Node tests without a DOM.
 * `browserRequestEnvironment` (browser-environment.ts) builds it from `window`.
 */
export interface RequestEnvironment {
  fetch: typeof fetch;
  /** The current site language. */
  lang(): 'zh' | 'en';
  getCookie(name: string): string | undefined;
  localStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  sessionStorage: Pick<Storage, 'clear'>;
  /** `seconds` is how long the toast stays; the UI's default when omitted. */
  toast: { error(text: string, seconds?: number): void; success(text: string): void; warning?(text: string): void };
  /** In-app route change on this site. */
  navigate(path: string): void;
  /** A new window or tab. */
  openWindow(url: string): void;
  location(): { pathname: string; search: string; origin: string };
  setTimeout(fn: () => void, ms: number): unknown;
  /** Optional: lets a finished request drop its timeout timer at once. */
  clearTimeout?(handle: unknown): void;
  /** IANA name (`Asia/Shanghai`) and offset in minutes east of UTC (+480 in Shanghai). */
  timeZone(): { name: string; offsetMinutes: number };
  /** `crypto.getRandomValues` in the browser. */
  randomBytes(n: number): Uint8Array;
}

export interface CallOptions {
  /** The site whose `/api/{site}` the call goes to; the current language's site by default. */
  siteCode?: string;
  /**
   * No toast, no navigation, no new window: the caller gets the error and decides (e.g. reading the
   * current user on a public page, where a 401 must not send a visitor to the login page). Session
   * storage is still cleared on 401, since the session is gone either way.
   */
  silent?: boolean;
}

export type CallResult<C extends CallContract> =
  | { ok: true; data: CallData<C>; envelope: Envelope<CallData<C>> }
  | { ok: false; error: RequestError; envelope?: Envelope<unknown> };

export interface RequestClient {
  /**
   * POSTs `body` as JSON (a `FormData` body as multipart) to the call's URL and applies spec 8's
   * status catalogue. Never throws: every failure comes back as `{ ok: false, error }`.
   */
  call<C extends CallContract>(call: C, body: CallBody<C>, opts?: CallOptions): Promise<CallResult<C>>;
}

/** Header values must be visible ASCII; anything else would make fetch throw before sending. */
const HEADER_VALUE = /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/;

const TIMED_OUT = Symbol('timed out');

function parseEnvelope(text: string): Envelope<unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { status, msg, data } = value as Record<string, unknown>;
  if (typeof status !== 'number' && typeof status !== 'string') return undefined;
  return { status, msg: typeof msg === 'string' ? msg : '', data };
}

/** Runs `fn` and swallows what it throws: a broken toast or router must not turn into a throw. */
function quietly(fn: () => void): void {
  try {
    fn();
  } catch {
    // The UI failed to show a message or change the route; the caller still gets its result.
  }
}

export function createRequestClient(env: RequestEnvironment): RequestClient {
  let visitorId: string | undefined;
  /** Follow-ups already scheduled, so ten calls failing with 401 at once go to login once. */
  const pendingFollowUps = new Set<string>();

  function currentSite(): Site {
    return siteByLang(env.lang()) ?? DEFAULT_SITE;
  }

  function texts(): RequestTexts {
    return catalogueOf(env.lang()).request;
  }

  /** Spec 7's headers; a multipart body gets its content type (with the boundary) from fetch. */
  function headers(multipart: boolean): Record<string, string> {
    visitorId ??= readOrCreateVisitorId(env.localStorage, env.randomBytes);
    const result: Record<string, string> = {
      ...(multipart ? {} : { 'content-type': 'application/json' }),
      accept: 'application/json',
      [REQUEST_HEADERS.isapi]: '1',
      [REQUEST_HEADERS.visitorId]: visitorId,
    };
    const zone = env.timeZone();
    if (HEADER_VALUE.test(zone.name)) result[REQUEST_HEADERS.timeZoneName] = zone.name;
    if (Number.isFinite(zone.offsetMinutes))
      result[REQUEST_HEADERS.timeZoneOffset] = String(Math.round(zone.offsetMinutes));
    const accessToken = env.getCookie(CLIENT_STORAGE.accessTokenCookie);
    if (accessToken && HEADER_VALUE.test(accessToken)) result[REQUEST_HEADERS.accessToken] = accessToken;
    const siteData = env.getCookie(CLIENT_STORAGE.siteDataCookie);
    if (siteData && HEADER_VALUE.test(siteData)) result[REQUEST_HEADERS.siteData] = siteData;
    return result;
  }

  /** `work` with REQUEST_TIMEOUT_MS: the request is aborted and TIMED_OUT thrown when it runs out. */
  function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = env.setTimeout(() => {
        if (settled) return;
        settled = true;
        controller.abort();
        reject(TIMED_OUT);
      }, REQUEST_TIMEOUT_MS);
      // Racing rather than trusting the signal alone: a fetch that ignores it still ends on time.
      work(controller.signal).then(
        (value) => {
          if (settled) return;
          settled = true;
          env.clearTimeout?.(timer);
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          env.clearTimeout?.(timer);
          reject(error);
        },
      );
    });
  }

  function showTransportError(error: RequestError, silent: boolean): { ok: false; error: RequestError } {
    if (!silent) quietly(() => env.toast.error(error.message, STATUS_DELAYS.transportErrorSeconds));
    return { ok: false, error };
  }

  /** Where to come back to after login or the personal centre: this page, unless it is the login page. */
  function callbackHere(site: Site): string {
    const { pathname, search, origin } = env.location();
    const home = homePath(site);
    const loginPath = `/${site.prefix}/login`;
    if (pathname === loginPath || pathname.startsWith(`${loginPath}/`)) {
      return safeCallback(new URLSearchParams(search).get('callback'), origin, home);
    }
    return safeCallback(`${pathname}${search}`, origin, home);
  }

  function schedule(key: string, afterMs: number, run: () => void): void {
    if (pendingFollowUps.has(key)) return;
    pendingFollowUps.add(key);
    env.setTimeout(() => {
      pendingFollowUps.delete(key);
      quietly(run);
    }, afterMs);
  }

  function follow(afterMs: number, action: FollowUp): void {
    switch (action.kind) {
      case 'login':
      case 'completeInfo': {
        const page = action.kind === 'login' ? 'login' : 'userinfo';
        schedule(action.kind, afterMs, () => {
          const site = currentSite();
          env.navigate(`/${site.prefix}/${page}?callback=${encodeURIComponent(callbackHere(site))}`);
        });
        return;
      }
      case 'openUrl':
      case 'routeUrl': {
        // A server-sent target is followed only when it stays on this site (no open redirect).
        const target = sameSiteTarget(action.url, env.location().origin);
        if (target === undefined) return;
        schedule(`${action.kind} ${target}`, afterMs, () =>
          action.kind === 'openUrl' ? env.openWindow(target) : env.navigate(target),
        );
        return;
      }
    }
  }

  function apply(reaction: StatusReaction, silent: boolean): void {
    if (reaction.clearSession) quietly(() => env.sessionStorage.clear());
    if (silent) return;
    const { message, followUp } = reaction;
    if (message) {
      quietly(() =>
        message.tone === 'warning' && env.toast.warning
          ? env.toast.warning(message.text)
          : env.toast.error(message.text),
      );
    }
    if (followUp) quietly(() => follow(followUp.afterMs, followUp.action));
  }

  async function run<C extends CallContract>(call: C, body: CallBody<C>, opts: CallOptions): Promise<CallResult<C>> {
    const silent = opts.silent === true;
    const text = texts();
    const url = callUrl(call, opts.siteCode ?? currentSite().apply_site);
    // Uploads (e.g. the avatar) send their FormData as multipart; every other call sends JSON.
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    const init: RequestInit = {
      method: 'POST',
      headers: headers(multipart),
      body: multipart ? body : JSON.stringify(body ?? {}),
    };

    let answer: { httpStatus: number; text: string };
    try {
      answer = await withTimeout(async (signal) => {
        // Detached on purpose: `window.fetch` called as a method of another object throws.
        const send = env.fetch;
        const response = await send(url, { ...init, signal });
        return { httpStatus: response.status, text: await response.text() };
      });
    } catch (cause) {
      return cause === TIMED_OUT
        ? showTransportError(new RequestError('timeout', text.timeout), silent)
        : showTransportError(new RequestError('network', text.unreachable, { cause }), silent);
    }

    // The server answers 4xx and 5xx with an envelope too: its status decides, not HTTP's.
    const envelope = parseEnvelope(answer.text);
    if (!envelope) {
      return showTransportError(
        new RequestError('bad-answer', text.badAnswer, { httpStatus: answer.httpStatus }),
        silent,
      );
    }
    const details = { status: envelope.status, httpStatus: answer.httpStatus };

    const reaction = reactionTo(envelope, text);
    if (reaction.pass) {
      // The first answer checked brings zod (a page loads none at start: contracts/zod.browser.ts).
      try {
        await loadZod();
      } catch (cause) {
        return showTransportError(new RequestError('network', text.unreachable, { cause }), silent);
      }
      const parsed = call.data.safeParse(envelope.data);
      if (parsed.success) {
        const data = parsed.data as CallData<C>;
        return { ok: true, data, envelope: { ...envelope, data } };
      }
      // "Interface error!", not msg: the msg of a 1/200 answer describes a success.
      const error = new RequestError('interface', text.interfaceError, { ...details, cause: parsed.error });
      if (!silent) quietly(() => env.toast.error(error.message));
      return { ok: false, error, envelope };
    }

    apply(reaction, silent);
    const error = new RequestError('status', reaction.message?.text ?? envelope.msg, details);
    return { ok: false, error, envelope };
  }

  return {
    async call(call, body, opts = {}) {
      try {
        return await run(call, body, opts);
      } catch (cause) {
        // Only a broken environment gets here (e.g. storage or time zone lookups throwing).
        const error = new RequestError('network', catalogueOf(DEFAULT_SITE.lang).request.unreachable, { cause });
        return { ok: false, error };
      }
    },
  };
}

let configured: RequestClient | undefined;
let markConfigured: () => void = () => {};
const configuredOnce = new Promise<void>((resolve) => {
  markConfigured = resolve;
});

/** Sets up the browser's `requestClient`; the app calls it once, on the client only. */
export function configureRequestClient(env: RequestEnvironment): void {
  configured = createRequestClient(env);
  markConfigured();
}

/**
 * Resolves once the shell has configured the request client. Client loaders that run while the
 * page hydrates (`clientLoader.hydrate`) start before the root has rendered, so they wait for it.
 */
export function requestClientReady(): Promise<void> {
  return configuredOnce;
}

/** The browser's request client (spec 7 and 8); loaders on the server use `context.api` instead. */
export const requestClient: RequestClient = {
  call(call, body, opts) {
    if (!configured) {
      const error = new RequestError('unconfigured', 'configureRequestClient() has not been called');
      return Promise.resolve({ ok: false, error });
    }
    return configured.call(call, body, opts);
  },
};
