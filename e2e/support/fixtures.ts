import { test as base, expect, type BrowserContext, type Page, type Request, type Response } from '@playwright/test';
import { catalogues, type Catalogue } from '@portal/locales/catalogues';

/**
 * The two sites as the spec and the product decisions fix them. Written out here rather than
 * imported from the app, so that a change to a prefix, a cookie value or a storage name fails a
 * test instead of silently moving the test along with it. Only the texts come from the catalogues.
 */
export interface E2eSite {
  /** Sentence-friendly name for test titles. */
  name: string;
  lang: 'zh' | 'en';
  prefix: 'cn' | 'en';
  htmlLang: string;
  /** `siteData` cookie value (tws_id). */
  siteData: '1' | '2';
  texts: Catalogue;
  /** Seeded demo content that only this site shows. */
  demo: { bannerTitle: string; postTitle: string; aboutHeading: string; contactEmail: string; qrCode: string };
}

export const ZH: E2eSite = {
  name: 'Chinese',
  lang: 'zh',
  prefix: 'cn',
  htmlLang: 'zh-CN',
  siteData: '1',
  texts: catalogues.zh,
  demo: {
    bannerTitle: '全闪存数据中心峰会正在上海举行',
    postTitle: 'Ceph 集群从三副本改成 EC 8+3，这半年踩过的坑',
    aboutHeading: '关于存储社区',
    contactEmail: 'cn-community@example.com',
    qrCode: '/demo/qr-zh.svg',
  },
};

export const EN: E2eSite = {
  name: 'English',
  lang: 'en',
  prefix: 'en',
  htmlLang: 'en',
  siteData: '2',
  texts: catalogues.en,
  demo: {
    bannerTitle: 'Storage Field Day Europe is on now in Amsterdam',
    postTitle: 'We moved 4 PB from triple replication to 8+3 erasure coding. What surprised us',
    aboutHeading: 'About the Storage Community',
    contactEmail: 'community@example.com',
    qrCode: '/demo/qr-en.svg',
  },
};

export const SITES: readonly E2eSite[] = [ZH, EN];

export function otherSite(site: E2eSite): E2eSite {
  return site === ZH ? EN : ZH;
}

export const homeOf = (site: E2eSite) => `/${site.prefix}/index/index`;

/** `<title>` of a section page: "section - site name" (the home page has `titles.default`). */
export const sectionTitle = (site: E2eSite, key: keyof Catalogue['titles']) =>
  `${site.texts.titles[key]} - ${site.texts.common.siteName}`;

export interface StoredLanguage {
  currentLanguage: string | null;
  siteData: string | null;
}

/** What the browser has stored as the language: localStorage `currentLanguage` and cookie `siteData`. */
export async function storedLanguage(page: Page): Promise<StoredLanguage> {
  const currentLanguage = await page.evaluate(() => window.localStorage.getItem('currentLanguage'));
  const cookie = (await page.context().cookies(page.url())).find((c) => c.name === 'siteData');
  return { currentLanguage, siteData: cookie?.value ?? null };
}

/** Stores `site` as the language from inside the page, the way another tab of the portal would. */
export async function storeLanguageElsewhere(page: Page, site: E2eSite): Promise<void> {
  await page.evaluate(
    ({ lang, siteData }) => {
      window.localStorage.setItem('currentLanguage', lang);
      document.cookie = `siteData=${siteData}; Path=/; SameSite=Lax`;
    },
    { lang: site.lang, siteData: site.siteData },
  );
}

/** Stores `site` as the language before any page is opened (a returning visitor). */
export async function presetLanguage(context: BrowserContext, baseURL: string, site: E2eSite): Promise<void> {
  await context.addCookies([{ name: 'siteData', value: site.siteData, url: baseURL }]);
}

/**
 * Every path (with query) the page tried to go to: committed main-frame URLs, document requests
 * and React Router's data requests (`/x/y.data?…`, which a client-side navigation fetches before
 * the URL changes, and which may redirect elsewhere, e.g. when the target is not built yet).
 */
/** A navigation's path as the member would see it: a client-side `.data` fetch as the page it loads. */
export function navigationPath(raw: string): string {
  const url = new URL(raw);
  let path = url.pathname;
  if (path === '/_root.data') path = '/';
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length);
  url.searchParams.delete('_routes');
  const search = url.searchParams.toString();
  return `${path}${search ? `?${search}` : ''}`;
}

