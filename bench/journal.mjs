// E-magazine benchmark (issue 20's bench line; see bench/README.md, "E-magazine"): prints figures, not a test.
//
//   npm run build && node bench/journal.mjs
//   node bench/journal.mjs --only=journal-info --duration=20 --warmup=10 [--db=postgres] [--cpu-prof] [--keep]
//
// A fresh DATA_DIR, on SQLite or (--db=postgres) a fresh PostgreSQL database with Redis: the demo
// content with the demo e-magazine, then 500 issues over both sites (one a week back from today, one
// in ten partner-only, one in fifty a draft, each with its site's demo PDF) and 10,000 articles spread
// over them, written in one transaction by the server's bench-data CLI through the data layer. The
// production server (`npm start`'s Node flags) then takes, per target, a discarded warm-up and a
// measured autocannon run (10 connections, 20 s). By default every page is rendered for a signed-in
// member (`--as=member`) with the page cache off (`--ssr-cache=0`), as the issue asks:
//   journal-index      GET /cn/journal/index: the magazine home (categories, first page of issues, figures)
//   journal-index-en   GET /en/journal/index
//   journal-info       GET /cn/journal/info/{id} over 200 random public issues of the Chinese site
//   journal-info-en    GET /en/journal/info/{id} over 200 random public issues of the English site
// Prints requests/s, p50/p99, the server's peak RSS and CPU ms per page, and writes
// bench/results/journal.json. Exit code 1 when the server does not start or requests fail.
import { renderTarget, runContentBench, seconds } from './lib/content-bench.mjs';

const n = (v) => Number(v).toLocaleString('en-US');
const SITES = { cn: 1, en: 2 };

const home = (prefix) =>
  renderTarget({
    what: `GET /${prefix}/journal/index (its newest issue's title checked)`,
    page: () => `/${prefix}/journal/index`,
    refs: (ctx) => (ctx.newest[SITES[prefix]] ? [ctx.newest[SITES[prefix]]] : []),
  });
const issue = (prefix) =>
  renderTarget({
    what: `GET /${prefix}/journal/info/{id} over random public issues of the ${prefix === 'cn' ? 'Chinese' : 'English'} site`,
    page: (id) => `/${prefix}/journal/info/${id}`,
    refs: (ctx) => ctx.issues[SITES[prefix]] ?? [],
  });

const TARGETS = {
  'journal-index': home('cn'),
  'journal-index-en': home('en'),
  'journal-info': issue('cn'),
  'journal-info-en': issue('en'),
};

await runContentBench({
  name: 'journal',
  targets: TARGETS,
  defaults: { as: 'member', 'ssr-cache': '0' },
  extraArgs: (args) => ({
    issues: Number(args.issues ?? 500),
    articles: Number(args.articles ?? 10_000),
    detailIssues: Number(args['detail-issues'] ?? 200),
  }),
  seedFlags: (opts) => ({
    journalIssues: opts.issues,
    journalArticles: opts.articles,
    detailIssues: opts.detailIssues,
  }),
  describe: (s) =>
    `${s.db}: demo content + ${n(s.journal.issuesInserted)} bulk issues and ${n(s.journal.articlesInserted)} articles in ${seconds(s.journal.ms)} (seed total ${seconds(s.ms)}): published issues ${Object.entries(
      s.journal.issuesPerSite,
    )
      .map(([site, c]) => `site ${site}: ${n(c)}`)
      .join(', ')}, ${n(s.journal.drafts)} drafts, ${n(s.journal.articles)} articles in all`,
  context: (s) => ({ newest: s.journalFacts.newest, issues: s.journalFacts.issues }),
}).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
