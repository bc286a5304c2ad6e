import { sql, type RawBuilder } from 'kysely';
import { SEARCH_KINDS } from '@portal/contracts/search';
import type { Executor } from '../../db/executor';
import type { QueryTerm } from './tokenizer';
import { RANKED_CANDIDATES, recencyBoost, TITLE_WEIGHT } from './search-ranking';
import type { IndexedDocument, SearchEngine, SearchHit, SearchKind, SearchQuery } from './search-engine';

/** An FTS5 match expression: every token quoted (the table tokenises on spaces, keeping - + . # _). */
export function fts5Match(terms: readonly QueryTerm[]): string {
  const render = (term: QueryTerm): string => {
    if (typeof term === 'string') return `"${term.replaceAll('"', '""')}"`;
    if ('prefix' in term) return `"${term.prefix.replaceAll('"', '""')}"*`;
    if ('any' in term) return `(${term.any.map(render).join(' OR ')})`;
    return `(${term.all.map(render).join(' AND ')})`;
  };
  return terms.map(render).join(' AND ');
}

/**
 * The key's terms and who may see what, as one FTS5 expression: the `facets` column holds each
 * document's kind, site and audience as tokens (migration 0035, decision 043), so the index itself
 * narrows the matches before any row is read.
 */
function matchExpression(query: SearchQuery, kinds: readonly SearchKind[] | undefined): string {
  const facets = [`facets : ("_s${query.siteId}" OR "_s0")`];
  if (!query.partner) facets.push('facets : "_a0"');
  if (kinds?.length) facets.push(`facets : (${kinds.map((k) => `"_k${k}"`).join(' OR ')})`);
  return `(${fts5Match(query.terms)}) AND ${facets.join(' AND ')}`;
}

/**
 * The recent tier (migration 0041, decision 047): the newest `keep` documents (50,000) are also in
 * `search_fts_recent`, where bm25's count of each phrase is short; the oldest leave it a fiftieth of
 * `keep` at a time.
 */
interface RecentTier {
  from_id: number;
  keep: number;
}

async function recentTier(executor: Executor): Promise<RecentTier> {
  const { rows } = await sql<RecentTier>`select from_id, keep from search_fts_recent_from`.execute(executor);
  return rows[0] ?? { from_id: Number.MAX_SAFE_INTEGER, keep: 0 };
}

/**
 * Moves the tier's start so that it holds the newest `keep` again, taking the older ones out of it
 * (a document's row still holds what the tier indexed: rows are only inserted and deleted, and the
 * triggers follow updates).
 */
async function evictFromRecent(executor: Executor): Promise<void> {
  const { rows } = await sql<RecentTier & { max_id: number | null }>`
    select from_id, keep, (select max(id) from search_documents) as max_id from search_fts_recent_from`.execute(
    executor,
  );
  const tier = rows[0];
  if (!tier || tier.max_id === null) return;
  const from = tier.max_id - tier.keep + 1;
  if (from - tier.from_id < Math.ceil(tier.keep / 50)) return;
  await sql`insert into search_fts_recent(search_fts_recent, rowid, title_tokens, body_tokens, facets)
    select 'delete', id, title_tokens, body_tokens, facets from search_fts_content
     where id >= ${tier.from_id} and id < ${from}`.execute(executor);
  await sql`update search_fts_recent_from set from_id = ${from}`.execute(executor);
}

/**
 * Fills the recent tier again from the documents, keeping the newest `keep` (by default as many as
 * it keeps now): after a rebuild, and in tests that need a tier holding some candidates only.
 */
export async function resetRecentTier(executor: Executor, keep?: number): Promise<void> {
  const kept = keep ?? (await recentTier(executor)).keep;
  await sql`update search_fts_recent_from
       set keep = ${kept}, from_id = coalesce((select max(id) from search_documents), 0) - ${kept} + 1`.execute(
    executor,
  );
  await sql`insert into search_fts_recent(search_fts_recent) values ('rebuild')`.execute(executor);
}

/** Documents per statement: 10 values each, under SQLite's limit of bound values. */
const PUT_BATCH = 500;

/** What the index cannot say: the publishing time (future items are hidden; the time filter). */
function timeFilters(query: SearchQuery): RawBuilder<unknown> {
  const filters = [sql`d.published_at <= ${query.now}`];
  if (query.since !== undefined) filters.push(sql`d.published_at >= ${query.since}`);
  return sql.join(filters, sql` and `);
}

interface Candidate {
  id: number;
  kind: SearchKind;
  published_at: number;
}

/**
 * The candidates (decision 043): the newest matches the searcher may see, walked backwards in the
 * index with the facets (no row read beyond them but the publishing time and kind), one more than
 * are ranked when the counts are to be taken from them.
 */
