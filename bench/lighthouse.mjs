// Lighthouse figures of the portal's main pages: the home page, the discussion list and a post page,
// on both sites, as a phone (Lighthouse's mobile default: simulated slow 4G and a 4x slower CPU) and
// as a desktop. Prints the four category scores, LCP, TBT, CLS and the page's transfer size per run,
// and writes bench/results/lighthouse.json. Issue 16's goal: mobile performance >= 95 and LCP <= 2.0 s,
// accessibility, best practices and SEO at 100.
//
//   npm run build
//   node bench/lighthouse.mjs [--pages=home,list,post,login] [--sites=cn,en] [--forms=mobile,desktop] [--url=http://…]
//
// The default pages are issue 16's three; `login` adds the sign-in page (a form page without antd).
//
// Without --url it starts the built server (npm start's flags, production, demo content) on a temp
// DATA_DIR. Chromium is Debian's (/usr/bin/chromium, or CHROME_PATH), headless, no sandbox.
/* global fetch */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  hasServerBuild,
  hasWebBuild,
  makeTempDir,
  parseArgs,
  removeDir,
  resultsDir,
  startServer,
} from './lib/server.mjs';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const list = (value, all) => (typeof value === 'string' ? value.split(',').filter(Boolean) : all);

/** The first published post of a site, for the post page. */
async function firstPostId(baseUrl, siteCode) {
  const res = await fetch(`${baseUrl}/api/${siteCode}/api/index/postList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', isapi: '1' },
    body: '{}',
  });
  const answer = await res.json();
  const id = answer?.data?.list?.[0]?.tp_id;
  if (!id) throw new Error(`no published post on ${siteCode}: ${JSON.stringify(answer).slice(0, 200)}`);
  return id;
}

async function run(url, chrome, form) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  // Lighthouse now and then fails to record a trace (NO_NAVSTART and the like): such a run is tried again.
  let lhr;
  for (let attempt = 1; ; attempt++) {
    ({ lhr } = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined));
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transferKb: (audit('total-byte-weight') ?? 0) / 1024,
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

async function main() {
  const args = parseArgs();
  const pages = list(args.pages, ['home', 'list', 'post']);
  const sites = list(args.sites, ['cn', 'en']);
  const forms = list(args.forms, ['mobile', 'desktop']);
  let server;
  let dataDir;
  let chrome;
  let baseUrl = typeof args.url === 'string' ? args.url : undefined;
  try {
    if (!baseUrl) {
      if (!hasWebBuild() || !hasServerBuild()) throw new Error('Build missing: run npm run build');
      dataDir = makeTempDir();
      server = await startServer({ dataDir, env: { SEED_DEMO: 'true' } });
      baseUrl = server.url;
    }
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    const rows = [];
    const header = `${'page'.padEnd(26)} ${'form'.padEnd(8)} perf  a11y  bp   seo   LCP ms  FCP ms  TBT ms  CLS    KB`;
    process.stdout.write(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} on ${baseUrl}\n${header}\n`,
    );
    for (const site of sites) {
      const postId = pages.includes('post') ? await firstPostId(baseUrl, site === 'cn' ? 'protal' : 'protal_en') : 0;
      const paths = { home: 'index/index', list: 'discuss/list', post: `discuss/info/${postId}`, login: 'login' };
      for (const page of pages) {
        const pagePath = `/${site}/${paths[page]}`;
        for (const form of forms) {
          const r = await run(new URL(pagePath, baseUrl).href, chrome, form);
          rows.push({ page: pagePath, form, ...r });
          const ms = (v) => (v === null ? '-' : Math.round(v).toString()).padStart(7);
          process.stdout.write(
            `${pagePath.padEnd(26)} ${form.padEnd(8)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(3)}  ${String(r.seo).padStart(4)}  ${ms(r.lcpMs)} ${ms(r.fcpMs)} ${ms(r.tbtMs)}  ${(r.cls ?? 0).toFixed(3)} ${r.transferKb.toFixed(0).padStart(5)}${r.failing.length ? `  failing: ${r.failing.join(', ')}` : ''}\n`,
          );
        }
      }
    }
    fs.mkdirSync(resultsDir, { recursive: true });
    const out = path.join(resultsDir, 'lighthouse.json');
    fs.writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), baseUrl, rows }, null, 2)}\n`);
    process.stdout.write(`written ${path.relative(process.cwd(), out)}\n`);
  } finally {
    if (chrome) await chrome.kill();
    if (server) await server.stop();
    if (dataDir) removeDir(dataDir);
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
