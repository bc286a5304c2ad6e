// Password sign-ins per second against the built portal: starts `apps/server/dist/main.js` in
// production mode on a fresh DATA_DIR, SQLite or (--db=postgres) a fresh PostgreSQL database with
// Redis (mail kept in the outbox), registers one member through the real calls (sendCode, the code
// from GET /api/dev/outbox, register; lib/members.mjs), then runs autocannon on
// POST /api/protal/api/user/login with that member's email and password: a warm-up whose results
// are discarded, then the measured run. Prints sign-ins/s, latency percentiles and the scrypt cost
// read from the stored hash (through the server's bench-data CLI). Exit code 1 when the server does
// not start or sign-ins fail.
//
//   node bench/sign-in.mjs [--duration=10] [--warmup=5] [--connections=10] [--db=postgres] [--keep]
/* global fetch, performance */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchData, createBenchDatabase, dbKindArg } from './lib/database.mjs';
import { cannon, fmt, latencyFigures, productionNodeFlags } from './lib/measure.mjs';
import { registerMember } from './lib/members.mjs';
import {
  databaseCpuBetween,
  hasWebBuild,
  makeTempDir,
  onInterrupt,
  parseArgs,
  readCpuSeconds,
  readDatabaseCpu,
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
  db: dbKindArg(args),
};

const EMAIL = 'bench-member@bench.example.com';
const PASSWORD = 'bench password 123';
const JSON_HEADERS = { isapi: '1', 'content-type': 'application/json' };

async function signIn(base) {
  const res = await fetch(`${base}/api/protal/api/user/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ account: EMAIL, password: PASSWORD }),
  });
  return { json: await res.json(), cookie: res.headers.get('set-cookie') };
}

async function main() {
  const tmp = makeTempDir('portal-bench-signin-');
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  onInterrupt(() => opts.keep || removeDir(tmp));
  const env = {
    // The bench signs one member in thousands of times from one IP: lift the write and failure limits.
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    SIGN_IN_FAILURES_ALLOWED: '1000000',
  };
  if (!hasWebBuild()) env.WEB_BUILD_DIR = writeStubWebBuild(path.join(tmp, 'web-stub'));
  const nodeArgs = productionNodeFlags();
  let server;
  let database;
  let failed = false;
  try {
    database = await createBenchDatabase(opts.db);
    server = await startServer({
      dataDir,
      env: { ...env, ...database.env },
      nodeArgs,
      logFile: path.join(tmp, 'server.log'),
    });
    const base = server.url;
    const { id: userId } = await registerMember(base, { email: EMAIL, nickName: 'Bench', password: PASSWORD });
    const body = JSON.stringify({ account: EMAIL, password: PASSWORD });
    const sanity = await signIn(base);
    if (sanity.json.status !== 200 || !/accessToken=/.test(sanity.cookie ?? '')) {
      throw new Error(`sign-in failed: ${JSON.stringify(sanity.json)}`);
    }
    const { scrypt: cost } = await benchData('read', { dataDir, database, passwordOf: EMAIL });
    console.log(
      `sign-in bench on ${database.label}: member ${userId}, ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s measured, ` +
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
    if (opts.warmup > 0) await cannon({ ...cannonOpts, duration: opts.warmup });

    const memory = sampleMemory(server.pid, 200);
    const cpuBefore = readCpuSeconds(server.pid);
    const dbBefore = readDatabaseCpu(database.name);
    const t0 = performance.now();
    const { result, times } = await cannon({ ...cannonOpts, duration: opts.duration }, { keepLatencies: true });
    const elapsed = (performance.now() - t0) / 1000;
    const cpuAfter = readCpuSeconds(server.pid);
    const dbSeconds = databaseCpuBetween(dbBefore, readDatabaseCpu(database.name));
    const mem = memory.stop();
    const latency = latencyFigures(times);
    const figures = {
      signInsPerSec: times.length / elapsed,
      requestsTotal: result.requests.total,
      ok: times.length,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      latencyMs: { p50: latency.p50, p90: latency.p90, p99: latency.p99, max: latency.max },
      serverCpuPct: cpuBefore != null && cpuAfter != null ? (100 * (cpuAfter - cpuBefore)) / elapsed : null,
      dbCpuPct: dbSeconds != null ? (100 * dbSeconds) / elapsed : null,
      peakRssMb: mem.peakMb,
      scrypt: cost,
    };

    console.log('');
    console.log(
      `sign-ins/s        ${fmt.n(figures.signInsPerSec, 1)}  (${figures.ok} signed in, ${figures.non2xx} non-2xx, ${figures.errors} errors, ${figures.timeouts} timeouts)`,
    );
    console.log(
      `latency ms        p50 ${fmt.n(figures.latencyMs.p50, 1)}  p90 ${fmt.n(figures.latencyMs.p90, 1)}  p99 ${fmt.n(figures.latencyMs.p99, 1)}  max ${fmt.n(figures.latencyMs.max, 1)}`,
    );
    console.log(
      `server            ${fmt.n(figures.serverCpuPct)} % of one core, peak RSS ${fmt.n(figures.peakRssMb, 1)} MB`,
    );
    if (figures.dbCpuPct != null)
      console.log(`PostgreSQL        ${fmt.n(figures.dbCpuPct)} % of one core (its backends)`);
    console.log(
      `scrypt cost       N=${cost.N} (2^${Math.log2(cost.N)}), r=${cost.r}, p=${cost.p}: ${fmt.n(cost.memoryMiB)} MiB per hash`,
    );

    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      path.join(resultsDir, 'sign-in.json'),
      `${JSON.stringify({ at: new Date().toISOString(), db: opts.db, opts, cpus: os.cpus().length, node: process.version, ...figures }, null, 2)}\n`,
    );
    failed = figures.ok === 0 || figures.non2xx > 0 || figures.errors > 0 || figures.timeouts > 0;
  } catch (err) {
    failed = true;
    console.error(err instanceof Error ? err.message : err);
    if (server) console.error(server.tail());
  } finally {
    if (server) await server.stop();
    await database?.drop();
    if (opts.keep) console.log(`kept ${tmp}`);
    else removeDir(tmp);
  }
  process.exit(failed ? 1 : 0);
}

main();
