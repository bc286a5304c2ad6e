// Page weight of the server-rendered home page: the HTML itself (raw, gzip), the inline <style>
// (antd's server-extracted CSS), and every script and stylesheet the page loads, each gzipped at
// level 9, against the 300 KB gzip JavaScript budget.
//
//   node bench/page-weight.mjs                      starts the built server on a seeded temp DATA_DIR
//   node bench/page-weight.mjs --url=http://127.0.0.1:3000 [--path=/cn/index/index] [--json]
//
// Scripts counted: <script src>, <link rel="modulepreload">, import "…" / import("…") in inline
// module scripts, /assets/….js URLs named in inline scripts (React Router's manifest), and the
// static imports of those chunks in turn (what the browser fetches before the page is interactive).
// Dynamic import() inside chunks is lazy and listed apart, not counted.
/* global fetch */
import { Buffer } from 'node:buffer';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { hasServerBuild, hasWebBuild, makeTempDir, parseArgs, removeDir, startServer } from './lib/server.mjs';

export const JS_BUDGET_KB = 300;

const EXPECTED_TYPE = { js: /javascript/i, css: /^text\/css/i };
const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (bytes) => bytes / 1024;

function attrs(tag) {
  const out = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

const decodeEntities = (s) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** Everything the HTML names: [{url, kind, via}], plus the inline <style> and <script> bytes. */
export function parseHtml(html, pageUrl) {
  const refs = [];
  const add = (href, kind, via) => {
    if (!href) return;
    try {
      refs.push({ url: new URL(decodeEntities(href), pageUrl).href, kind, via });
    } catch {
      // not a URL
    }
  };

  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attrs(m[0].slice(5, -1));
    const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload')) add(a.href, 'js', 'modulepreload');
    else if (rel.includes('stylesheet')) add(a.href, 'css', 'stylesheet');
  }

  let inlineScriptBytes = 0;
  let inlineScripts = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const a = attrs(m[1]);
    if (a.src !== undefined) {
      add(a.src, 'js', 'script src');
      continue;
    }
    const body = m[2];
    inlineScripts++;
    inlineScriptBytes += Buffer.byteLength(body);
    if ((a.type ?? '').toLowerCase() === 'module') {
      for (const i of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?\(?\s*["']([^"']+)["']/g))
        add(i[1], 'js', 'inline import');
    }
    // React Router's manifest and route modules, however they are spelled inside the script.
    for (const u of body.matchAll(/["'`]((?:https?:\/\/[^"'`]+)?\/assets\/[^"'`]+?\.js)["'`]/g))
      add(u[1], 'js', 'inline script');
  }

  let inlineStyleBytes = 0;
  let inlineStyles = 0;
  const styleText = [];
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    inlineStyles++;
    inlineStyleBytes += Buffer.byteLength(m[1]);
    styleText.push(m[1]);
  }

  return {
    refs,
    inlineScripts,
    inlineScriptBytes,
    inlineStyles,
    inlineStyleBytes,
    inlineStyleGzipBytes: inlineStyles ? gzipSize(Buffer.from(styleText.join('\n'))) : 0,
  };
}

/** Static imports of an ES module chunk (`import … from "x"`, `import "x"`, `export … from "x"`), and its lazy import()s. */
function chunkImports(code) {
  const statics = new Set();
  const lazy = new Set();
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.m?js)["']/g))
    statics.add(m[1]);
  for (const m of code.matchAll(/\bimport\s*\(\s*["']([^"']+\.m?js)["']\s*\)/g)) lazy.add(m[1]);
  for (const s of statics) lazy.delete(s);
  return { statics: [...statics], lazy: [...lazy] };
}

/**
 * Weighs one page. `headers` go with the page's own request (a member's cookie); `status` is the
 * answer the page must give (any 2xx by default; 404 for the not-found page); `sizes`, a Map shared
 * between calls, keeps each asset's figures so that weighing many pages fetches and gzips a chunk once.
 */
