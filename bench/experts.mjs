// Experts benchmark (issue 21's bench line; see bench/README.md, "Experts"): prints figures, not a test.
//
//   npm run build && node bench/experts.mjs
//   node bench/experts.mjs --only=expertList --duration=20 --warmup=10 [--db=postgres] [--cpu-prof] [--keep]
//   node bench/experts.mjs --only=directory-render,expert-renders --ssr-cache=0 --as=member
//
// A fresh DATA_DIR, on SQLite or (--db=postgres) a fresh PostgreSQL database with Redis: the demo
// content, then 2,000 resident experts (half by the flag, half by the role as well, each with an
// industry, fields of expertise, followers and points spread as attention falls) among 20,000 plain
// members, then 20,000 posts authored by all of them, written by the server's bench-data CLI through
// the data layer; the seeding time is printed. The production server (`npm start`'s Node flags) then
// takes, per target, a discarded warm-up and a measured autocannon run (10 connections, 20 s):
//   expertList          POST /api/protal/api/stationed/expertList {limit: 12}: the directory's first page
//   expertList-field    the same, of one field of expertise
//   expertList-paged    the same after ~100 real cursors (the whole directory, 50 at a time)
//   directory-render    GET /cn/stationed/index: the directory page, rendered every time with --ssr-cache=0
//   expert-renders      GET /cn/stationed/info/{id} over the 2,000 experts
//   expert-busiest      GET /cn/stationed/info/{id}/posts/new of the expert with the most posts
// Prints requests/s, p50/p99, the server's peak RSS, CPU ms per answer and PASS/FAIL against the
// list goal, and writes bench/results/experts.json. Exit code 1 when the server does not start or
// requests fail.
import { listTarget, pagedTarget, renderTarget, runContentBench, seconds } from './lib/content-bench.mjs';

const LIST = '/api/protal/api/stationed/expertList';
const n = (v) => Number(v).toLocaleString('en-US');

const TARGETS = {
  expertList: listTarget({ what: `POST ${LIST} {limit: 12}, first page`, path: LIST, body: { limit: 12 } }),
  'expertList-field': listTarget({
    what: `POST ${LIST} {limit: 12, field}, first page of one field of expertise`,
    path: LIST,
    body: (ctx) => ({ limit: 12, field: ctx.fieldId }),
  }),
  'expertList-paged': pagedTarget({
    what: `POST ${LIST} {limit: 12, cursor} rotating ~100 real cursors`,
    path: LIST,
    limit: 12,
    wanted: 100,
  }),
  'directory-render': renderTarget({
    what: 'GET /cn/stationed/index: the directory page (its first card checked)',
    page: () => '/cn/stationed/index',
    refs: (ctx) => (ctx.topExpert ? [ctx.topExpert] : []),
  }),
  'expert-renders': renderTarget({
    what: 'GET /cn/stationed/info/{id} over the bench experts',
    page: (id) => `/cn/stationed/info/${id}`,
    refs: (ctx) => ctx.experts,
  }),
  'expert-busiest': renderTarget({
    what: 'GET /cn/stationed/info/{id}/posts/new of the expert with the most posts',
    page: (id) => `/cn/stationed/info/${id}/posts/new`,
    refs: (ctx) => (ctx.busiest ? [ctx.busiest] : []),
  }),
};

await runContentBench({
  name: 'experts',
  targets: TARGETS,
  extraArgs: (args) => ({
    experts: Number(args.experts ?? 2000),
    expertMembers: Number(args.members ?? 20_000),
    posts: Number(args.posts ?? 20_000),
    detailExperts: Number(args['detail-experts'] ?? 2000),
  }),
  seedFlags: (opts) => ({
    posts: opts.posts,
    experts: opts.experts,
    expertMembers: opts.expertMembers,
    detailExperts: opts.detailExperts,
  }),
  describe: (s) =>
    `${s.db}: demo content + ${n(s.experts.expertsInserted)} experts and ${n(s.experts.membersInserted)} members in ${seconds(s.experts.ms)}, ${n(s.posts.published)} published posts (seed total ${seconds(s.ms)}); top of the directory ${s.expertFacts.topExpert?.id}, busiest expert ${s.expertFacts.busiestExpert?.id} (${n(s.expertFacts.busiestExpert?.posts ?? 0)} posts on the Chinese site)`,
  context: (s) => ({
    experts: s.expertFacts.experts,
    topExpert: s.expertFacts.topExpert,
    busiest: s.expertFacts.busiestExpert,
    fieldId: s.expertFacts.fieldId,
  }),
}).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
