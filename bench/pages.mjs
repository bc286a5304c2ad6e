// Pages of the newer domains rendered on the demo content (see bench/README.md, "Pages"): prints
// figures, not a test. What a fresh render of each page costs, as a member sees it.
//
//   npm run build && node bench/pages.mjs --ssr-cache=0 --as=member
//   node bench/pages.mjs --only=journal-index,stationed-info --duration=20 --warmup=10 [--db=postgres]
//
// The frame of events.mjs and topics.mjs (lib/content-bench.mjs): a fresh SQLite DATA_DIR or
// PostgreSQL database with the demo content only, the production server, per page a sanity request
// (HTTP 200 with the page's own heading), a discarded warm-up and a measured autocannon run.
//   journal-index     GET /cn/journal/index: the e-magazine's home
//   journal-info      GET /cn/journal/info/{id}: the newest issue, its contents
//   journal-article   GET /cn/journal/info/{id}?article={id}: an article of it read online
//   stationed-index   GET /cn/stationed/index: the experts directory
//   stationed-info    GET /cn/stationed/info/{id}/articles/new: the most followed expert's page
//   userinfo          GET /cn/userinfo: the member's personal centre (member only)
//   stationed-mvp     GET /cn/stationed/mvp: the MVP programme and the MVPs by year
//   cooperate-index   GET /cn/cooperate/index: the cooperation programmes and the partner directory
//   cooperate-info    GET /cn/cooperate/info/{id}: the first programme, with its downloads
//   about             GET /cn/about: a short static text in the shell, what every page pays before its own
//                     content (the navbar and footer of a member, the root's loaders, the document)
//   about-bare        GET /cn/about?is_admin=1: the same without the navbar and footer (the back office's
//                     embedded view), the floor of a page render
//   search            GET /cn/search/对象存储: the search page's first results (every kind, counts per kind)
import { API_HEADERS, expectHtml, expectJson } from './lib/measure.mjs';
import { runContentBench } from './lib/content-bench.mjs';

/** The Chinese site, for the calls that take their site from the `siteData` cookie. */
const ZH = { ...API_HEADERS, cookie: 'siteData=1' };

/** A page at `path(ids)`, checked to render (HTTP 200, no error page) before it is measured. */
function pageTarget({ what, path, memberOnly = false, needsIds = true }) {
  return {
    what,
    goal: { label: 'none: what a render costs (decision 003)', informational: true },
    needsWeb: true,
    async prepare(base, ctx) {
      if (memberOnly && !ctx.pageHeaders.cookie) throw new Error(`${what} needs --as=member`);
      const ids = needsIds ? await ctx.ids(base) : {};
      const first = await expectHtml(base, path(ids), ctx.pageHeaders);
      if (/data-testid="error-\d+"/.test(first.html)) throw new Error(`${first.path} rendered an error page`);
      return { method: 'GET', path: first.path, headers: first.headers, note: first.note };
    },
  };
}

/** The ids the pages name: the newest issue and its first article, the most followed expert, the first programme. */
function idsOnce() {
  let ids;
  return async (base) => {
    if (ids) return ids;
    const issues = await expectJson(base, {
      method: 'POST',
      path: '/api/ebook/get_ebook_list',
      headers: ZH,
      body: JSON.stringify({ limit: 1 }),
    });
    const issue = issues.data.list[0]?.teb_id;
    // Without an issue the next call would go without teb_id and be refused (40001) for it.
    if (!issue) throw new Error('get_ebook_list answered no issue: the e-magazine has no demo content');
    const articles = await expectJson(base, {
      method: 'POST',
      path: '/api/ebook/ebookArticleList',
      headers: ZH,
      body: JSON.stringify({ teb_id: issue }),
    });
    const experts = await expectJson(base, {
      method: 'POST',
      path: '/api/protal/api/stationed/expertList',
      headers: API_HEADERS,
      body: JSON.stringify({ limit: 1 }),
    });
    const programmes = await expectJson(base, {
      method: 'POST',
      path: '/api/protal/api/cooperate/list',
      headers: API_HEADERS,
      body: JSON.stringify({}),
    });
    ids = {
      issue,
      article: articles.data.list[0]?.tea_id,
      expert: experts.data.list[0]?.user_id,
      programme: programmes.data.list[0]?.id,
    };
    if (!ids.issue || !ids.article || !ids.expert || !ids.programme)
      throw new Error(`demo content lacks a page to render: ${JSON.stringify(ids)}`);
    return ids;
  };
}

const TARGETS = {
  'journal-index': pageTarget({ what: 'GET /cn/journal/index', path: () => '/cn/journal/index' }),
  'journal-info': pageTarget({ what: 'GET /cn/journal/info/{id}', path: (ids) => `/cn/journal/info/${ids.issue}` }),
  'journal-article': pageTarget({
    what: 'GET /cn/journal/info/{id}?article={id}',
    path: (ids) => `/cn/journal/info/${ids.issue}?article=${ids.article}`,
  }),
  'stationed-index': pageTarget({ what: 'GET /cn/stationed/index', path: () => '/cn/stationed/index' }),
  'stationed-info': pageTarget({
    what: 'GET /cn/stationed/info/{id}/articles/new',
    path: (ids) => `/cn/stationed/info/${ids.expert}/articles/new`,
  }),
  userinfo: pageTarget({ what: 'GET /cn/userinfo (member only)', path: () => '/cn/userinfo', memberOnly: true }),
  'stationed-mvp': pageTarget({ what: 'GET /cn/stationed/mvp', path: () => '/cn/stationed/mvp', needsIds: false }),
  'cooperate-index': pageTarget({
    what: 'GET /cn/cooperate/index',
    path: () => '/cn/cooperate/index',
    needsIds: false,
  }),
  'cooperate-info': pageTarget({
    what: 'GET /cn/cooperate/info/{id}',
    path: (ids) => `/cn/cooperate/info/${ids.programme}`,
  }),
  about: pageTarget({ what: 'GET /cn/about', path: () => '/cn/about', needsIds: false }),
  'about-bare': pageTarget({ what: 'GET /cn/about?is_admin=1', path: () => '/cn/about?is_admin=1', needsIds: false }),
  search: pageTarget({
    what: 'GET /cn/search/对象存储',
    path: () => `/cn/search/${encodeURIComponent('对象存储')}`,
    needsIds: false,
  }),
};

await runContentBench({
  name: 'pages',
  targets: TARGETS,
  seedFlags: () => ({}),
  describe: (s) => `${s.db}: the demo content only`,
  context: () => ({ ids: idsOnce() }),
}).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
