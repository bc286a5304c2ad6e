// The frame of the content benchmarks (events.mjs, topics.mjs; see bench/README.md): the same
// protocol as discussions.mjs. Copies of the builds taken under the build lock, a fresh SQLite
// DATA_DIR or PostgreSQL database, seeding through the server's bench-data CLI, the production
// server (`npm start`'s Node flags), per target a sanity request, a discarded warm-up and a measured
// autocannon run, then one table: requests/s, p50/p99, peak RSS, CPU ms per answer, PASS/FAIL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatProfileSummary } from '../cpu-summary.mjs';
import { benchData, createBenchDatabase, dbKindArg } from './database.mjs';
import {
  API_HEADERS,
  RSS_GOAL_MB,
  expectHtml,
  expectJson,
  fmt,
  runMeta,
  startMeasuredServer,
  collectProfile,
  productionNodeFlags,
  runTarget,
  table,
  verdicts,
} from './measure.mjs';
import { viewerArg, viewerHeaders } from './members.mjs';
import {
  hasServerBuild,
  makeTempDir,
  parseArgs,
  readMemory,
  removeDir,
  resultsDir,
  serverEntry,
  snapshotBuilds,
} from './server.mjs';

export const GOALS = {
  list: { rps: 1100, p99: 22, label: '≥ 1,100 req/s, p99 < 22 ms' },
  /** Renders have no goal of their own (decision 003): the row says what one costs. */
  renderCost: { label: 'none: what a render costs (decision 003)', informational: true },
};

/** The lock the e2e runs and builds hold (docs: shared builds are rebuilt under it). */

/** The server's CPU time per answer in ms (all its threads: JS, GC, compression in the pool). */
export const cpuMsPerRequest = (r) =>
  r.serverCpuPct != null && r.requestsPerSec ? (10 * r.serverCpuPct) / r.requestsPerSec : null;

/** A list call's first page with `body`, checked to answer a non-empty list. */
export function listTarget({ what, path: callPath, headers = API_HEADERS, body }) {
  return {
    what,
    goal: GOALS.list,
    async prepare(base, ctx) {
      const json = JSON.stringify(typeof body === 'function' ? body(ctx) : body);
      const req = { method: 'POST', path: callPath, headers, body: json };
      const env = await expectJson(base, req);
      if (!env.data?.list?.length) throw new Error(`${callPath} answered an empty list: ${json}`);
      return { ...req, note: `${env.data.list.length} per page, ${json}` };
    },
  };
}

/**
 * Deeper pages of a list call: walks it 50 at a time collecting up to `wanted` real `next_cursor`s,
 * then asks `limit` items after one of them per request, in rotation.
 */
export function pagedTarget({ what, path: callPath, headers = API_HEADERS, body = {}, limit = 15, wanted = 200 }) {
  return {
    what,
    goal: GOALS.list,
    async prepare(base) {
      const cursors = [];
      let cursor;
      while (cursors.length < wanted) {
        const env = await expectJson(base, {
          method: 'POST',
          path: callPath,
          headers,
          body: JSON.stringify({ ...body, limit: 50, ...(cursor ? { cursor } : {}) }),
        });
        cursor = env.data?.next_cursor;
        if (!cursor) break;
        cursors.push(cursor);
      }
      if (cursors.length === 0) throw new Error(`${callPath} gave no next_cursor: not enough rows`);
      let i = 0;
      return {
        method: 'POST',
        path: callPath,
        headers,
        requests: [
          {
            setupRequest(req) {
              req.body = JSON.stringify({ ...body, limit, cursor: cursors[i++ % cursors.length] });
              return req;
            },
          },
        ],
        note: `${cursors.length} cursors, up to ${(cursors.length * 50).toLocaleString('en-US')} deep`,
      };
    },
  };
}

/**
 * A server-rendered page over `refs(ctx)` ({id, title}) in rotation, as the viewer of `--as`, after
 * checking that the first one renders its title.
 */
export function renderTarget({ what, page, refs }) {
  return {
    what,
    goal: GOALS.renderCost,
    needsWeb: true,
    async prepare(base, ctx) {
      const list = refs(ctx);
      if (!list.length) throw new Error(`no rows to render ${page('{id}')} with`);
      const first = await expectHtml(base, page(list[0].id), ctx.pageHeaders);
      const escaped = list[0].title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      if (!first.html.includes(escaped)) throw new Error(`${first.path} does not show its title ${list[0].title}`);
      let i = 0;
      return {
        method: 'GET',
        path: first.path,
        headers: first.headers,
        requests: [
          {
            setupRequest(req) {
              req.path = page(list[i++ % list.length].id);
              return req;
            },
          },
        ],
        note: `${list.length} in rotation, ${first.note}`,
      };
    },
  };
}

