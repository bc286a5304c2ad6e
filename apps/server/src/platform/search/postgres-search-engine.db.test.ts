import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_KINDS } from '@portal/contracts/search';
import { createTestApp, testDb, type TestApp } from '../../../test/test-app';
import { PREPARED } from '../../db/prepared';
import { seededRandom } from '../../seed/seeded-random';
import {
  findMatches,
  newestMatches,
  postgresSearchEngine,
  tsqueryLiteral,
  type Newest,
  type NewestOptions,
} from './postgres-search-engine';
import type { SearchKind, SearchQuery } from './search-engine';
import { indexedDocument } from './search-index';
import { queryTerms } from './tokenizer';

// PostgreSQL finds a search's newest matches along several paths (decision 046): a walk of the
// site's rows newest first, the GIN index, and a walk cut short whose rest comes from the index; the
// counts go on from the walk or ask the index per kind. Every path must find what the plain
// statement of decision 043 finds: the newest 1,001 visible matches, and each kind counted to 1,001.

let t: TestApp;
const NOW = Date.UTC(2026, 10, 27);
const DAY = 86_400_000;

beforeAll(async () => {
  if (testDb !== 'postgres') return;
  t = await createTestApp();
  const random = seededRandom(46);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = ['ceph', 'snapshot', '存储', '分布式', 'nvme-of', 'tiering'];
  const docs = [];
  // Mostly posts, some of every kind; sites 1, 2 and 0 (members); a few partner-only; a few not
  // published yet; in random order of kinds, so the newest rows mix them.
  for (let i = 0; i < 2400; i++) {
    const kind: SearchKind = random() < 0.9 ? 'post' : pick(SEARCH_KINDS);
    const text = Array.from({ length: 4 }, () => pick(words)).join(' ');
    docs.push(
      indexedDocument({
        kind,
        item_id: 10_000 + i,
        site_id: kind === 'member' ? 0 : pick([1, 1, 2]),
        audience: random() < 0.05 ? 1 : 0,
        parent_id: 0,
        title: i % 7 === 0 ? `${text} zettabyte` : text,
        body: `${pick(words)} ${pick(words)} and more about ${pick(words)}`,
        published_at: NOW - Math.floor(random() * 400 * DAY) + (random() < 0.02 ? 30 * DAY : 0),
      }),
    );
  }
  // exabyte: a few older events, then more posts than a search walks for its counts, so the walk
  // alone settles the posts at 1,001 and the events are counted in the other kinds' index.
  for (let i = 0; i < 1_100; i++) {
    const kind: SearchKind = i < 30 ? 'event' : 'post';
    docs.push(
      indexedDocument({
        kind,
        item_id: 20_000 + i,
        site_id: 1,
        audience: 0,
        parent_id: 0,
        title: `exabyte ${pick(words)}`,
        body: pick(words),
        published_at: NOW - DAY,
      }),
    );
  }
  // petabyte: more matches than a search walks, few of them posts: the other kinds go on walking
  // and the posts are counted in the terms' index.
  for (let i = 0; i < 1_100; i++) {
    const kind: SearchKind = i % 20 === 0 ? 'post' : pick(SEARCH_KINDS.filter((k) => k !== 'post'));
    docs.push(
      indexedDocument({
        kind,
        item_id: 30_000 + i,
        site_id: kind === 'member' ? 0 : 1,
        audience: 0,
        parent_id: 0,
        title: `petabyte ${pick(words)}`,
        body: pick(words),
        published_at: NOW - 2 * DAY,
      }),
    );
  }
  await postgresSearchEngine.put(t.database.db, docs);
  await postgresSearchEngine.optimize(t.database.db);
});
afterAll(async () => t?.close());

function queryOf(key: string, extra: Partial<SearchQuery> = {}): SearchQuery {
  return { siteId: 1, terms: queryTerms(key), partner: false, now: NOW, limit: 20, ...extra };
}

interface Candidate {
  id: number;
  kind: SearchKind;
  score: number;
}

