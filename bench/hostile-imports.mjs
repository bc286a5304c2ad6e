// Hostile imports against the built portal (issue 15): starts `apps/server/dist/main.js` with
// `npm start`'s Node flags (--max-old-space-size=128) on a fresh DATA_DIR (SQLite, or with
// --db=postgres a fresh PostgreSQL database with Redis), registers two members
// through the real calls, then for each round sends N hostile Word documents at once from one
// member while the other reads postList in a loop, sampling the server's RSS (its document worker
// threads included) every 20 ms. Prints, per round, the answers to the imports (HTTP status and
// message), the postList answers and their latency, the peak RSS, and whether the server answers
// a normal import afterwards. The documents come from the tests' generators
// (apps/server/src/platform/uploads/hostile-files.test-support.ts, loaded through tsx).
// Not a timed test: it prints figures; exit code 1 only when the server dies or a round goes wrong.
//
//   node bench/hostile-imports.mjs [--imports=20] [--rounds=flood,nested,cells,heavy] [--db=postgres] [--keep]
/* global fetch, FormData, Blob, performance */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { createBenchDatabase, dbKindArg } from './lib/database.mjs';
import { percentile, productionNodeFlags } from './lib/measure.mjs';
import { registerMember } from './lib/members.mjs';
import {
  hasWebBuild,
  makeTempDir,
  onInterrupt,
  parseArgs,
  readMemory,
  removeDir,
  resultsDir,
  sampleMemory,
  sleep,
  startServer,
  writeStubWebBuild,
} from './lib/server.mjs';

const args = parseArgs();
const opts = {
  imports: Number(args.imports ?? 20),
  rounds: String(args.rounds ?? 'flood,nested,cells,heavy').split(','),
  keep: args.keep === true,
  db: dbKindArg(args),
};

const hostile = await tsImport('../apps/server/src/platform/uploads/hostile-files.test-support.ts', import.meta.url);
const support = await tsImport('../apps/server/src/platform/uploads/uploads.test-support.ts', import.meta.url);

/** What each round sends: the report's flood first (the peak RSS target is for it). */
const ROUNDS = {
  flood: { what: '30,000 tiny paragraphs', docx: () => hostile.paragraphFloodDocx(30_000) },
  nested: { what: 'tables nested 100 deep', docx: () => hostile.nestedTableDocx(100) },
  cells: { what: '30,000 table cells', docx: () => hostile.cellFloodDocx(30_000) },
  heavy: {
    what: '15,000 long paragraphs within the counts (conversion passes the memory limit)',
    docx: () => hostile.heavyDocx(15_000),
  },
};

const JSON_HEADERS = { isapi: '1', 'content-type': 'application/json' };

/** Registers a member through the real calls (lib/members.mjs); answers its session cookie. */
async function createMember(base, email) {
  const member = await registerMember(base, { email, nickName: email.split('@')[0], password: 'bench password 123' });
  return member.cookie;
}

async function importDocx(base, cookie, docx, site) {
  const form = new FormData();
  form.append('file', new Blob([docx]), 'paper.docx');
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/tool/importDocx`, {
      method: 'POST',
      headers: { isapi: '1', cookie: `${cookie}; siteData=${site}` },
      body: form,
    });
    const json = await res.json();
    return {
      status: res.status,
      msg: json.msg,
      retryAfter: res.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  } catch (err) {
    return { status: 'network error', msg: err.message, ms: performance.now() - started };
  }
}

/** postList as the reader, one after another, until `stop()`; answers statuses and latencies. */
function postListStream(base, cookie) {
  let running = true;
  const answers = [];
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/api/protal_en/api/index/postList`, {
          method: 'POST',
          headers: { ...JSON_HEADERS, cookie },
          body: '{}',
        });
        await res.arrayBuffer();
        answers.push({ status: res.status, ms: performance.now() - started });
      } catch {
        answers.push({ status: 'network error', ms: performance.now() - started });
      }
      await sleep(20);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return answers;
    },
  };
}

