// Topics benchmark (issue 19's bench line; see bench/README.md, "Topics"): prints figures, not a test.
//
//   npm run build && node bench/topics.mjs
//   node bench/topics.mjs --only=topicList --duration=20 --warmup=10 [--db=postgres] [--cpu-prof] [--keep]
//   node bench/topics.mjs --only=topic-renders,article-renders --ssr-cache=0 --as=member
//
// A fresh DATA_DIR, on SQLite or (--db=postgres) a fresh PostgreSQL database with Redis: the demo
// content, then 10,000 topics over both sites and 200,000 articles spread over them as attention
// falls (the busiest topic holds some thousands), nine in ten approved, written in one transaction by
// the server's bench-data CLI through the data layer; the seeding time is printed. The production
// server (`npm start`'s Node flags) then takes, per target, a discarded warm-up and a measured
// autocannon run (10 connections, 20 s):
//   topicList          POST /api/protal/api/topic/list {limit: 15}: the Chinese site's first page
//   topicList-paged    the same after ~100 real cursors, down to ~5,000 topics deep
//   topic-renders      GET /cn/subject/info/{id} over 2,000 random topics: (nearly) every answer a render
//   topic-busiest      GET /cn/subject/info/{id} of the topic with the most articles, rendered every time with --ssr-cache=0
//   article-renders    GET /cn/subject/article/{id} over 5,000 random approved articles
// Prints requests/s, p50/p99, the server's peak RSS, CPU ms per answer and PASS/FAIL against the
// list goal, and writes bench/results/topics.json. Exit code 1 when the server does not start or
// requests fail.
import { listTarget, pagedTarget, renderTarget, runContentBench, seconds } from './lib/content-bench.mjs';

const LIST = '/api/protal/api/topic/list';
const n = (v) => Number(v).toLocaleString('en-US');

const TARGETS = {
  topicList: listTarget({ what: `POST ${LIST} {limit: 15}, first page`, path: LIST, body: { limit: 15 } }),
  'topicList-paged': pagedTarget({
    what: `POST ${LIST} {limit: 15, cursor} rotating ~100 real cursors`,
    path: LIST,
    wanted: 100,
  }),
  'topic-renders': renderTarget({
    what: 'GET /cn/subject/info/{id} over 2,000 random topics of the Chinese site',
    page: (id) => `/cn/subject/info/${id}`,
    refs: (ctx) => ctx.topics,
  }),
  'topic-busiest': renderTarget({
    what: 'GET /cn/subject/info/{id} of the Chinese topic with the most articles',
    page: (id) => `/cn/subject/info/${id}`,
    refs: (ctx) => (ctx.busiest ? [ctx.busiest] : []),
  }),
  'article-renders': renderTarget({
    what: 'GET /cn/subject/article/{id} over 5,000 random approved articles of the Chinese site',
    page: (id) => `/cn/subject/article/${id}`,
    refs: (ctx) => ctx.articles,
  }),
};

await runContentBench({
  name: 'topics',
  targets: TARGETS,
  extraArgs: (args) => ({
    topics: Number(args.topics ?? 10_000),
    topicArticles: Number(args.articles ?? 200_000),
    detailTopics: Number(args['detail-topics'] ?? 2000),
    detailArticles: Number(args['detail-articles'] ?? 5000),
  }),
  seedFlags: (opts) => ({
    topics: opts.topics,
    topicArticles: opts.topicArticles,
    detailTopics: opts.detailTopics,
    detailArticles: opts.detailArticles,
  }),
  describe: (s) =>
    `${s.db}: demo content + ${n(s.topics.topicsInserted)} bulk topics and ${n(s.topics.articlesInserted)} articles in ${seconds(s.topics.ms)} (seed total ${seconds(s.ms)}): topics ${Object.entries(
      s.topics.topicsPerSite,
    )
      .map(([site, c]) => `site ${site}: ${n(c)}`)
      .join(', ')}; approved articles ${Object.entries(s.topics.approvedPerSite)
      .map(([site, c]) => `site ${site}: ${n(c)}`)
      .join(
        ', ',
      )}, ${n(s.topics.pending)} pending; busiest topic ${s.topicFacts.busiestTopic?.id} (${n(s.topicFacts.busiestTopic?.articles ?? 0)} articles)`,
  context: (s) => ({
    topics: s.topicFacts.topics,
    busiest: s.topicFacts.busiestTopic,
    articles: s.topicFacts.articles,
  }),
}).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