/** The newest matches by the one plain statement of decision 043, with their scores. */
async function reference(query: SearchQuery, kinds?: readonly SearchKind[]): Promise<Candidate[]> {
  const { rows } = await sql<{ id: number; kind: SearchKind; score: number }>`
    select t.id, t.kind, ts_rank(t.tsv, ${tsqueryLiteral(query.terms)}::tsquery, 1)::float8
             * (1.0 + 1.0 / (1.0 + greatest(${query.now}::bigint - t.published_at, 0) / ${90 * DAY}::float8)) as score
      from search_terms t
     where t.tsv @@ ${tsqueryLiteral(query.terms)}::tsquery and t.site_id in (${query.siteId}, 0)
       and (t.audience = 0 or ${query.partner}) and t.published_at <= ${query.now}
       and (${query.since ?? null}::bigint is null or t.published_at >= ${query.since ?? null}::bigint)
       and (${kinds?.length ? sql`t.kind in (${sql.join(kinds.map((k) => sql`${k}`))})` : sql`true`})
     order by t.id desc limit 1001`.execute(t.database.db);
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, score: Number(r.score) }));
}

const cases: Array<[string, Partial<SearchQuery>, SearchKind[]?]> = [
  ['存储', {}],
  ['ceph 分布式', {}],
  ['snapshot', { partner: true }],
  ['nvme-of tiering', { siteId: 2 }],
  ['存储', { since: NOW - 100 * DAY }],
  ['ceph', {}, ['event', 'member']],
  ['zettabyte', {}],
  ['zettabyte ceph', { partner: true, siteId: 2 }],
  ['exabyte', {}],
  ['petabyte', {}],
];

/** What `newestMatches` sums up of the candidates, from the plain statement's. */
function summed(candidates: Candidate[], query: SearchQuery) {
  const kinds: Record<string, number> = {};
  for (const c of candidates) kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
  const after = query.after;
  const page = candidates
    .slice(0, 1000)
    .filter((c) => !after || c.score < after.score || (c.score === after.score && c.id < after.id))
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, query.limit)
    .map((c) => [c.id, c.score]);
  return { found: candidates.length, last: candidates.at(-1)?.id ?? 0, kinds, page };
}

function summedOf(newest: Newest) {
  return { ...newest, page: newest.page.map((hit) => [hit.id, hit.score]) };
}

