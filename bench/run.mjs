// Load benchmark of the built portal (see bench/README.md).
//
//   npm run bench
//   node bench/run.mjs --only=postList,home-ssr --duration=20 --warmup=10 --connections=10 [--db=postgres]
//   node bench/run.mjs --only=home,list --ssr-cache=0 --as=member     (renders as a signed-in member sees them)
//
// Prepares a temp DATA_DIR on SQLite, or with --db=postgres a fresh PostgreSQL database with Redis
// (the demo content, then 100,000 published posts when a postList target runs, through the server's
// bench-data CLI), starts apps/server/dist/main.js in production mode, and for each target runs a discarded warm-up
// then the measured autocannon run while sampling the server's RSS every 200 ms. Prints one table,
// the issue's targets as PASS/MISS, the page weight, and writes bench/results/latest.json.
// Exit code 1 only when the server does not start or requests fail (errors, timeouts, non-2xx).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatProfileSummary, summariseProfile } from './cpu-summary.mjs';
import { createBenchDatabase, dbKindArg } from './lib/database.mjs';
import {
  hasServerBuild,
  hasWebBuild,
  makeTempDir,
  onInterrupt,
  writeStubWebBuild,
  parseArgs,
  readMemory,
  removeDir,
  repoRoot,
  resultsDir,
  serverEntry,
  startServer,
} from './lib/server.mjs';
import {
  API_HEADERS,
  RSS_GOAL_MB,
  expectHtml,
  expectJson,
  fmt,
  gitRevision,
  productionNodeFlags,
  runTarget,
  table,
  verdicts,
} from './lib/measure.mjs';
import { viewerArg, viewerHeaders } from './lib/members.mjs';
import { formatPageWeight, measurePageWeight } from './page-weight.mjs';
import { describeSeeding, seedPosts } from './seed-posts.mjs';

/** The issue's goals. */
const GOALS = {
  api: { rps: 1100, p99: 22, label: '≥ 1,100 req/s, p99 < 22 ms' },
  page: { rps: 350, p99: 60, label: '≥ 350 req/s, p99 < 60 ms' },
};

const TARGETS = {
  postList: {
    what: 'POST /api/protal/api/index/postList {} (first page, Chinese site)',
    goal: GOALS.api,
    needsPosts: true,
    async prepare(base) {
      const req = { method: 'POST', path: '/api/protal/api/index/postList', headers: API_HEADERS, body: '{}' };
      const env = await expectJson(base, req);
      if (!Array.isArray(env.data?.list) || env.data.list.length === 0)
        throw new Error('postList answered an empty list');
      return { ...req, note: `${env.data.list.length} posts per page` };
    },
  },
  'postList-paged': {
    what: 'POST …/postList {"limit":15,"cursor":…} rotating ~200 real cursors',
    goal: GOALS.api,
    needsPosts: true,
    async prepare(base, { cursors: wanted = 200 } = {}) {
      // Walk the list 50 at a time so that the cursors reach ~10,000 posts deep.
      const cursors = [];
      let cursor;
      while (cursors.length < wanted) {
        const env = await expectJson(base, {
          method: 'POST',
          path: '/api/protal/api/index/postList',
          headers: API_HEADERS,
          body: JSON.stringify(cursor ? { limit: 50, cursor } : { limit: 50 }),
        });
        cursor = env.data?.next_cursor;
        if (!cursor) break;
        cursors.push(cursor);
      }
      if (cursors.length === 0) throw new Error('postList gave no next_cursor: not enough posts');
      let i = 0;
      return {
        method: 'POST',
        path: '/api/protal/api/index/postList',
        headers: API_HEADERS,
        requests: [
          {
            setupRequest(req) {
              req.body = JSON.stringify({ limit: 15, cursor: cursors[i++ % cursors.length] });
              return req;
            },
          },
        ],
        note: `${cursors.length} cursors`,
      };
    },
  },
  'home-ssr': page('/cn/index/index', 'the home page'),
  'home-ssr-en': page('/en/index/index', 'the home page'),
  'list-ssr': page('/cn/discuss/list', 'the discussion list'),
  'list-ssr-en': page('/en/discuss/list', 'the discussion list'),
};

/** A server-rendered page, as a visitor or (`--as=member`) with a member's session cookie. */
function page(pagePath, name) {
  return {
    what: `GET ${pagePath}, ${name}, server-rendered`,
    goal: GOALS.page,
    needsWeb: true,
    prepare: (base, ctx) => expectHtml(base, pagePath, ctx.pageHeaders),
  };
}