export async function measurePageWeight(
  baseUrl,
  { path = '/cn/index/index', headers = {}, status, sizes = new Map() } = {},
) {
  const pageUrl = new URL(path, baseUrl).href;
  const res = await fetch(pageUrl, { headers: { 'accept-encoding': 'gzip', ...headers }, redirect: 'manual' });
  const html = await res.text();
  if (status === undefined ? !res.ok : res.status !== status) throw new Error(`GET ${path} answered ${res.status}`);
  const htmlBytes = Buffer.byteLength(html);
  const parsed = parseHtml(html, pageUrl);

  const assets = new Map(); // url -> row
  const lazy = new Set();
  const queue = [];
  const enqueue = (url, kind, via) => {
    const u = new URL(url);
    if (u.origin !== new URL(baseUrl).origin) return; // third-party: not ours to weigh
    if (assets.has(url)) {
      const row = assets.get(url);
      if (!row.via.includes(via)) row.via.push(via);
      return;
    }
    const row = { url, path: u.pathname, kind, via: [via] };
    assets.set(url, row);
    queue.push(row);
  };
  for (const r of parsed.refs) enqueue(r.url, r.kind, r.via);

  while (queue.length) {
    const row = queue.shift();
    row.imports = [];
    const known = sizes.get(row.url);
    if (known) {
      Object.assign(row, known, { imports: [...known.imports] });
      for (const url of row.imports) enqueue(url, 'js', 'static import');
      for (const d of known.lazy) lazy.add(d);
      continue;
    }
    try {
      const r = await fetch(row.url);
      const buf = Buffer.from(await r.arrayBuffer());
      row.status = r.status;
      row.rawBytes = buf.length;
      row.gzipBytes = gzipSize(buf);
      row.cacheControl = r.headers.get('cache-control');
      row.contentType = r.headers.get('content-type') ?? '';
      if (!r.ok) row.error = buf.toString('utf8').slice(0, 200);
      else if (!EXPECTED_TYPE[row.kind].test(row.contentType)) {
        // e.g. an HTML fallback for a chunk that a rebuild removed: not the file the page names.
        row.error = `answered ${row.contentType || 'no content-type'}`;
      }
      if (row.kind === 'js' && !row.error) {
        const { statics, lazy: dyn } = chunkImports(buf.toString('utf8'));
        for (const s of statics) {
          const url = new URL(s, row.url).href;
          row.imports.push(url);
          enqueue(url, 'js', 'static import');
        }
        row.lazy = dyn.map((d) => new URL(d, row.url).href);
        for (const d of row.lazy) lazy.add(d);
      }
      if (!row.error) {
        const { status, rawBytes, gzipBytes, cacheControl, contentType, imports, lazy: rowLazy = [] } = row;
        sizes.set(row.url, { status, rawBytes, gzipBytes, cacheControl, contentType, imports, lazy: rowLazy });
      }
    } catch (err) {
      Object.assign(row, { status: 0, rawBytes: 0, gzipBytes: 0, error: err.message });
    }
  }
  for (const url of assets.keys()) lazy.delete(url);

  // What the browser fetches at start: scripts, preloads and inline imports, then their static
  // imports. Chunks named only in the inline manifest (other routes) are listed but not "at start".
  const START = new Set(['script src', 'modulepreload', 'inline import', 'stylesheet']);
  const walk = [...assets.values()].filter((a) => a.via.some((v) => START.has(v)));
  for (const a of walk) a.atStart = true;
  while (walk.length) {
    for (const url of walk.shift().imports ?? []) {
      const child = assets.get(url);
      if (child && !child.atStart) {
        child.atStart = true;
        walk.push(child);
      }
    }
  }

  const rows = [...assets.values()]
    .map(({ imports: _imports, lazy: _lazy, ...a }) => ({ ...a, atStart: Boolean(a.atStart) }))
    .sort((a, b) => a.kind.localeCompare(b.kind) || Number(b.atStart) - Number(a.atStart) || b.gzipBytes - a.gzipBytes);
  const sum = (kind, key, filter = () => true) =>
    rows.filter((r) => r.kind === kind && filter(r)).reduce((a, r) => a + r[key], 0);
  const jsGzip = sum('js', 'gzipBytes');
  const failed = rows.filter((r) => r.status !== 200 || r.error);
  return {
    url: pageUrl,
    status: res.status,
    contentEncoding: res.headers.get('content-encoding'),
    html: { rawBytes: htmlBytes, gzipBytes: gzipSize(Buffer.from(html)) },
    inlineStyle: {
      tags: parsed.inlineStyles,
      rawBytes: parsed.inlineStyleBytes,
      gzipBytes: parsed.inlineStyleGzipBytes,
    },
    inlineScript: { tags: parsed.inlineScripts, rawBytes: parsed.inlineScriptBytes },
    assets: rows,
    lazyChunks: [...lazy].map((u) => new URL(u).pathname).sort(),
    totals: {
      jsFiles: rows.filter((r) => r.kind === 'js').length,
      jsRawBytes: sum('js', 'rawBytes'),
      jsGzipBytes: jsGzip,
      jsAtStartFiles: rows.filter((r) => r.kind === 'js' && r.atStart).length,
      jsAtStartGzipBytes: sum('js', 'gzipBytes', (r) => r.atStart),
      cssFiles: rows.filter((r) => r.kind === 'css').length,
      cssRawBytes: sum('css', 'rawBytes'),
      cssGzipBytes: sum('css', 'gzipBytes'),
      failed: failed.length,
    },
    // Every script the page names counts against the budget; with assets that failed the sum is not a measure.
    budget: {
      jsGzipKb: JS_BUDGET_KB,
      pass: failed.length === 0 && kb(jsGzip) <= JS_BUDGET_KB,
      complete: failed.length === 0,
    },
  };
}

