// Shared helpers of the benchmarks: where things are, starting and stopping the built server,
// reading a process's memory and CPU from /proc. Plain Node, no dependencies.
/* global fetch, AbortSignal */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
export const webServerBundle = path.join(repoRoot, 'apps/web/build/server/index.js');
export const resultsDir = path.join(repoRoot, 'bench/results');

export const hasServerBuild = () => fs.existsSync(serverEntry);
export const hasWebBuild = () => fs.existsSync(webServerBundle);

/** `--name=value` and bare `--flag` arguments into an object; values stay strings. */
export function parseArgs(argv = process.argv.slice(2)) {
  const args = {};
  for (const arg of argv) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`Unexpected argument ${arg} (use --name=value)`);
    args[m[1]] = m[2] ?? true;
  }
  return args;
}

export function makeTempDir(prefix = 'portal-bench-') {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The server's search settings, passed on when the bench runs with them (`SEARCH_READER_CONNECTIONS=10 node bench/search.mjs`). */
const TUNING = ['SEARCH_READER_THREADS', 'SEARCH_READER_CONNECTIONS'];

function tuning() {
  return Object.fromEntries(TUNING.filter((name) => process.env[name] !== undefined).map((n) => [n, process.env[n]]));
}

/**
 * Starts `node apps/server/dist/main.js` (or `entry`, a copy of it) on a free port with the given DATA_DIR, production mode
 * (mail kept in the outbox), and waits until /readyz answers 200. Output goes to `<logFile>`; on
 * failure its tail is thrown.
 */
export async function startServer({
  dataDir,
  env = {},
  nodeArgs = [],
  logFile,
  readyTimeoutMs = 120_000,
  entry = serverEntry,
}) {
  if (!fs.existsSync(entry)) {
    throw new Error(
      `Server build missing: ${path.relative(process.cwd(), entry)} (run npm run build -w @portal/server)`,
    );
  }
  const port = await freePort();
  const log = logFile ?? path.join(dataDir, `server-${port}.log`);
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NODE_ENV: 'production',
      ADMIN_PASSWORD: `bench-${crypto.randomBytes(9).toString('hex')}`,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Production refuses to start without its own address.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      // Production refuses to start without SMTP_URL; benchmarks keep mail on the machine.
      MAIL_OUTBOX: 'true',
      ...tuning(),
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited = null;
  const forget = onInterrupt(() => child.kill('SIGKILL'));
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      forget();
      resolve(exited);
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const tail = () => {
    try {
      return fs.readFileSync(log, 'utf8').split('\n').slice(-25).join('\n');
    } catch {
      return '';
    }
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited)
      throw new Error(`Server exited before it was ready (code ${exited.code}, signal ${exited.signal})\n${tail()}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server not ready after ${readyTimeoutMs} ms\n${tail()}`);
    }
    await sleep(100);
  }

  return {
    url,
    port,
    pid: child.pid,
    log,
    tail,
    exited: () => exited,
    /** SIGTERM, wait for the drain, SIGKILL after `graceMs`. Resolves with the exit code/signal. */
    async stop(graceMs = 20_000) {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exitPromise;
      clearTimeout(timer);
      return result;
    },
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const interruptCleanups = [];

/**
 * Runs `cleanup` if the benchmark is stopped by SIGINT (Ctrl-C) or SIGTERM, before it exits: the
 * servers it started are killed and a PostgreSQL database dropped. The last registered runs first.
 * Answers a function that unregisters it (when the benchmark cleaned up by itself).
 */
export function onInterrupt(cleanup) {
  if (interruptCleanups.length === 0 && process.listenerCount('SIGINT') === 0) {
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ]) {
      process.once(signal, async () => {
        process.stderr.write(`\n${signal}: cleaning up\n`);
        for (const fn of interruptCleanups.splice(0).reverse()) {
          try {
            await fn();
          } catch (err) {
            process.stderr.write(`cleanup failed: ${err instanceof Error ? err.message : err}\n`);
          }
        }
        process.exit(code);
      });
    }
  }
  interruptCleanups.push(cleanup);
  return () => {
    const i = interruptCleanups.indexOf(cleanup);
    if (i >= 0) interruptCleanups.splice(i, 1);
  };
}