describe.runIf(testDb === 'postgres')('search on PostgreSQL: every path finds the same matches', () => {
  it('the walk, the walk cut short and the GIN index find the newest matches of the plain statement', async () => {
    const paths: NewestOptions[] = [
      { path: 'walk' },
      { path: 'walk', span: 300 },
      { path: 'walk', span: 0 },
      { path: 'index' },
    ];
    for (const [key, extra, kinds] of cases) {
      const query = queryOf(key, extra);
      const expected = await reference(query, kinds);
      expect(expected.length, key).toBeGreaterThan(0);
      const middle = expected[Math.floor(expected.length / 2)]!;
      const paged = { ...query, after: { score: middle.score, id: middle.id } };
      for (const options of paths) {
        const label = `${key} ${JSON.stringify(options)}`;
        expect(summedOf(await newestMatches(t.database.db, query, kinds, options)), label).toEqual(
          summed(expected, query),
        );
        expect(summedOf(await newestMatches(t.database.db, paged, kinds, options)), `${label} paged`).toEqual(
          summed(expected, paged),
        );
        const older = middle.id;
        expect(
          summedOf(await newestMatches(t.database.db, query, kinds, { ...options, before: older, limit: 50 })),
          `${label} before ${older}`,
        ).toEqual(summed(expected.filter((c) => c.id < older).slice(0, 50), query));
      }
    }
  });

  it('counts every kind up to 1,001, whether the walk settles it, goes on for it or the index counts it', async () => {
    // 存储 has more matches than are walked, posts the most common kind among them but short of 1,001.
    const walked = await reference(queryOf('存储'));
    expect(walked.length).toBe(1001);
    expect(walked.filter((c) => c.kind === 'post').length).toBeGreaterThan(100);
    expect(walked.filter((c) => c.kind === 'post').length).toBeLessThan(1001);
    for (const [key, extra] of cases) {
      const query = queryOf(key, extra);
      const { rows } = await sql<{ kind: SearchKind; n: string }>`
        select t.kind, least(count(*), 1001) as n from search_terms t
         where t.tsv @@ ${tsqueryLiteral(query.terms)}::tsquery and t.site_id in (${query.siteId}, 0)
           and (t.audience = 0 or ${query.partner}) and t.published_at <= ${query.now}
           and (${query.since ?? null}::bigint is null or t.published_at >= ${query.since ?? null}::bigint)
         group by t.kind`.execute(t.database.db);
      const expected = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
      expect((await postgresSearchEngine.find(t.database.db, query)).counts, key).toEqual(expected);
      for (const path of ['walk', 'index'] as const) {
        expect((await findMatches(t.database.db, query, path)).counts, `${key} ${path}`).toEqual(expected);
      }
    }
  });

  it('pages by (score, id) over the newest 1,000 matches without repeats or gaps', async () => {
    const query = queryOf('存储');
    const expected = (await reference(query))
      .slice(0, 1000)
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .map((c) => c.id);
    const seen: number[] = [];
    let after: SearchQuery['after'];
    for (;;) {
      const page = await postgresSearchEngine.search(t.database.db, { ...queryOf('存储'), after, limit: 97 });
      if (page.length === 0) break;
      seen.push(...page.map((hit) => hit.id));
      const last = page[page.length - 1]!;
      after = { score: last.score, id: last.id };
    }
    expect(seen).toEqual(expected);
  });

  it('keeps one row of terms per document when a write moves it to another site or audience', async () => {
    const db = t.database.db;
    const doc = (siteId: number, audience: number) =>
      indexedDocument({
        kind: 'event',
        item_id: 77_000,
        site_id: siteId,
        audience,
        parent_id: 0,
        title: 'Yottabyte roadmap',
        body: 'yottabyte',
        published_at: NOW - DAY,
      });
    for (const [siteId, audience] of [
      [1, 0],
      [2, 0],
      [2, 1],
      [1, 0],
    ] as const) {
      await postgresSearchEngine.put(db, [doc(siteId, audience)]);
      const { rows } = await sql<{ site_id: number; audience: number; facets: string }>`
        select t.site_id, t.audience, t.facets::text as facets from search_terms t
          join search_documents d on d.id = t.id where d.kind = 'event' and d.item_id = 77000`.execute(db);
      expect(rows).toEqual([{ site_id: siteId, audience, facets: `'_a${audience}' '_kevent' '_s${siteId}'` }]);
    }
    await postgresSearchEngine.remove(db, 'event', [77_000]);
    const left = await sql<{ n: string }>`
      select count(*) as n from search_terms t where t.tsv @@ 'yottabyte'::tsquery`.execute(db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it("prepares the walk's statement once per connection and keeps its generic plan (decision 051)", async () => {
    await t.database.db.transaction().execute(async (trx) => {
      const prepared = async () =>
        (
          await sql<{ name: string; statement: string; generic_plans: string; runs: string }>`
            select name, statement, generic_plans, generic_plans + custom_plans as runs
              from pg_prepared_statements where statement like '%as others%'`.execute(trx)
        ).rows;
      const before = new Map((await prepared()).map((r) => [r.name, Number(r.runs)]));
      const query = queryOf('exabyte');
      const first = await findMatches(trx, query, 'walk');
      expect(first.counts).toMatchObject({ post: 1001, event: 30 });
      for (let i = 0; i < 7; i++) expect(await findMatches(trx, query, 'walk')).toEqual(first);
      const ran = (await prepared()).filter((r) => Number(r.runs) - (before.get(r.name) ?? 0) === 8);
      expect(ran).toHaveLength(1);
      expect(ran[0]!.statement.startsWith(PREPARED)).toBe(true);
      expect(Number(ran[0]!.generic_plans)).toBeGreaterThan(0);
    });
  });
});