async function candidatesOf(executor: Executor, query: SearchQuery, limit: number): Promise<Candidate[]> {
  const { rows } = await sql<Candidate>`
    select search_fts.rowid as id, d.kind, d.published_at from search_fts join search_documents d indexed by search_documents_facts on d.id = search_fts.rowid
     where search_fts match ${matchExpression(query, query.kinds)} and ${timeFilters(query)}
     order by search_fts.rowid desc limit ${limit}`.execute(executor);
  return rows;
}

/** A candidate with its bm25 (higher is better). */
interface Ranked extends Candidate {
  bm: number;
}

/**
 * The candidates' bm25 over the key's terms alone (facets in a bm25 would make it count every
 * document of a site), from the oldest candidate on, in the recent tier when they all lie there
 * (decision 047: bm25 counts every document holding each phrase, a short count there and a long one
 * over a million); title ten times the body.
 */
async function ranked(executor: Executor, query: SearchQuery, candidates: Candidate[]): Promise<Ranked[]> {
  const oldest = candidates[candidates.length - 1]?.id;
  if (oldest === undefined) return [];
  const table = sql.raw(oldest >= (await recentTier(executor)).from_id ? 'search_fts_recent' : 'search_fts');
  const { rows } = await sql<{ id: number; bm: number }>`
    select rowid as id, ${bm25(table)} as bm
      from ${table} where ${table} match ${fts5Match(query.terms)} and rowid >= ${oldest}`.execute(executor);
  const bmOf = new Map(rows.map((r) => [r.id, r.bm]));
  return candidates.map((c) => ({ ...c, bm: bmOf.get(c.id) ?? 0 }));
}

const bm25 = (table: RawBuilder<unknown>) => sql`-bm25(${table}, ${sql.lit(TITLE_WEIGHT * 1.0)}, 1.0, 0.0)`;

/**
 * The all tab and the posts tab, first from the recent tier alone (decision 047): its newest matches
 * the searcher may see, each look-up answered by `search_documents_facts`, scored as they are walked.
 * When the tier holds `limit` of them, they are the candidates; else (a rarer key) null, and the
 * whole index is asked. Other kinds are rare among the newest documents: their tabs ask the index.
 */
async function rankedInTier(executor: Executor, query: SearchQuery, limit: number): Promise<Ranked[] | null> {
  if (query.kinds && !(query.kinds.length === 1 && query.kinds[0] === 'post')) return null;
  const filters = [timeFilters(query), sql`d.site_id in (${query.siteId}, 0)`];
  if (!query.partner) filters.push(sql`d.audience = 0`);
  if (query.kinds) filters.push(sql`d.kind = 'post'`);
  const table = sql.raw('search_fts_recent');
  const { rows } = await sql<Ranked>`
    select t.rowid as id, d.kind, d.published_at, ${bm25(table)} as bm
      from search_fts_recent t join search_documents d indexed by search_documents_facts on d.id = t.rowid
     where search_fts_recent match ${fts5Match(query.terms)} and ${sql.join(filters, sql` and `)}
     order by t.rowid desc limit ${limit}`.execute(executor);
  return rows.length === limit ? rows : null;
}