export function formatPageWeight(w) {
  const f = (bytes) => kb(bytes).toFixed(1).padStart(8);
  const lines = [];
  lines.push(
    `Page weight of ${w.url} (HTTP ${w.status}${w.contentEncoding ? `, sent as ${w.contentEncoding}` : ', sent uncompressed'})`,
  );
  const width = Math.max(54, ...w.assets.map((a) => a.path.length));
  lines.push(`  ${'file'.padEnd(width)}  kind  raw KB   gzip KB  via`);
  for (const a of w.assets) {
    const bad = a.status !== 200 ? `  [HTTP ${a.status}]` : a.error ? `  [${a.error}]` : '';
    const via = a.atStart ? a.via.join(', ') : `${a.via.join(', ')} (manifest only, not at start)`;
    lines.push(`  ${a.path.padEnd(width)}  ${a.kind.padEnd(4)}${f(a.rawBytes)}  ${f(a.gzipBytes)}  ${via}${bad}`);
  }
  const t = w.totals;
  const label = (text) => `  ${text.padEnd(width)}      `;
  lines.push(`  ${'-'.repeat(width + 40)}`);
  lines.push(`${label(`JavaScript, all named (${t.jsFiles} files)`)}${f(t.jsRawBytes)}  ${f(t.jsGzipBytes)}`);
  lines.push(
    `${label(`  of which loaded at start (${t.jsAtStartFiles} files)`)}${' '.repeat(8)}  ${f(t.jsAtStartGzipBytes)}`,
  );
  lines.push(`${label(`CSS files (${t.cssFiles})`)}${f(t.cssRawBytes)}  ${f(t.cssGzipBytes)}`);
  lines.push(`${label('HTML document')}${f(w.html.rawBytes)}  ${f(w.html.gzipBytes)}`);
  lines.push(
    `${label(`  of which inline <style> (${w.inlineStyle.tags} tags, antd CSS)`)}${f(w.inlineStyle.rawBytes)}  ${f(w.inlineStyle.gzipBytes)}  (gzipped alone)`,
  );
  lines.push(`${label(`  of which inline <script> (${w.inlineScript.tags} tags)`)}${f(w.inlineScript.rawBytes)}`);
  if (w.lazyChunks.length)
    lines.push(`  lazy chunks named by import() inside chunks (not counted): ${w.lazyChunks.length}`);
  const verdict = !w.budget.complete
    ? `INCOMPLETE: ${t.failed} assets did not answer 200`
    : w.budget.pass
      ? 'PASS'
      : 'MISS';
  lines.push(
    `  JS budget: ${kb(t.jsGzipBytes).toFixed(1)} KB gzip (all named) vs ${w.budget.jsGzipKb} KB -> ${verdict}`,
  );
  const firstError = w.assets.find((a) => a.error);
  if (firstError) lines.push(`    e.g. ${firstError.path}: HTTP ${firstError.status} ${firstError.error}`);
  return lines.join('\n');
}

async function main() {
  const args = parseArgs();
  const pagePath = typeof args.path === 'string' ? args.path : '/cn/index/index';
  let server;
  let dataDir;
  let url = typeof args.url === 'string' ? args.url : undefined;
  try {
    if (!url) {
      if (!hasWebBuild()) {
        process.stdout.write('page weight skipped: web build missing (apps/web/build/server/index.js)\n');
        return;
      }
      if (!hasServerBuild()) throw new Error('Server build missing: run npm run build -w @portal/server');
      dataDir = makeTempDir();
      server = await startServer({ dataDir, env: { SEED_DEMO: 'true' } });
      url = server.url;
    }
    const w = await measurePageWeight(url, { path: pagePath });
    process.stdout.write(args.json ? `${JSON.stringify(w, null, 2)}\n` : `${formatPageWeight(w)}\n`);
  } finally {
    if (server) await server.stop();
    if (dataDir) removeDir(dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  });
}