/** VmRSS and VmHWM of a process in MB (1024 × 1024 bytes); null when the process is gone. */
export function readMemory(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kb = (name) => {
    const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    return m ? Number(m[1]) / 1024 : null;
  };
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** User + system CPU time of a process in seconds (from /proc/<pid>/stat; USER_HZ is 100 on Linux). */
export function readCpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds of each PostgreSQL backend serving database `name` (their process titles read
 * `postgres: … <user> <name> <client> <state>`), by pid; null without a name (SQLite). The shared
 * writer processes of the PostgreSQL server are not counted.
 */
export function readDatabaseCpu(name) {
  if (!name) return null;
  const byPid = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title;
    try {
      title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (title.startsWith('postgres: ') && title.includes(` ${name} `)) {
      const seconds = readCpuSeconds(Number(entry));
      if (seconds != null) byPid.set(entry, seconds);
    }
  }
  return byPid;
}

/**
 * The CPU seconds the database's backends used between two readings of readDatabaseCpu. A backend
 * that ended meanwhile takes its seconds with it, so this is a floor.
 */
export function databaseCpuBetween(before, after) {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Busy and total CPU seconds of the whole machine, all cores (from /proc/stat). */
export function readMachineCpu() {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0) / 100;
    const idle = ((v[3] ?? 0) + (v[4] ?? 0)) / 100; // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; reports the peak and the mean. */
export function sampleMemory(pid, everyMs = 200) {
  let peak = 0;
  let sum = 0;
  let n = 0;
  const take = () => {
    const m = readMemory(pid);
    if (m?.rss != null) {
      peak = Math.max(peak, m.rss);
      sum += m.rss;
      n++;
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peakMb: peak, meanMb: n ? sum / n : 0, samples: n };
    },
  };
}

/**
 * The page host refuses to start without a web build. Until `apps/web/build` exists, the API targets
 * run against a stand-in build (WEB_BUILD_DIR) whose every page answers 503: the figures then lack
 * the React render bundle, so memory is lower than the real portal's.
 */
export function writeStubWebBuild(dir) {
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'server', 'index.js'),
    `// Stand-in written by bench/lib/server.mjs: the real web build is missing.
export function createRequestHandler() {
  return async () => new Response('web build missing (bench stand-in)', { status: 503, headers: { 'content-type': 'text/plain' } });
}
export const STYLESHEET_PREFIX = '/styles/';
export function stylesheetFor() { return null; }
`,
  );
  return dir;
}

export function removeDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The lock the builds are made under (npm run build in the browser tests' set-up takes it too). */
const BUILD_LOCK = '/tmp/portal-e2e.lock';

/**
 * The builds are shared with other work (and rebuilt under BUILD_LOCK): measure copies taken under
 * that lock, so that a rebuild during the run cannot change or remove them. The server's copy sits
 * inside the repository so that its npm packages resolve as from dist/; paths end in
 * apps/server/dist and apps/web/build so that cpu-summary.mjs names them as usual. Ctrl-C removes
 * the copies (after the servers are killed and the database dropped) and, unless `keep`, `tmp`.
 * Answers the server entry to start and the web build it serves (a stub when none is built).
 */
export function snapshotBuilds({ tmp, keep }) {
  const snapshotRoot = path.join(resultsDir, `.snapshot-${process.pid}`);
  onInterrupt(() => {
    removeDir(snapshotRoot);
    if (!keep) removeDir(tmp);
  });
  const snapshot = path.join(snapshotRoot, 'apps/server/dist');
  const webCopy = path.join(snapshotRoot, 'apps/web/build');
  fs.mkdirSync(path.dirname(snapshot), { recursive: true });
  fs.mkdirSync(path.dirname(webCopy), { recursive: true });
  // The workspaces' own node_modules (versions that differ from the root's) resolve as from the originals.
  for (const ws of ['apps/server', 'apps/web']) {
    const own = path.join(repoRoot, ws, 'node_modules');
    if (fs.existsSync(own)) fs.symlinkSync(own, path.join(snapshotRoot, ws, 'node_modules'));
  }
  execFileSync('flock', [
    BUILD_LOCK,
    'sh',
    '-c',
    'cp -r "$1" "$2" && if [ -f "$3/server/index.js" ]; then cp -r "$3" "$4"; fi',
    'sh',
    path.dirname(serverEntry),
    snapshot,
    path.join(repoRoot, 'apps/web/build'),
    webCopy,
  ]);
  const webBuilt = fs.existsSync(path.join(webCopy, 'server/index.js'));
  return {
    entry: path.join(snapshot, path.basename(serverEntry)),
    webBuilt,
    webBuildDir: webBuilt ? webCopy : writeStubWebBuild(path.join(tmp, 'web-stub')),
    snapshotRoot,
  };
}