/** A page of the ranked candidates, best first: bm25 times the recency boost; only its rows are read. */
async function pageOf(executor: Executor, query: SearchQuery, candidates: readonly Ranked[]): Promise<SearchHit[]> {
  const after = query.after;
  const page = candidates
    .map((c) => ({ id: c.id, score: c.bm * recencyBoost(query.now, c.published_at) }))
    .filter((c) => !after || c.score < after.score || (c.score === after.score && c.id < after.id))
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, query.limit);
  if (page.length === 0) return [];
  const rows = await executor
    .selectFrom('search_documents')
    .select(['id', 'kind', 'item_id', 'site_id', 'audience', 'parent_id', 'title', 'body', 'published_at'])
    .where(
      'id',
      'in',
      page.map((c) => c.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return page.flatMap((c) => {
    const row = byId.get(c.id);
    return row ? [{ ...row, kind: row.kind as SearchKind, score: c.score }] : [];
  });
}

/** Counts stop here: past `RANKED_CANDIDATES` a tab says "1000+". */
const COUNT_CAP = RANKED_CANDIDATES + 1;

/** A kind's count so far, and where counting it goes on. */
interface CountFrom {
  kind: SearchKind;
  have: number;
  /** Past this index row, from the newest match, or nowhere (every match is counted). */
  next: number | 'newest' | 'done';
}

/**
 * One capped count per kind, each an intersection inside the index (kind in the facets), going on
 * from what the candidates already counted.
 */
async function countKinds(
  executor: Executor,
  query: SearchQuery,
  from: readonly CountFrom[],
): Promise<Partial<Record<SearchKind, number>>> {
  const open = from.filter((c) => c.next !== 'done' && c.have < COUNT_CAP);
  const counts: Partial<Record<SearchKind, number>> = {};
  for (const c of from) if (c.have > 0) counts[c.kind] = c.have;
  if (open.length === 0) return counts;
  const perKind = open.map(
    (c) => sql`select ${c.kind} as kind, count(*) as n from (
        select 1 from search_fts join search_documents d indexed by search_documents_facts on d.id = search_fts.rowid
         where search_fts match ${matchExpression(query, [c.kind])} and ${timeFilters(query)}
           ${typeof c.next === 'number' ? sql`and search_fts.rowid < ${c.next}` : sql``}
         limit ${COUNT_CAP - c.have})`,
  );
  const { rows } = await sql<{ kind: SearchKind; n: number }>`${sql.join(perKind, sql` union all `)}`.execute(executor);
  for (const r of rows) {
    const n = (counts[r.kind] ?? 0) + Number(r.n);
    if (n > 0) counts[r.kind] = n;
  }
  return counts;
}

/**
 * What the candidates (fetched up to `COUNT_CAP`) say of the counts: every kind they were walked for
 * has its count so far, and is counted on only past the oldest of them when they filled the fetch.
 */
function countsFrom(query: SearchQuery, fetched: readonly Candidate[]): CountFrom[] {
  const found: Partial<Record<SearchKind, number>> = {};
  for (const c of fetched) found[c.kind] = (found[c.kind] ?? 0) + 1;
  const next = fetched.length < COUNT_CAP ? 'done' : fetched[fetched.length - 1]!.id;
  return SEARCH_KINDS.map((kind) =>
    query.kinds && !query.kinds.includes(kind)
      ? { kind, have: 0, next: 'newest' }
      : { kind, have: found[kind] ?? 0, next },
  );
}

export const sqliteSearchEngine: SearchEngine = {
  async put(executor, documents) {
    // A rebuild writes 500 at a time: one delete and one insert per batch, not per document.
    for (let from = 0; from < documents.length; from += PUT_BATCH) {
      const batch = documents.slice(from, from + PUT_BATCH);
      for (const kind of new Set(batch.map((d) => d.kind))) {
        const ids = batch.filter((d) => d.kind === kind).map((d) => d.item_id);
        await executor.deleteFrom('search_documents').where('kind', '=', kind).where('item_id', 'in', ids).execute();
      }
      await executor
        .insertInto('search_documents')
        .values(batch.map((doc) => doc satisfies IndexedDocument))
        .execute();
    }
    await evictFromRecent(executor);
  },

  async remove(executor, kind, itemIds) {
    if (itemIds.length === 0) return;
    await executor.deleteFrom('search_documents').where('kind', '=', kind).where('item_id', 'in', itemIds).execute();
  },

  async clear(executor, kind) {
    if (kind) await executor.deleteFrom('search_documents').where('kind', '=', kind).execute();
    else await executor.deleteFrom('search_documents').execute();
  },

  async prepareRebuild(executor) {
    // Every document is written again: the recent tier is emptied and set past every id, so the
    // writes skip it (searches meanwhile rank on the whole index); optimize fills it once at the end.
    await sql`update search_fts_recent_from set from_id = ${Number.MAX_SAFE_INTEGER}`.execute(executor);
    await sql`insert into search_fts_recent(search_fts_recent) values ('delete-all')`.execute(executor);
  },

  async optimize(executor) {
    // A rebuild leaves the index in many segments, each read by every query: merged into one.
    await sql`insert into search_fts(search_fts) values ('optimize')`.execute(executor);
    await resetRecentTier(executor);
  },

  async search(executor, query) {
    const candidates =
      (await rankedInTier(executor, query, RANKED_CANDIDATES)) ??
      (await ranked(executor, query, await candidatesOf(executor, query, RANKED_CANDIDATES)));
    return pageOf(executor, query, candidates);
  },

  async find(executor, query) {
    // The candidates fetched one past the ranked ones also count the kinds they settle: a key in a
    // hundred thousand posts walks the index once for both (decision 047).
    const inTier = await rankedInTier(executor, query, COUNT_CAP);
    const fetched = inTier ?? (await candidatesOf(executor, query, COUNT_CAP));
    const hits = await pageOf(
      executor,
      query,
      inTier?.slice(0, RANKED_CANDIDATES) ?? (await ranked(executor, query, fetched.slice(0, RANKED_CANDIDATES))),
    );
    return { hits, counts: await countKinds(executor, query, countsFrom(query, fetched)) };
  },
};