/**
 * Runs a content benchmark. `seedFlags(opts)` are the bench-data CLI's seed flags; `describe(seeded)`
 * prints what the seeding did (with `--data-dir`, a kept SQLite DATA_DIR, nothing is seeded and
 * `seeded` is null); `context(seeded)` is what the targets' `prepare(base, ctx)` read
 * (`pageHeaders` is added: a member's session with `--as=member`). `extraArgs(args)` adds options;
 * `defaults` are flags taken when the command line does not give them (e.g. `{as: 'member'}`).
 */
export async function runContentBench({
  name,
  targets,
  seedFlags,
  describe,
  context,
  extraArgs = () => ({}),
  defaults = {},
}) {
  const args = { ...defaults, ...parseArgs() };
  const opts = {
    duration: Number(args.duration ?? 20),
    warmup: Number(args.warmup ?? 10),
    connections: Number(args.connections ?? 10),
    ssrCacheSeconds: args['ssr-cache'] !== undefined ? String(args['ssr-cache']) : undefined,
    cpuProf: Boolean(args['cpu-prof']),
    keep: Boolean(args.keep),
    reuse: typeof args['data-dir'] === 'string' ? path.resolve(args['data-dir']) : undefined,
    reuseDatabase: typeof args.database === 'string' ? args.database : undefined,
    db: dbKindArg(args),
    as: viewerArg(args),
    serverNodeArgs:
      typeof args['server-node-args'] === 'string'
        ? args['server-node-args'].split(/\s+/).filter(Boolean)
        : productionNodeFlags(),
    ...extraArgs(args),
  };
  const names =
    typeof args.only === 'string'
      ? args.only
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
          .flatMap((n) => (targets[n] ? [n] : Object.keys(targets).filter((t) => t.startsWith(`${n}-`))))
      : Object.keys(targets);
  if (typeof args.only === 'string' && names.length === 0)
    throw new Error(`Unknown target ${args.only}; known: ${Object.keys(targets).join(', ')}`);
  if (!hasServerBuild()) {
    process.stderr.write(`Server build missing: ${path.relative(process.cwd(), serverEntry)}. Run npm run build.\n`);
    process.exit(1);
  }
  const log = (msg) => process.stdout.write(`${msg}\n`);
  const tmp = makeTempDir(`portal-bench-${name}-`);
  // --data-dir: a DATA_DIR an earlier run kept (--keep), measured again without seeding; on
  // PostgreSQL with the database it kept (--database).
  if (opts.reuse && opts.db === 'sqlite' && !fs.existsSync(path.join(opts.reuse, 'portal.sqlite')))
    throw new Error(`--data-dir needs a kept SQLite DATA_DIR holding portal.sqlite: ${opts.reuse}`);
  if (opts.db === 'postgres' && Boolean(opts.reuse) !== Boolean(opts.reuseDatabase))
    throw new Error('On PostgreSQL, --data-dir and --database are given together (both printed by a --keep run)');
  const dataDir = opts.reuse ?? path.join(tmp, 'data');
  if (!opts.reuse) fs.mkdirSync(dataDir);
  const serverEnv = { RATE_LIMIT_WRITES_PER_MINUTE: '100000000' };
  fs.mkdirSync(resultsDir, { recursive: true });
  const { entry, webBuilt, webBuildDir, snapshotRoot } = snapshotBuilds({ tmp, keep: opts.keep });
  serverEnv.WEB_BUILD_DIR = webBuildDir;
  const meta = runMeta(opts, webBuilt);
  const results = [];
  let server;
  let database;
  let failed = false;
  let profileSummary = null;
  try {
    database = await createBenchDatabase(opts.db, { reuse: opts.reuseDatabase });
    log(
      `${name} bench on ${database.label}: ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s measured per target, node ${process.version}, ${meta.cpus} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const seedStarted = performance.now();
    const seeded = opts.reuse
      ? null
      : await benchData('seed', { dataDir, database, entry, posts: 0, ...seedFlags(opts) });
    // The lists of ids the requests rotate over are long: the JSON keeps their lengths.
    const counted = (v) =>
      Array.isArray(v)
        ? v.length
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, counted(x)]))
          : v;
    if (seeded) {
      meta.seeding = { ...counted(seeded), wallMs: Math.round(performance.now() - seedStarted) };
      log(describe(seeded));
    } else {
      meta.seeding = { reused: dataDir };
      log(`reusing ${dataDir} as an earlier run left it (no seeding)`);
    }

    ({ server, idleRssMb: meta.idleRssMb } = await startMeasuredServer({
      entry,
      dataDir,
      tmp,
      serverEnv,
      database,
      opts,
      log,
    }));
    const base = server.url;
    const ctx = { ...context(seeded), pageHeaders: await viewerHeaders(opts.as, base, seeded?.industryId) };
    log(`pages requested as a ${opts.as}${opts.as === 'member' ? ' (a session cookie on every page request)' : ''}`);
    log('');
    for (const target of names) {
      const def = targets[target];
      if (def.needsWeb && !webBuilt) {
        log(`${target}: skipped: web build missing (npm run build)`);
        results.push({ target, what: def.what, skipped: 'web build missing', goal: def.goal });
        continue;
      }
      process.stdout.write(`${target}: warm-up ${opts.warmup} s, measuring ${opts.duration} s … `);
      try {
        const r = await runTarget(
          target,
          { ...def, prepare: (b) => def.prepare(b, ctx) },
          { base, server, opts, database },
        );
        results.push(r);
        log(
          `${fmt.n(r.requestsPerSec)} req/s, p95 ${fmt.n(r.latencyMs.p95, 1)} ms, p99 ${fmt.n(r.latencyMs.p99, 1)} ms (${r.note})`,
        );
        if (r.errors || r.timeouts || r.non2xx) failed = true;
      } catch (err) {
        log(`FAILED: ${err.message}`);
        results.push({ target, what: def.what, failed: err.message, goal: def.goal });
        failed = true;
      }
      if (server.exited()) throw new Error(`Server died during ${target}\n${server.tail()}`);
    }
    meta.hwmRssMb = readMemory(server.pid)?.hwm;
  } catch (err) {
    process.stderr.write(`\n${err.message}\n`);
    if (server) process.stderr.write(`${server.tail()}\n`);
    failed = true;
  } finally {
    if (server) {
      await server.stop();
      if (opts.cpuProf) profileSummary = collectProfile({ tmp, name: name });
    }
    removeDir(snapshotRoot);
    if (opts.keep && database?.name) log(`kept the PostgreSQL database ${database.name} (--database=${database.name})`);
    else await database?.drop();
    if (opts.keep) log(`kept ${tmp}`);
    else removeDir(tmp);
  }

  log('');
  log(
    table(
      [
        'target',
        'req/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'non-2xx',
        'errors',
        'peak RSS MB',
        'srv CPU %',
        'db CPU %',
        'CPU ms/req',
        'other CPU %',
        'goal',
        'result',
      ],
      results.map((r) => {
        if (r.skipped || r.failed)
          return [r.target, '-', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-', r.goal.label, r.skipped ?? 'FAILED'];
        const v = r.goal.informational ? null : verdicts(r);
        const miss = v ? [!v.rps && 'req/s', !v.p95 && 'p95', !v.p99 && 'p99'].filter(Boolean) : [];
        return [
          r.target,
          fmt.n(r.requestsPerSec),
          fmt.n(r.latencyMs.p50, 1),
          fmt.n(r.latencyMs.p95, 1),
          fmt.n(r.latencyMs.p99, 1),
          fmt.n(r.non2xx),
          fmt.n(r.errors + r.timeouts),
          fmt.n(r.peakRssMb, 1),
          fmt.n(r.serverCpuPct),
          fmt.n(r.dbCpuPct),
          fmt.n(cpuMsPerRequest(r), 2),
          fmt.n(r.otherCpuPct),
          r.goal.label,
          v === null
            ? `${fmt.n(1000 / cpuMsPerRequest(r))} renders/s per free core`
            : miss.length === 0
              ? 'PASS'
              : `FAIL (${miss.join(', ')})`,
        ];
      }),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l'],
    ),
  );
  const measured = results.filter((r) => r.requestsPerSec !== undefined);
  if (measured.length) {
    const peak = Math.max(...measured.map((r) => r.peakRssMb));
    log(
      `\nserver peak RSS under load ${fmt.n(peak, 1)} MB (the portal's standing goal < ${RSS_GOAL_MB} MB: ${peak < RSS_GOAL_MB ? 'PASS' : 'MISS'}); idle ${fmt.n(meta.idleRssMb, 1)} MB; VmHWM ${fmt.n(meta.hwmRssMb, 1)} MB`,
    );
    const noisy = measured.filter((r) => r.otherCpuPct > 20);
    if (noisy.length) {
      log(
        `note: other processes on this ${meta.cpus}-core machine used over 20% of a core during ${noisy.map((r) => r.target).join(', ')} (column "other CPU %"): those figures are pessimistic; "CPU ms/req" is the steadier figure`,
      );
    }
    log(
      `SSR cache: ${meta.ssrCacheSeconds === 'server default' ? 'server default (SSR_CACHE_SECONDS=5)' : `SSR_CACHE_SECONDS=${meta.ssrCacheSeconds}`}`,
    );
  }
  if (profileSummary) log(`\n${formatProfileSummary(profileSummary)}\n  (profile saved to ${profileSummary.file})`);

  const out = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(
    out,
    `${JSON.stringify({ meta, goals: GOALS, results: results.map((r) => (r.requestsPerSec !== undefined && !r.goal.informational ? { ...r, pass: verdicts(r) } : r)), cpuProfile: profileSummary }, null, 2)}\n`,
  );
  log(`\nwrote ${path.relative(process.cwd(), out)}`);
  if (failed) process.exitCode = 1;
}

/** Seconds, one decimal. */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