async function main() {
  const args = parseArgs();
  const opts = {
    duration: Number(args.duration ?? 20),
    warmup: Number(args.warmup ?? 10),
    connections: Number(args.connections ?? 10),
    posts: Number(args.posts ?? 100_000),
    ssrCacheSeconds: args['ssr-cache'] !== undefined ? String(args['ssr-cache']) : undefined,
    cpuProf: Boolean(args['cpu-prof']),
    pageWeight: !args['no-page-weight'],
    keep: Boolean(args.keep),
    db: dbKindArg(args),
    as: viewerArg(args),
    // Extra Node flags for the measured server, for experiments: --server-node-args="--max-semi-space-size=4"
    serverNodeArgs:
      typeof args['server-node-args'] === 'string'
        ? args['server-node-args'].split(/\s+/).filter(Boolean)
        : productionNodeFlags(),
  };
  for (const k of ['duration', 'warmup', 'connections', 'posts']) {
    if (!Number.isFinite(opts[k]) || opts[k] < 0) throw new Error(`--${k} must be a number`);
  }
  // A name picks that target; a prefix such as `home` picks every `home-…` target.
  const only = [];
  const wanted =
    typeof args.only === 'string'
      ? args.only
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
      : Object.keys(TARGETS);
  for (const name of wanted) {
    const picked = TARGETS[name] ? [name] : Object.keys(TARGETS).filter((t) => t.startsWith(`${name}-`));
    if (picked.length === 0) throw new Error(`Unknown target ${name}; known: ${Object.keys(TARGETS).join(', ')}`);
    for (const t of picked) if (!only.includes(t)) only.push(t);
  }

  if (!hasServerBuild()) {
    process.stderr.write(
      `Server build missing: ${path.relative(process.cwd(), serverEntry)}. Run npm run build -w @portal/server (and npm run build -w @portal/web for the page targets).\n`,
    );
    process.exit(1);
  }
  const webBuilt = hasWebBuild();
  const selected = only.map((name) => ({
    name,
    target: TARGETS[name],
    skip: TARGETS[name].needsWeb && !webBuilt ? 'skipped: web build missing' : null,
  }));
  const active = selected.filter((s) => !s.skip);
  const log = (msg) => process.stdout.write(`${msg}\n`);

  const tmp = makeTempDir();
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  onInterrupt(() => opts.keep || removeDir(tmp));
  let server;
  let database;
  const results = [];
  let failed = false;
  let profileSummary = null;
  let pageWeight = null;
  const meta = {
    db: opts.db,
    date: new Date().toISOString(),
    git: gitRevision(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    protocol: {
      connections: opts.connections,
      warmupSeconds: opts.warmup,
      durationSeconds: opts.duration,
      pipelining: 1,
    },
    ssrCacheSeconds: opts.ssrCacheSeconds ?? 'server default',
    pagesAs: opts.as,
    serverNodeArgs: opts.serverNodeArgs,
    webBuild: webBuilt,
  };

  try {
    database = await createBenchDatabase(opts.db);
    log(
      `portal bench on ${database.label}: ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s measured per target, node ${process.version}, ${meta.cpus} CPUs`,
    );
    log(`DATA_DIR ${dataDir}`);
    // Without the web build the server does not start: the API targets then use a stand-in.
    const serverEnv = {};
    if (!webBuilt) {
      serverEnv.WEB_BUILD_DIR = writeStubWebBuild(path.join(tmp, 'web-stub'));
      meta.webBuild = 'missing: pages answered by a stand-in, memory figures lack the render bundle';
      log(
        'web build missing (apps/web/build/server/index.js): page targets skipped; the API targets run with a stand-in page build',
      );
    }

    // 1. The demo content, and bulk posts for the list targets, before the server starts.
    const seeded = await seedPosts({
      dataDir,
      database,
      posts: active.some((s) => s.target.needsPosts) ? opts.posts : 0,
    });
    meta.posts = seeded.posts;
    log(describeSeeding(seeded));

    // 2. The measured server.
    const t = performance.now();
    const profDir = path.join(tmp, 'prof');
    server = await startServer({
      dataDir,
      env: {
        ...serverEnv,
        ...database.env,
        ...(opts.ssrCacheSeconds !== undefined ? { SSR_CACHE_SECONDS: opts.ssrCacheSeconds } : {}),
      },
      nodeArgs: [...(opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), ...opts.serverNodeArgs],
      logFile: path.join(tmp, 'server.log'),
    });
    const base = server.url;
    const idle = readMemory(server.pid);
    meta.idleRssMb = idle?.rss;
    log(
      `server ready at ${base} (pid ${server.pid}) in ${((performance.now() - t) / 1000).toFixed(1)} s, idle RSS ${fmt.n(idle?.rss, 1)} MB`,
    );
    const ctx = { pageHeaders: await viewerHeaders(opts.as, base, seeded.industryId) };
    log(`pages requested as a ${opts.as}${opts.as === 'member' ? ' (a session cookie on every page request)' : ''}`);
    log('');

    for (const { name, target, skip } of selected) {
      if (skip) {
        log(`${name}: ${skip}`);
        results.push({ target: name, what: target.what, skipped: skip, goal: target.goal });
        continue;
      }
      process.stdout.write(`${name}: warm-up ${opts.warmup} s, measuring ${opts.duration} s … `);
      try {
        const r = await runTarget(
          name,
          { ...target, prepare: (b) => target.prepare(b, ctx) },
          { base, server, opts, database },
        );
        results.push(r);
        log(`${fmt.n(r.requestsPerSec)} req/s, p99 ${fmt.n(r.latencyMs.p99, 1)} ms${r.note ? ` (${r.note})` : ''}`);
        if (r.errors || r.timeouts || r.non2xx) failed = true;
      } catch (err) {
        log(`FAILED: ${err.message}`);
        results.push({ target: name, what: target.what, failed: err.message, goal: target.goal });
        failed = true;
      }
      if (server.exited()) throw new Error(`Server died during ${name}\n${server.tail()}`);
    }
    meta.hwmRssMb = readMemory(server.pid)?.hwm;

    if (opts.pageWeight) {
      if (!webBuilt) log('\npage weight: skipped: web build missing');
      else {
        try {
          pageWeight = await measurePageWeight(base, { path: '/cn/index/index' });
        } catch (err) {
          log(`\npage weight failed: ${err.message}`);
        }
      }
    }
  } catch (err) {
    process.stderr.write(`\n${err.message}\n`);
    failed = true;
    process.exitCode = 1;
  } finally {
    if (server) {
      const exit = await server.stop();
      if (exit.code !== 0) log(`server stopped with code ${exit.code}, signal ${exit.signal}`);
      if (opts.cpuProf) {
        const dir = path.join(tmp, 'prof');
        const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile')) : undefined;
        if (file) {
          fs.mkdirSync(resultsDir, { recursive: true });
          const dest = path.join(resultsDir, 'server.cpuprofile');
          fs.copyFileSync(path.join(dir, file), dest);
          profileSummary = summariseProfile(JSON.parse(fs.readFileSync(dest, 'utf8')));
          profileSummary.file = path.relative(repoRoot, dest);
        } else log('cpu profile: no .cpuprofile written');
      }
    }
    await database?.drop();
    if (opts.keep) log(`kept ${tmp}`);
    else removeDir(tmp);
  }

  // Report.
  const measured = results.filter((r) => r.requestsPerSec !== undefined);
  log('');
  log(
    table(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'peak RSS MB', 'srv CPU %', 'goal', 'result'],
      results.map((r) => {
        if (r.skipped || r.failed)
          return [r.target, '-', '-', '-', '-', '-', '-', '-', r.goal.label, r.skipped ?? `FAILED: ${r.failed}`];
        const v = verdicts(r);
        const miss = [!v.rps && 'req/s', !v.p99 && 'p99', !v.rss && 'RSS'].filter(Boolean);
        return [
          r.target,
          fmt.n(r.requestsPerSec),
          fmt.n(r.latencyMs.p50, 1),
          fmt.n(r.latencyMs.p99, 1),
          fmt.n(r.non2xx),
          fmt.n(r.errors + r.timeouts),
          fmt.n(r.peakRssMb, 1),
          fmt.n(r.serverCpuPct),
          `${r.goal.label}, RSS < ${RSS_GOAL_MB} MB`,
          v.all ? 'PASS' : `MISS (${miss.join(', ')})`,
        ];
      }),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l'],
    ),
  );
  if (measured.length) {
    const peak = Math.max(...measured.map((r) => r.peakRssMb));
    log(
      `\nRSS under load: peak ${fmt.n(peak, 1)} MB (goal < ${RSS_GOAL_MB} MB) -> ${peak < RSS_GOAL_MB ? 'PASS' : 'MISS'}; idle ${fmt.n(meta.idleRssMb, 1)} MB; VmHWM ${fmt.n(meta.hwmRssMb, 1)} MB`,
    );
    log(
      `CPU % of one core during the measured runs, server / PostgreSQL backends / autocannon client / rest of the machine: ${measured.map((r) => `${r.target} ${fmt.n(r.serverCpuPct)}/${fmt.n(r.dbCpuPct)}/${fmt.n(r.clientCpuPct)}/${fmt.n(r.otherCpuPct)}`).join(', ')}`,
    );
    const noisy = measured.filter((r) => r.otherCpuPct > 20);
    if (noisy.length)
      log(
        `  note: other processes used over 20% of a core during ${noisy.map((r) => r.target).join(', ')}: figures are pessimistic; rerun on a quiet machine`,
      );
    log(
      `SSR cache: ${meta.ssrCacheSeconds === 'server default' ? 'server default (SSR_CACHE_SECONDS=5)' : `SSR_CACHE_SECONDS=${meta.ssrCacheSeconds}`}`,
    );
  }
  if (pageWeight) log(`\n${formatPageWeight(pageWeight)}`);
  if (profileSummary) log(`\n${formatProfileSummary(profileSummary)}\n  (profile saved to ${profileSummary.file})`);

  fs.mkdirSync(resultsDir, { recursive: true });
  const out = {
    meta,
    goals: { ...GOALS, rssMb: RSS_GOAL_MB },
    results: results.map((r) => (r.requestsPerSec !== undefined ? { ...r, pass: verdicts(r) } : r)),
    pageWeight,
    cpuProfile: profileSummary,
  };
  fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(out, null, 2)}\n`);
  log(`\nwrote ${path.relative(process.cwd(), path.join(resultsDir, 'latest.json'))}`);
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