/** The threads of a process (a document worker is one, plus its own helpers). */
function threadsOf(pid) {
  try {
    return Number(/^Threads:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  } catch {
    return null;
  }
}

const fmt = (v, d = 0) =>
  v == null || Number.isNaN(v) ? '-' : v.toLocaleString('en-US', { maximumFractionDigits: d });

async function round(name, server, importer, reader) {
  const { what, docx } = ROUNDS[name];
  const file = docx();
  const idle = readMemory(server.pid);
  const memory = sampleMemory(server.pid, 20);
  const list = postListStream(server.url, reader);
  await sleep(200);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: opts.imports }, (_, i) => importDocx(server.url, importer, file, i % 2 === 0 ? 2 : 1)),
  );
  const importsMs = performance.now() - started;
  await sleep(200);
  const listed = await list.stop();
  const mem = memory.stop();
  const alive = !server.exited();
  const after = alive
    ? await importDocx(server.url, importer, support.makeDocx({ paragraphs: ['after the round'] }), 2)
    : { status: 'server gone' };

  const grouped = new Map();
  for (const a of answers) {
    const key = `${a.status} ${a.msg}${a.retryAfter ? ` (Retry-After ${a.retryAfter})` : ''}`;
    grouped.set(key, (grouped.get(key) ?? 0) + 1);
  }
  const listStatuses = new Map();
  for (const a of listed) listStatuses.set(a.status, (listStatuses.get(a.status) ?? 0) + 1);
  const listMs = listed.map((a) => a.ms).sort((a, b) => a - b);
  const importMs = answers.map((a) => a.ms).sort((a, b) => a - b);

  console.log('');
  console.log(`round ${name}: ${opts.imports} imports at once of ${what} (${fmt(file.length / 1024, 1)} KB each)`);
  for (const [key, n] of grouped) console.log(`  import answers    ${n} x ${key}`);
  console.log(
    `  import time ms    all done in ${fmt(importsMs)}; each p50 ${fmt(percentile(importMs, 50))} max ${fmt(importMs.at(-1))}`,
  );
  console.log(
    `  postList          ${[...listStatuses].map(([s, n]) => `${n} x ${s}`).join(', ')}; ms p50 ${fmt(percentile(listMs, 50), 1)} p99 ${fmt(percentile(listMs, 99), 1)} max ${fmt(listMs.at(-1), 1)}`,
  );
  console.log(
    `  server RSS MB     idle ${fmt(idle?.rss)} -> peak ${fmt(mem.peakMb)} (${mem.samples} samples every 20 ms)`,
  );
  console.log(`  afterwards        server ${alive ? 'up' : 'DOWN'}; a normal import answers ${after.status}`);
  return {
    name,
    what,
    bytes: file.length,
    answers: Object.fromEntries(grouped),
    importsMs,
    postList: {
      answers: Object.fromEntries(listStatuses),
      p50: percentile(listMs, 50),
      p99: percentile(listMs, 99),
      max: listMs.at(-1),
    },
    idleRssMb: idle?.rss,
    peakRssMb: mem.peakMb,
    alive,
    afterStatus: after.status,
    ok:
      alive &&
      after.status === 200 &&
      listed.every((a) => a.status === 200) &&
      answers.every((a) => a.status === 400 || a.status === 503),
  };
}

async function main() {
  const tmp = makeTempDir('portal-bench-hostile-');
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  onInterrupt(() => opts.keep || removeDir(tmp));
  // Two members import and read from one IP: lift the write limit.
  const env = { RATE_LIMIT_WRITES_PER_MINUTE: '1000000' };
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
    const importer = await createMember(server.url, 'importer@bench.example.com');
    const reader = await createMember(server.url, 'reader@bench.example.com');
    console.log(
      `hostile imports on ${database.label}: ${opts.imports} at once per round, node ${process.version}, ${os.availableParallelism()} cores, server flags ${nodeArgs.join(' ') || '(none)'}`,
    );
    const threadsAtStart = threadsOf(server.pid);
    const results = [];
    for (const name of opts.rounds) {
      if (!ROUNDS[name]) throw new Error(`unknown round ${name} (${Object.keys(ROUNDS).join(', ')})`);
      const result = await round(name, server, importer, reader);
      results.push(result);
      if (!result.ok) failed = true;
      if (!result.alive) break;
      await sleep(1000);
    }
    // Idle document workers close after 30 s: the RSS an idle server keeps afterwards.
    let idleAfterMb = null;
    if (!server.exited()) {
      await sleep(35_000);
      idleAfterMb = readMemory(server.pid)?.rss ?? null;
      console.log('');
      console.log(
        `idle 35 s later    server RSS ${fmt(idleAfterMb)} MB, ${threadsOf(server.pid)} threads (${threadsAtStart} at the start)`,
      );
    }
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(
      path.join(resultsDir, 'hostile-imports.json'),
      `${JSON.stringify({ at: new Date().toISOString(), db: opts.db, opts, cores: os.availableParallelism(), node: process.version, nodeArgs, results, idleAfterMb }, null, 2)}\n`,
    );
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
