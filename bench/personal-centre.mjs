// Personal centre benchmark (issue 22's bench line; see bench/README.md, "Personal centre"): prints
// figures, not a test.
//
//   npm run build && node bench/personal-centre.mjs [--ledger=5000] [--items=1000] [--connections=4] [--duration=10] [--warmup=3] [--db=postgres] [--pages=creations,...] [--cpu-prof] [--keep]
//
// A fresh DATA_DIR, on SQLite or (--db=postgres) a fresh PostgreSQL database with Redis: the demo
// content, then one member with a session, --ledger points ledger rows and --items items (their
// posts and questions in every status, comments others wrote on them, favourite posts), written by
// the server's bench-data CLI. The production server (SSR_CACHE_SECONDS=0: every request renders)
// then renders, with that member's session cookie, each personal-centre page in turn: achievements
// (points, level, the first page of the points history), my creations, interactions. For each:
// a discarded warm-up, then the measured run. Prints req/s, p50/p99, the server's CPU ms per page
// (and PostgreSQL's), peak RSS, and writes bench/results/personal-centre.json. Exit code 1 when a
// page does not render for the member or a request fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatProfileSummary } from './cpu-summary.mjs';
import { benchData, createBenchDatabase, dbKindArg } from './lib/database.mjs';
import { collectProfile, expectHtml, fmt, productionNodeFlags, runMeta, runTarget, table } from './lib/measure.mjs';
import {
  makeTempDir,
  onInterrupt,
  parseArgs,
  removeDir,
  resultsDir,
  snapshotBuilds,
  startServer,
} from './lib/server.mjs';

const args = parseArgs();
const opts = {
  ledger: Number(args.ledger ?? 5000),
  items: Number(args.items ?? 1000),
  connections: Number(args.connections ?? 4),
  duration: Number(args.duration ?? 10),
  warmup: Number(args.warmup ?? 3),
  keep: args.keep === true,
  db: dbKindArg(args),
  pages: typeof args.pages === 'string' ? args.pages.split(',') : null,
  cpuProf: args['cpu-prof'] === true,
};

/** The pages measured, each with what its server-rendered HTML must hold for the member. */
const PAGES = [
  { name: 'achievements', path: '/en/userinfo/achievements', holds: ['data-testid="points-history"', 'points-row-'] },
  { name: 'creations', path: '/en/userinfo/creations', holds: ['Centre bench post', 'Centre bench question'] },
  { name: 'interactions', path: '/en/userinfo/interactions', holds: ['A comment from the bench', 'my-interaction-'] },
];

async function main() {
  const tmp = makeTempDir('portal-bench-centre-');
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  onInterrupt(() => opts.keep || removeDir(tmp));
  const { entry, webBuilt, webBuildDir, snapshotRoot } = snapshotBuilds({ tmp, keep: opts.keep });
  const meta = runMeta(opts, webBuilt);
  let server;
  let database;
  let failed = false;
  try {
    database = await createBenchDatabase(opts.db);
    const seeded = await benchData('seed', {
      dataDir,
      database,
      entry,
      posts: 0,
      centreLedger: opts.ledger,
      centreItems: opts.items,
    });
    const facts = seeded.centre;
    server = await startServer({
      dataDir,
      entry,
      env: { SSR_CACHE_SECONDS: '0', OVERLOAD_MAX_IN_FLIGHT: '0', WEB_BUILD_DIR: webBuildDir, ...database.env },
      nodeArgs: [
        ...(opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.join(tmp, 'prof')}`] : []),
        ...productionNodeFlags(),
      ],
      logFile: path.join(tmp, 'server.log'),
    });
    const cookie = { cookie: `accessToken=${facts.token}` };
    console.log(
      `personal centre bench on ${database.label}: a member with ${facts.ledgerRows} ledger rows, ${facts.posts} posts, ` +
        `${facts.comments} comments received, ${facts.favourites} favourites; ${opts.connections} connections, ` +
        `${opts.warmup} s warm-up + ${opts.duration} s measured per page, SSR_CACHE_SECONDS=0, node ${process.version}, ` +
        `${meta.cpus} CPUs, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    const results = [];
    for (const page of PAGES.filter((p) => !opts.pages || opts.pages.includes(p.name))) {
      const target = {
        what: `GET ${page.path} (member)`,
        async prepare(base) {
          const req = await expectHtml(base, page.path, cookie);
          const missing = page.holds.filter((s) => !req.html.includes(s));
          if (missing.length) throw new Error(`${page.path} rendered without ${missing.join(', ')}`);
          return req;
        },
      };
      const r = await runTarget(page.name, target, { base: server.url, server, opts, database });
      const cpuMs = (pct) => (pct == null || !r.requestsPerSec ? null : (pct * 10) / r.requestsPerSec);
      results.push({ ...r, serverCpuMsPerPage: cpuMs(r.serverCpuPct), dbCpuMsPerPage: cpuMs(r.dbCpuPct) });
      if (r.non2xx || r.errors || r.timeouts || !r.requestsTotal) failed = true;
    }
    console.log('');
    console.log(
      table(
        ['page', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/page', 'db CPU ms/page', 'peak RSS MB', 'failed', 'HTML'],
        results.map((r) => [
          r.target,
          fmt.n(r.requestsPerSec, 1),
          fmt.n(r.latencyMs.p50, 1),
          fmt.n(r.latencyMs.p99, 1),
          fmt.n(r.serverCpuMsPerPage, 1),
          fmt.n(r.dbCpuMsPerPage, 1),
          fmt.n(r.peakRssMb, 1),
          String(r.non2xx + r.errors + r.timeouts),
          r.note,
        ]),
        'lrrrrrrrl',
      ),
    );
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      path.join(resultsDir, 'personal-centre.json'),
      `${JSON.stringify({ ...meta, at: new Date().toISOString(), db: opts.db, opts, facts: { ...facts, token: undefined }, results }, null, 2)}\n`,
    );
  } catch (err) {
    failed = true;
    console.error(err instanceof Error ? err.message : err);
    if (server) console.error(server.tail());
  } finally {
    if (server) await server.stop();
    if (opts.cpuProf) {
      const profile = collectProfile({ tmp, name: 'personal-centre' });
      if (profile) console.log(`${formatProfileSummary(profile)}\n  written to ${profile.file}`);
    }
    await database?.drop();
    removeDir(snapshotRoot);
    if (opts.keep) console.log(`kept ${tmp}`);
    else removeDir(tmp);
  }
  process.exit(failed ? 1 : 0);
}

main();
