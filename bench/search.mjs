// Search benchmark (issue 23's bench line; see bench/README.md, "Search"): prints figures, not a test.
//
//   npm run build -w @portal/server && node bench/search.mjs [--posts=1000000] [--db=postgres]
//   node bench/search.mjs --posts=20000 --only=zh-1,mixed --duration=10 --warmup=5 [--cpu-prof] [--keep]
//
// A fresh DATA_DIR, on SQLite or (--db=postgres) a fresh PostgreSQL database with Redis: the demo
// content, then --posts published posts over both sites (bench-data CLI, through the data layer, in
// transactions of 50,000), then the search index rebuilt on the path of `npm run search:reindex`
// (timed), and its size on disk (SQLite: the FTS5 tables' and the documents table's pages by dbstat;
// PostgreSQL: pg_total_relation_size of search_terms, with its GIN index, and of the documents table). The production
// server (`npm start`'s Node flags) then takes per query a sanity request (200, hits), a discarded
// warm-up and a measured autocannon run on 10 connections of the real call
// `POST /api/{site}/api/search/index {search_key}`: the first page with the counts per kind.
// Prints p50/p95/p99, requests/s and CPU ms per answer, PASS/FAIL against p95 < 50 ms, and writes
// bench/results/search.json.
import { API_HEADERS, expectJson } from './lib/measure.mjs';
import { runContentBench, seconds } from './lib/content-bench.mjs';

const ISSUE_GOAL = { p95: 50, label: 'p95 < 50 ms (issue 23)' };
const BEYOND_GOAL = { p95: 50, label: 'p95 < 50 ms (beyond the issue)' };

/** A query's first page through the real call, checked to answer hits. */
function queryTarget({ key, site = 'protal', goal }) {
  const path = `/api/${site}/api/search/index`;
  const body = JSON.stringify({ search_key: key });
  return {
    what: `POST ${path} ${body}`,
    goal,
    async prepare(base) {
      const env = await expectJson(base, { method: 'POST', path, headers: API_HEADERS, body });
      if (!env.data?.list?.length) throw new Error(`${path} found nothing for ${key}`);
      return {
        method: 'POST',
        path,
        headers: API_HEADERS,
        body,
        note: `${key}: ${env.data.total.toLocaleString('en-US')} counted`,
      };
    },
  };
}

const TARGETS = {
  'zh-1': queryTarget({ key: '存', goal: ISSUE_GOAL }),
  'zh-2': queryTarget({ key: '存储', goal: ISSUE_GOAL }),
  'zh-3': queryTarget({ key: '分布式', goal: BEYOND_GOAL }),
  en: queryTarget({ key: 'snapshots', site: 'protal_en', goal: BEYOND_GOAL }),
  'mixed-ceph': queryTarget({ key: 'Ceph 分布式', goal: ISSUE_GOAL }),
  'mixed-nvme': queryTarget({ key: 'NVMe-oF 性能', goal: ISSUE_GOAL }),
};

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

await runContentBench({
  name: 'search',
  targets: TARGETS,
  extraArgs: (args) => ({
    posts: Number(args.posts ?? 1_000_000),
    duration: Number(args.duration ?? 10),
    warmup: Number(args.warmup ?? 5),
  }),
  seedFlags: (opts) => ({ posts: opts.posts, detailPosts: 0, searchIndex: true }),
  describe: (s) =>
    [
      `${s.db}: demo content + ${s.posts.inserted.toLocaleString('en-US')} bulk posts in ${seconds(s.posts.ms)} (${s.posts.published.toLocaleString('en-US')} published; seed total ${seconds(s.ms)})`,
      `search index built in ${seconds(s.search.ms)} (rebuildSearch, the path of npm run search:reindex): ${Object.entries(
        s.search.documents,
      )
        .map(([kind, n]) => `${kind} ${n.toLocaleString('en-US')}`)
        .join(', ')}`,
      `index size on disk: ${s.db === 'postgres' ? 'search_terms (tsvectors, GIN, keys)' : 'full-text index'} ${mb(s.search.size.indexBytes)} + documents ${mb(s.search.size.documentsBytes)} = ${mb(s.search.size.totalBytes)}`,
    ].join('\n'),
  context: () => ({}),
}).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
