// The database a benchmark runs on: the embedded SQLite file in the temp DATA_DIR (the default), or a
// fresh PostgreSQL database with Redis, the scale-out mode, dropped again afterwards (also on
// failure and on Ctrl-C). The data itself is written and read by the server's own CLI
// (apps/server/src/cli/bench-data.ts) through the data layer, so the benchmarks run no SQL.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { onInterrupt, repoRoot, serverEntry } from './server.mjs';

const run = promisify(execFile);

export const DB_KINDS = ['sqlite', 'postgres'];
/** Where fresh benchmark databases are made (trust auth on the loopback, as the tests use). */
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `--db=sqlite|postgres` (default sqlite), checked. */
export function dbKindArg(args) {
  const kind = args.db ?? 'sqlite';
  if (!DB_KINDS.includes(kind)) throw new Error(`--db must be one of ${DB_KINDS.join(', ')}, not ${kind}`);
  return kind;
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The benchmark's database. `env` goes to the seeding CLI and to the measured server (empty for
 * SQLite: the DATA_DIR holds the file); `label` names it in the printed header; `drop()` removes a
 * PostgreSQL database (idempotent; also run by Ctrl-C). `reuse` names a PostgreSQL database an
 * earlier run kept: it is measured again, and never dropped.
 */
export async function createBenchDatabase(kind, { reuse } = {}) {
  if (kind === 'sqlite') return { kind, label: 'SQLite (DATA_DIR/portal.sqlite)', env: {}, drop: async () => {} };
  if (reuse !== undefined && !/^portal_bench_\w+$/.test(reuse))
    throw new Error(`--database takes the name of a database a bench kept (portal_bench_…), not ${reuse}`);
  const name = reuse ?? `portal_bench_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  if (!reuse) await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = Boolean(reuse);
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    // `with (force)` ends the connections of a server that did not stop in time.
    await admin(`drop database if exists ${name} with (force)`);
  };
  const forget = onInterrupt(drop);
  return {
    kind,
    label: `PostgreSQL ${name} on ${url.host}, Redis ${redisUrl}`,
    name,
    env: { DATABASE_URL: url.toString(), REDIS_URL: redisUrl },
    async drop() {
      forget();
      await drop();
    },
  };
}

/**
 * Runs the server's bench-data CLI (`dist/cli/bench-data.js` beside `entry`, a copy of main.js or
 * the build itself) on the benchmark's database and answers its JSON line.
 */
export async function benchData(command, { dataDir, database, entry = serverEntry, ...flags }) {
  const cli = path.join(path.dirname(entry), 'cli/bench-data.js');
  const argv = [
    cli,
    command,
    ...Object.entries(flags)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}=${Array.isArray(v) ? v.join(',') : v}`),
  ];
  const { stdout } = await run(process.execPath, argv, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...database.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}
