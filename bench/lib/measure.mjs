// Measuring helpers shared by the benchmarks (run.mjs, discussions.mjs): sanity requests, one
// autocannon run with exact 2xx latency percentiles, RSS and CPU sampling around it, verdicts and the
// printed table.
/* global fetch */
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import {
  databaseCpuBetween,
  readCpuSeconds,
  readDatabaseCpu,
  readMachineCpu,
  readMemory,
  repoRoot,
  resultsDir,
  sampleMemory,
  startServer,
} from './server.mjs';
import { summariseProfile } from '../cpu-summary.mjs';

// Every request asks for compression, as browsers do: the server compresses JSON and pages per answer.
export const BROWSER_ENCODING = { 'accept-encoding': 'br, gzip' };
export const API_HEADERS = { isapi: '1', 'content-type': 'application/json', ...BROWSER_ENCODING };
export const RSS_GOAL_MB = 150;

export async function expectJson(base, req) {
  const res = await fetch(base + req.path, { method: req.method, headers: req.headers, body: req.body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${req.method} ${req.path} answered ${res.status}: ${text.slice(0, 300)}`);
  const env = JSON.parse(text);
  if (env.status !== 200) throw new Error(`${req.path} answered envelope status ${env.status}: ${env.msg}`);
  return env;
}

export async function expectHtml(base, pagePath, headers = {}) {
  const res = await fetch(base + pagePath, { redirect: 'manual', headers });
  const html = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.startsWith('text/html')) {
    throw new Error(`GET ${pagePath} answered ${res.status} ${type}: ${html.slice(0, 300)}`);
  }
  return {
    method: 'GET',
    path: pagePath,
    headers: { ...BROWSER_ENCODING, ...headers },
    html,
    note: `${(Buffer.byteLength(html) / 1024).toFixed(0)} KB HTML, sent compressed`,
  };
}

/**
 * One autocannon run. Besides autocannon's own figures (whole milliseconds), keeps every 2xx
 * response time to report percentiles to 0.1 ms.
 */
export function cannon(opts, { keepLatencies = false } = {}) {
  const times = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve({ result, times })));
    if (keepLatencies) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
      });
    }
  });
}

/**
 * Several autocannon runs at once, one per entry of `each` (options merged over `opts`, headers
 * merged too), e.g. one connection per signed-in member. Answers one result: counts and rates
 * summed, latency mean weighted, autocannon's percentiles the worst of the runs; the exact 2xx
 * times of all runs together.
 */
export async function cannonEach(opts, each, { keepLatencies = false } = {}) {
  const runs = await Promise.all(
    each.map((o) => cannon({ ...opts, ...o, headers: { ...opts.headers, ...o.headers } }, { keepLatencies })),
  );
  const rs = runs.map((r) => r.result);
  const sum = (f) => rs.reduce((a, r) => a + f(r), 0);
  const worst = (f) => Math.max(...rs.map(f));
  const total = sum((r) => r.requests.total);
  return {
    times: runs.flatMap((r) => r.times),
    result: {
      requests: { average: sum((r) => r.requests.average), total },
      latency: {
        average: total ? sum((r) => r.latency.average * r.requests.total) / total : 0,
        p50: worst((r) => r.latency.p50),
        p90: worst((r) => r.latency.p90),
        p99: worst((r) => r.latency.p99),
        max: worst((r) => r.latency.max),
      },
      throughput: { average: sum((r) => r.throughput.average) },
      non2xx: sum((r) => r.non2xx),
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
    },
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Prepares a target (`target.prepare(base)` answers the request: method, path, headers, body, or
 * autocannon `requests`; `perConnection`: one option set per connection, run as that many
 * one-connection runs at once), runs the discarded warm-up, then the measured run while sampling
 * the server's RSS and CPU, and on PostgreSQL the CPU of its database's backends (`database.name`).
 */
export async function runTarget(name, target, { base, server, opts, database }) {
  const req = await target.prepare(base);
  const cannonOpts = {
    url: base + req.path,
    connections: opts.connections,
    pipelining: 1,
    timeout: 10,
    method: req.method,
    headers: req.headers,
    body: req.body,
    requests: req.requests,
  };
  const run = (o, flags) =>
    req.perConnection ? cannonEach({ ...o, connections: 1 }, req.perConnection, flags) : cannon(o, flags);
  if (opts.warmup > 0) await run({ ...cannonOpts, duration: opts.warmup }); // discarded

  const memory = sampleMemory(server.pid, 200);
  const cpuBefore = readCpuSeconds(server.pid);
  const dbBefore = readDatabaseCpu(database?.name);
  const machineBefore = readMachineCpu();
  const clientBefore = process.cpuUsage();
  const t0 = performance.now();
  const { result: r, times } = await run({ ...cannonOpts, duration: opts.duration }, { keepLatencies: true });
  const elapsed = (performance.now() - t0) / 1000;
  const cpuAfter = readCpuSeconds(server.pid);
  const dbAfter = readDatabaseCpu(database?.name);
  const machineAfter = readMachineCpu();
  const client = process.cpuUsage(clientBefore);
  const mem = memory.stop();
  const dbSeconds = databaseCpuBetween(dbBefore, dbAfter);

  return {
    target: name,
    what: target.what,
    note: req.note,
    connections: req.perConnection ? req.perConnection.length : opts.connections,
    requestsPerSec: r.requests.average,
    requestsTotal: r.requests.total,
    // Exact percentiles of the 2xx response times (autocannon's histogram rounds to whole ms).
    latencyMs: latencyFigures(times),
    autocannonLatencyMs: {
      mean: r.latency.average,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    throughputMBps: r.throughput.average / (1024 * 1024),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    peakRssMb: mem.peakMb,
    meanRssMb: mem.meanMb,
    serverCpuPct: cpuBefore != null && cpuAfter != null ? (100 * (cpuAfter - cpuBefore)) / elapsed : null,
    clientCpuPct: (100 * (client.user + client.system)) / 1e6 / elapsed,
    // PostgreSQL's backends of the bench's database (null on SQLite, which runs inside the server).
    dbCpuPct: dbSeconds != null ? (100 * dbSeconds) / elapsed : null,
    // Everything else on the machine (other engineers' builds and tests skew the figures).
    otherCpuPct:
      machineBefore && machineAfter && cpuBefore != null && cpuAfter != null
        ? Math.max(
            0,
            (100 * (machineAfter.busy - machineBefore.busy - (cpuAfter - cpuBefore) - (dbSeconds ?? 0))) / elapsed -
              (100 * (client.user + client.system)) / 1e6 / elapsed,
          )
        : null,
    goal: target.goal,
  };
}

export function latencyFigures(times) {
  const sorted = Float64Array.from(times).sort();
  const mean = sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : null;
  return {
    mean,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : null,
  };
}

export const fmt = {
  n: (v, d = 0) =>
    v == null || Number.isNaN(v)
      ? '-'
      : v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }),
};

export function table(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (align[i] === 'r' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function verdicts(r) {
  // A goal names the figures it holds (a list: req/s and p99; search: p95); the others pass.
  const rps = r.goal.rps === undefined || r.requestsPerSec >= r.goal.rps;
  const p95 = r.goal.p95 === undefined || r.latencyMs.p95 < r.goal.p95;
  const p99 = r.goal.p99 === undefined || r.latencyMs.p99 < r.goal.p99;
  const rss = r.peakRssMb < RSS_GOAL_MB;
  return { rps, p95, p99, rss, all: rps && p95 && p99 && rss };
}

export function gitRevision() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** The Node flags `npm start` runs the server with (the root package.json), so the bench measures the same process. */
export function productionNodeFlags() {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return pkg.scripts.start.match(/--[\w-]+(?:=\S+)?/g) ?? [];
}

/** What a result file records of the run: database, machine, protocol and the server's flags. */
export function runMeta(opts, webBuilt) {
  return {
    db: opts.db,
    date: new Date().toISOString(),
    git: gitRevision(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadAverage: os.loadavg(),
    protocol: { connections: opts.connections, warmupSeconds: opts.warmup, durationSeconds: opts.duration },
    ssrCacheSeconds: opts.ssrCacheSeconds ?? 'server default',
    pagesAs: opts.as,
    serverNodeArgs: opts.serverNodeArgs,
    webBuild: webBuilt,
  };
}

/**
 * Starts the measured server: the bench's environment, the database's, the SSR cache and the Node
 * flags asked for, with `--cpu-prof` into `tmp/prof` when profiling. Logs when it is ready with its
 * idle RSS, which it answers with the server.
 */
export async function startMeasuredServer({ entry, dataDir, tmp, serverEnv, database, opts, log }) {
  const t = performance.now();
  const profDir = path.join(tmp, 'prof');
  const server = await startServer({
    entry,
    dataDir,
    env: {
      ...serverEnv,
      ...database.env,
      ...(opts.ssrCacheSeconds !== undefined ? { SSR_CACHE_SECONDS: opts.ssrCacheSeconds } : {}),
    },
    nodeArgs: [...(opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), ...opts.serverNodeArgs],
    logFile: path.join(tmp, 'server.log'),
  });
  const idleRssMb = readMemory(server.pid)?.rss;
  log(
    `server ready (pid ${server.pid}) in ${((performance.now() - t) / 1000).toFixed(1)} s, idle RSS ${fmt.n(idleRssMb, 1)} MB`,
  );
  return { server, idleRssMb };
}

/**
 * Once the measured server has stopped: the CPU profile it wrote with `--cpu-prof` (into `tmp/prof`,
 * `startMeasuredServer`) copied to `bench/results/{name}.cpuprofile`, and its summary with the file's
 * path; null when it wrote none.
 */
export function collectProfile({ tmp, name }) {
  const dir = path.join(tmp, 'prof');
  const prof = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile')) : undefined;
  if (!prof) return null;
  fs.mkdirSync(resultsDir, { recursive: true });
  const dest = path.join(resultsDir, `${name}.cpuprofile`);
  fs.copyFileSync(path.join(dir, prof), dest);
  return { ...summariseProfile(JSON.parse(fs.readFileSync(dest, 'utf8'))), file: path.relative(repoRoot, dest) };
}
