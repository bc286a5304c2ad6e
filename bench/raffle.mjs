// Raffle draw benchmark (issue 22's bench line; see bench/README.md, "Raffle"): prints figures, not a test.
//
//   npm run build && node bench/raffle.mjs [--members=50] [--duration=15] [--warmup=5] [--db=postgres] [--max-in-flight=0] [--keep]
//
// A fresh DATA_DIR, on SQLite or (--db=postgres) a fresh PostgreSQL database with Redis: the demo
// content, then a running campaign on the English site (two prizes of 100 each, weight 5 each, "no
// prize" 90, so the stock runs out during the run and both paths are measured) and --members members
// with a session and plenty of bought chances, written by the server's bench-data CLI. The
// production server then takes, from each member at once (one request in flight per member),
// POST /api/protal_en/api/raffle/draw in a loop: a discarded warm-up, then the measured run. The
// server's in-flight cap (OVERLOAD_MAX_IN_FLIGHT, 32) is off unless --max-in-flight names one, so 50
// members at once are measured rather than shed.
// Prints draws/s, p50/p90/p99, prizes won against the stock (never more), the server's CPU and peak
// RSS, and writes bench/results/raffle.json. Exit code 1 when a draw fails or more prizes are won
// than there were.
/* global fetch, performance */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchData, createBenchDatabase, dbKindArg } from './lib/database.mjs';
import { API_HEADERS, fmt, latencyFigures, productionNodeFlags, runMeta } from './lib/measure.mjs';
import {
  databaseCpuBetween,
  makeTempDir,
  onInterrupt,
  parseArgs,
  readCpuSeconds,
  readDatabaseCpu,
  removeDir,
  resultsDir,
  sampleMemory,
  snapshotBuilds,
  startServer,
} from './lib/server.mjs';

const args = parseArgs();
const opts = {
  members: Number(args.members ?? 50),
  duration: Number(args.duration ?? 15),
  warmup: Number(args.warmup ?? 5),
  keep: args.keep === true,
  db: dbKindArg(args),
  // The server sheds requests past OVERLOAD_MAX_IN_FLIGHT (32 by default) with 503: the bench lifts
  // the cap above the members drawing at once, so it measures the draw, not the shedding.
  maxInFlight: Number(args['max-in-flight'] ?? 0),
};

/** Each member draws one after another until `until`; answers latencies (ms) and what was won. */
async function drawLoop(url, token, campaignId, until, sink) {
  const body = JSON.stringify({ trc_id: campaignId });
  const headers = { ...API_HEADERS, cookie: `accessToken=${token}` };
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body });
    const json = await res.json();
    const ms = performance.now() - t0;
    if (json.status !== 200) {
      sink.failed += 1;
      if (!sink.firstFailure) sink.firstFailure = `${res.status} ${JSON.stringify(json)}`;
      continue;
    }
    sink.times.push(ms);
    if (json.data.prize) sink.won += 1;
  }
}

async function run(url, facts, seconds) {
  const sink = { times: [], won: 0, failed: 0, firstFailure: null };
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(facts.tokens.map((token) => drawLoop(url, token, facts.campaignId, until, sink)));
  return { ...sink, elapsed: (performance.now() - t0) / 1000 };
}

async function main() {
  const tmp = makeTempDir('portal-bench-raffle-');
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  onInterrupt(() => opts.keep || removeDir(tmp));
  const { entry, webBuilt, webBuildDir, snapshotRoot } = snapshotBuilds({ tmp, keep: opts.keep });
  const meta = runMeta({ ...opts, connections: opts.members }, webBuilt);
  const nodeArgs = productionNodeFlags();
  let server;
  let database;
  let failed = false;
  try {
    database = await createBenchDatabase(opts.db);
    const seeded = await benchData('seed', { dataDir, database, entry, posts: 0, raffleMembers: opts.members });
    const facts = seeded.raffle;
    server = await startServer({
      dataDir,
      entry,
      env: {
        RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
        OVERLOAD_MAX_IN_FLIGHT: String(opts.maxInFlight),
        WEB_BUILD_DIR: webBuildDir,
        ...database.env,
      },
      nodeArgs,
      logFile: path.join(tmp, 'server.log'),
    });
    const url = `${server.url}/api/${facts.siteCode}/api/raffle/draw`;
    console.log(
      `raffle bench on ${database.label}: ${opts.members} members drawing at once, ${opts.warmup} s warm-up + ${opts.duration} s measured, ` +
        `node ${process.version}, ${meta.cpus} CPUs, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    const warm = opts.warmup > 0 ? await run(url, facts, opts.warmup) : { won: 0, failed: 0 };

    const memory = sampleMemory(server.pid, 200);
    const cpuBefore = readCpuSeconds(server.pid);
    const dbBefore = readDatabaseCpu(database.name);
    const measured = await run(url, facts, opts.duration);
    const cpuAfter = readCpuSeconds(server.pid);
    const dbSeconds = databaseCpuBetween(dbBefore, readDatabaseCpu(database.name));
    const mem = memory.stop();
    const latency = latencyFigures(measured.times);
    const won = warm.won + measured.won;
    const figures = {
      drawsPerSec: measured.times.length / measured.elapsed,
      draws: measured.times.length,
      failed: measured.failed + warm.failed,
      latencyMs: { p50: latency.p50, p90: latency.p90, p99: latency.p99, max: latency.max },
      prizesWon: won,
      stock: facts.stock,
      serverCpuPct: cpuBefore != null && cpuAfter != null ? (100 * (cpuAfter - cpuBefore)) / measured.elapsed : null,
      dbCpuPct: dbSeconds != null ? (100 * dbSeconds) / measured.elapsed : null,
      peakRssMb: mem.peakMb,
    };
    console.log('');
    console.log(
      `draws/s           ${fmt.n(figures.drawsPerSec, 1)}  (${figures.draws} draws measured, ${figures.failed} failed)`,
    );
    console.log(
      `latency ms        p50 ${fmt.n(figures.latencyMs.p50, 1)}  p90 ${fmt.n(figures.latencyMs.p90, 1)}  p99 ${fmt.n(figures.latencyMs.p99, 1)}  max ${fmt.n(figures.latencyMs.max, 1)}`,
    );
    console.log(`prizes won        ${won} of a stock of ${facts.stock} (warm-up and run)`);
    console.log(
      `server            ${fmt.n(figures.serverCpuPct)} % of one core, peak RSS ${fmt.n(figures.peakRssMb, 1)} MB`,
    );
    if (figures.dbCpuPct != null)
      console.log(`PostgreSQL        ${fmt.n(figures.dbCpuPct)} % of one core (its backends)`);
    if (measured.firstFailure) console.log(`first failure     ${measured.firstFailure}`);
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      path.join(resultsDir, 'raffle.json'),
      `${JSON.stringify({ ...meta, at: new Date().toISOString(), db: opts.db, opts, ...figures }, null, 2)}\n`,
    );
    failed = figures.failed > 0 || figures.draws === 0 || won > facts.stock;
  } catch (err) {
    failed = true;
    console.error(err instanceof Error ? err.message : err);
    if (server) console.error(server.tail());
  } finally {
    if (server) await server.stop();
    await database?.drop();
    removeDir(snapshotRoot);
    if (opts.keep) console.log(`kept ${tmp}`);
    else removeDir(tmp);
  }
  process.exit(failed ? 1 : 0);
}

main();