/**
 * The next request that navigates (a document or a client-side `.data` fetch) to a path matching
 * `pattern`. Its `timing().startTime` is the browser's clock, comparable with a response's timing,
 * so a test can tell how long the page waited without the test process's own delays.
 */
export function nextNavigationTo(page: Page, pattern: RegExp, timeout = 15_000): Promise<Request> {
  return page.waitForRequest(
    (request) =>
      (request.isNavigationRequest() || new URL(request.url()).pathname.endsWith('.data')) &&
      pattern.test(navigationPath(request.url())),
    { timeout },
  );
}

/** When the browser had the whole of `response`, on the browser's clock (epoch ms); once it is read. */
export function answeredAt(response: Response): number {
  const timing = response.request().timing();
  return timing.startTime + timing.responseEnd;
}

export function recordNavigationTargets(page: Page): string[] {
  const targets: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) targets.push(navigationPath(frame.url()));
  });
  page.on('request', (request) => {
    const isData = new URL(request.url()).pathname.endsWith('.data');
    if (request.isNavigationRequest() || isData) targets.push(navigationPath(request.url()));
  });
  return targets;
}

/**
 * Waits until React has hydrated the document and run its effects: until then a link click is a
 * full page load and the shell's listeners do not exist yet. The signal comes from a minimal React
 * DevTools hook (see `signalHydration`), which React calls after each commit's effects.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(
    page.waitForFunction(() => (window as Window & { __e2eHydrated?: boolean }).__e2eHydrated === true, null, {
      timeout: 20_000,
    }),
    `${page.url()} hydrates (if not: were the client assets rebuilt after the server started?)`,
  ).resolves.toBeTruthy();
}

/**
 * Gives every page of `context` the "hydrated" signal `waitForHydration` waits for: the smallest
 * React DevTools hook React accepts. React calls `onPostCommitFiberRoot` once a commit's effects
 * have run, so the first call means "hydrated". The `diagnostics` fixture does this for the test's
 * own context; call it for a context the test makes itself. (Init scripts are injected by the
 * browser, so CSP does not stop them.)
 */
export async function signalHydration(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as Window & { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown; __e2eHydrated?: boolean };
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ ??= {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {
        w.__e2eHydrated = true;
      },
    };
  });
}

export interface PageDiagnostics {
  consoleErrors: string[];
  hydrationWarnings: string[];
  pageErrors: string[];
  /** CSP violations: the browser's own console reports and `securitypolicyviolation` events. */
  cspViolations: string[];
  /** Blocked `eval` probes (zod 4 tries `new Function('')` once per page, inside try/catch). */
  evalProbes: string[];
}

const HYDRATION = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)/i;
const CSP_EVENT = '[csp-violation]';

export const test = base.extend<{ diagnostics: PageDiagnostics }>({
  /**
   * Collects what the browser reports in every page of the test's context, and fails any test
   * during which a Content-Security-Policy violation was reported. The one exception is the
   * blocked `eval` probe of zod 4, which home.spec.ts tracks as a known app problem.
   */
  diagnostics: [
    async ({ context }, use) => {
      const found: PageDiagnostics = {
        consoleErrors: [],
        hydrationWarnings: [],
        pageErrors: [],
        cspViolations: [],
        evalProbes: [],
      };
      await signalHydration(context);
      // Init scripts are injected by the browser, so CSP does not stop them.
      await context.addInitScript((marker) => {
        // Chrome does not print every violation (a caught blocked eval, for one): surface them all.
        document.addEventListener('securitypolicyviolation', (event) => {
          console.warn(
            `${marker} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      }, CSP_EVENT);
      context.on('console', (message) => {
        const text = message.text();
        const where = `${message.location().url}: ${text}`;
        if (text.startsWith(CSP_EVENT) && / blocked eval at /.test(text)) found.evalProbes.push(text);
        else if (text.startsWith(CSP_EVENT) || /Content Security Policy/i.test(text)) found.cspViolations.push(where);
        if (message.type() === 'error') found.consoleErrors.push(where);
        if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION.test(text)) {
          found.hydrationWarnings.push(where);
        }
      });
      context.on('weberror', (webError) => found.pageErrors.push(String(webError.error())));
      await use(found);
      expect(found.cspViolations, 'Content-Security-Policy violations reported in the console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
