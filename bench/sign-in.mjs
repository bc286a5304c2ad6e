// Password sign-ins per second against the built portal: starts `apps/server/dist/main.js` in
// production mode on a fresh DATA_DIR (mail kept in the outbox), registers one member through the
// real calls (sendCode, the code from GET /api/dev/outbox, register), then runs autocannon on
// POST /api/protal/api/user/login with that member's email and password: a warm-up whose results
// are discarded, then the measured run. Prints sign-ins/s, latency percentiles and the scrypt cost
// read from the stored hash. Exit code 1 when the server does not start or sign-ins fail.
//
//   node bench/sign-in.mjs [--duration=10] [--warmup=5] [--connections=10] [--keep]
/* global fetch, performance */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import {
  hasWebBuild,
  makeTempDir,
  parseArgs,
  readCpuSeconds,
  removeDir,
  resultsDir,
  sampleMemory,
  startServer,
  writeStubWebBuild,
} from './lib/server.mjs';

const args = parseArgs();
const opts = {
  duration: Number(args.duration ?? 10),
  warmup: Number(args.warmup ?? 5),
  connections: Number(args.connections ?? 10),
  keep: args.keep === true,
};

const EMAIL = 'bench-member@bench.example.com';
const PASSWORD = 'bench password 123';
const JSON_HEADERS = { isapi: '1', 'content-type': 'application/json' };

/** The Node flags `npm start` runs the server with (the root package.json), so the bench measures the same process. */
function productionNodeFlags() {
  const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return pkg.scripts.start.match(/--[\w-]+(?:=\S+)?/g) ?? [];
}

async function post(base, path, body) {
  const res = await fetch(base + path, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json(), cookie: res.headers.get('set-cookie') };
}

async function createMember(base) {
  const sent = await post(base, '/api/protal/api/user/sendCode', {
    channel: 'email',
    target: EMAIL,
    purpose: 'register',
  });
  if (sent.json.status !== 200) throw new Error(`sendCode failed: ${JSON.stringify(sent.json)}`);
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(EMAIL)}`)).json();
  const code = outbox.data?.list?.[0]?.code;
  if (!code) throw new Error(`no code in the outbox: ${JSON.stringify(outbox)}`);
  const registered = await post(base, '/api/protal/api/user/register', {
    channel: 'email',
    target: EMAIL,
    user_nick_name: 'Bench',
    password: PASSWORD,
    code,
    agree: true,
  });
  if (registered.json.status !== 200) throw new Error(`register failed: ${JSON.stringify(registered.json)}`);
  return registered.json.data.user_id;
}

function cannon(cannonOpts, keepLatencies) {
  const times = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(cannonOpts, (err, result) => (err ? reject(err) : resolve({ result, times })));
    if (keepLatencies) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
      });
    }
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** N, r, p of the stored hash (`scrypt$N$r$p$salt$hash`), as the server really used them. */
function scryptCost(dataDir) {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select password_hash from users where email = ?').get(EMAIL);
    const [, N, r, p] = String(row?.password_hash ?? '').split('$');
    return { N: Number(N), r: Number(r), p: Number(p), memoryMiB: (128 * Number(N) * Number(r)) / 2 ** 20 };
  } finally {
    db.close();
  }
}

const fmt = (v, d = 1) =>
  v == null || Number.isNaN(v) ? '-' : v.toLocaleString('en-US', { maximumFractionDigits: d });

async function main() {
  const tmp = makeTempDir('portal-bench-signin-');
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  const env = {
    // The bench signs one member in thousands of times from one IP: lift the write and failure limits.
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    SIGN_IN_FAILURES_ALLOWED: '1000000',
  };
  if (!hasWebBuild()) env.WEB_BUILD_DIR = writeStubWebBuild(path.join(tmp, 'web-stub'));
  const nodeArgs = productionNodeFlags();
  let server;
  let failed = false;
  try {
    server = await startServer({ dataDir, env, nodeArgs, logFile: path.join(tmp, 'server.log') });
    const base = server.url;
    const userId = await createMember(base);
    const body = JSON.stringify({ account: EMAIL, password: PASSWORD });
    const sanity = await post(base, '/api/protal/api/user/login', { account: EMAIL, password: PASSWORD });
    if (sanity.json.status !== 200 || !/accessToken=/.test(sanity.cookie ?? '')) {
      throw new Error(`sign-in failed: ${JSON.stringify(sanity.json)}`);
    }
    const cost = scryptCost(dataDir);
    console.log(
      `sign-in bench: member ${userId}, ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s measured, ` +
        `node ${process.version}, ${os.cpus().length} CPUs, server flags ${nodeArgs.join(' ') || '(none)'}`,
    );
    const cannonOpts = {
      url: `${base}/api/protal/api/user/login`,
      method: 'POST',
      headers: JSON_HEADERS,
      body,
      connections: opts.connections,
      pipelining: 1,
      timeout: 30,
    };
    if (opts.warmup > 0) await cannon({ ...cannonOpts, duration: opts.warmup }, false);

    const memory = sampleMemory(server.pid, 200);
    const cpuBefore = readCpuSeconds(server.pid);
    const t0 = performance.now();
    const { result, times } = await cannon({ ...cannonOpts, duration: opts.duration }, true);
    const elapsed = (performance.now() - t0) / 1000;
    const cpuAfter = readCpuSeconds(server.pid);
    const mem = memory.stop();
    const sorted = Float64Array.from(times).sort();
    const figures = {
      signInsPerSec: times.length / elapsed,
      requestsTotal: result.requests.total,
      ok: times.length,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      latencyMs: {
        p50: percentile(sorted, 50),
        p90: percentile(sorted, 90),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? null,
      },
      serverCpuPct: cpuBefore != null && cpuAfter != null ? (100 * (cpuAfter - cpuBefore)) / elapsed : null,
      peakRssMb: mem.peakMb,
      scrypt: cost,
    };

    console.log('');
    console.log(
      `sign-ins/s        ${fmt(figures.signInsPerSec)}  (${figures.ok} signed in, ${figures.non2xx} non-2xx, ${figures.errors} errors, ${figures.timeouts} timeouts)`,
    );
    console.log(
      `latency ms        p50 ${fmt(figures.latencyMs.p50)}  p90 ${fmt(figures.latencyMs.p90)}  p99 ${fmt(figures.latencyMs.p99)}  max ${fmt(figures.latencyMs.max)}`,
    );
    console.log(
      `server            ${fmt(figures.serverCpuPct, 0)} % of one core, peak RSS ${fmt(figures.peakRssMb)} MB`,
    );
    console.log(
      `scrypt cost       N=${cost.N} (2^${Math.log2(cost.N)}), r=${cost.r}, p=${cost.p}: ${fmt(cost.memoryMiB, 0)} MiB per hash`,
    );

    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      path.join(resultsDir, 'sign-in.json'),
      `${JSON.stringify({ at: new Date().toISOString(), opts, cpus: os.cpus().length, node: process.version, ...figures }, null, 2)}\n`,
    );
    failed = figures.ok === 0 || figures.non2xx > 0 || figures.errors > 0 || figures.timeouts > 0;
  } catch (err) {
    failed = true;
    console.error(err instanceof Error ? err.message : err);
    if (server) console.error(server.tail());
  } finally {
    if (server) await server.stop();
    if (opts.keep) console.log(`kept ${tmp}`);
    else removeDir(tmp);
  }
  process.exit(failed ? 1 : 0);
}

main();
