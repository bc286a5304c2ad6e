// Events benchmark (issue 18's bench line; see bench/README.md, "Events"): prints figures, not a test.
//
//   npm run build && node bench/events.mjs
//   node bench/events.mjs --only=eventList --duration=20 --warmup=10 [--db=postgres] [--cpu-prof] [--keep]
//   node bench/events.mjs --only=event-renders --ssr-cache=0 --as=member   (fresh renders with a member's session)
//
// A fresh DATA_DIR, on SQLite or (--db=postgres) a fresh PostgreSQL database with Redis: the demo
// content, then 20,000 events over both sites (most ended, some on, some taking sign-ups, some not
// yet; three in four offline in an area of the site's list; sign-ups on one in four), written by the
// server's bench-data CLI through the data layer. The production server (`npm start`'s Node flags)
// then takes, per target, a discarded warm-up and a measured autocannon run (10 connections, 20 s):
//   eventList            POST /api/activity/index {limit: 15}: the Chinese site's first page (siteData cookie)
//   eventList-paged      the same after ~200 real cursors, down to ~10,000 events deep
//   eventList-filtered   the busiest province and city, registering events (state 20)
//   event-renders        GET /cn/activity/info/{id} over 2,000 random events: (nearly) every answer a render
// Prints requests/s, p50/p99, the server's peak RSS, CPU ms per answer and PASS/FAIL against the
// issue's targets, and writes bench/results/events.json. Exit code 1 when the server does not start
// or requests fail.
import { API_HEADERS } from './lib/measure.mjs';
import { listTarget, pagedTarget, renderTarget, runContentBench, seconds } from './lib/content-bench.mjs';

const LIST = '/api/activity/index';
/** `/api/activity/…` has no site in its path: the browser's siteData cookie names the Chinese site. */
const HEADERS = { ...API_HEADERS, cookie: 'siteData=1' };

const TARGETS = {
  eventList: listTarget({
    what: `POST ${LIST} {limit: 15}, first page, Chinese site`,
    path: LIST,
    headers: HEADERS,
    body: { limit: 15 },
  }),
  'eventList-paged': pagedTarget({
    what: `POST ${LIST} {limit: 15, cursor} rotating ~200 real cursors`,
    path: LIST,
    headers: HEADERS,
  }),
  'eventList-filtered': listTarget({
    what: `POST ${LIST} {province, city, state: 20, limit: 15}: the busiest area's events taking sign-ups`,
    path: LIST,
    headers: HEADERS,
    body: (ctx) => ({ province: ctx.area.province, city: ctx.area.city, state: 20, limit: 15 }),
  }),
  'event-renders': renderTarget({
    what: 'GET /cn/activity/info/{id} over 2,000 random events of the Chinese site',
    page: (id) => `/cn/activity/info/${id}`,
    refs: (ctx) => ctx.events,
  }),
};

await runContentBench({
  name: 'events',
  targets: TARGETS,
  extraArgs: (args) => ({
    events: Number(args.events ?? 20_000),
    detailEvents: Number(args['detail-events'] ?? 2000),
  }),
  seedFlags: (opts) => ({ events: opts.events, detailEvents: opts.detailEvents }),
  describe: (s) =>
    `${s.db}: demo content + ${s.events.inserted.toLocaleString('en-US')} bulk events and ${s.events.signups.toLocaleString('en-US')} sign-ups in ${seconds(s.events.ms)} (seed total ${seconds(s.ms)}): ${Object.entries(
      s.events.perSite,
    )
      .map(([site, n]) => `site ${site}: ${n.toLocaleString('en-US')}`)
      .join(
        ', ',
      )}; busiest area ${s.eventFacts.busiestArea?.province} ${s.eventFacts.busiestArea?.city} (${s.eventFacts.busiestArea?.events} events)`,
  context: (s) => ({ area: s.eventFacts.busiestArea, events: s.eventFacts.random }),
}).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
