import { sql, type RawBuilder } from 'kysely';
import { SEARCH_KINDS } from '@portal/contracts/search';
import type { QueryTerm } from './tokenizer';
import { RANKED_CANDIDATES, RECENCY_DAYS, TITLE_WEIGHT } from './search-ranking';
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

const DAY_MS = 86_400_000;
/** Documents per statement: 10 values each, under SQLite's limit of bound values. */
const PUT_BATCH = 500;

/** What the index cannot say: the publishing time (future items are hidden; the time filter). */
function timeFilters(query: SearchQuery): RawBuilder<unknown> {
  const filters = [sql`d.published_at <= ${query.now}`];
  if (query.since !== undefined) filters.push(sql`d.published_at >= ${query.since}`);
  return sql.join(filters, sql` and `);
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
  },

  async remove(executor, kind, itemIds) {
    if (itemIds.length === 0) return;
    await executor.deleteFrom('search_documents').where('kind', '=', kind).where('item_id', 'in', itemIds).execute();
  },

  async clear(executor, kind) {
    if (kind) await executor.deleteFrom('search_documents').where('kind', '=', kind).execute();
    else await executor.deleteFrom('search_documents').execute();
  },

  async optimize(executor) {
    // A rebuild leaves the index in many segments, each read by every query: merged into one.
    await sql`insert into search_fts(search_fts) values ('optimize')`.execute(executor);
  },

  async search(executor, query) {
    const after = query.after
      ? sql`where score < ${query.after.score} or (score = ${query.after.score} and id < ${query.after.id})`
      : sql``;
    // Two steps (decision 043). The candidates: the newest matches the searcher may see, walked
    // backwards in the index with the facets (no row read beyond them). Then bm25 over the key's
    // terms alone (facets in a bm25 would make it count every document of a site), from the oldest
    // candidate on, title ten times the body, times the recency boost; only candidates are kept.
    const { rows } = await sql<SearchHit>`
      with candidates as (
        select search_fts.rowid as id from search_fts join search_documents d on d.id = search_fts.rowid
         where search_fts match ${matchExpression(query, query.kinds)} and ${timeFilters(query)}
         order by search_fts.rowid desc limit ${RANKED_CANDIDATES})
      select id, kind, item_id, site_id, audience, parent_id, title, body, published_at, score from (
        select d.*, -bm25(search_fts, ${sql.lit(TITLE_WEIGHT * 1.0)}, 1.0, 0.0)
                    * (1.0 + 1.0 / (1.0 + max(${query.now} - d.published_at, 0) / (${sql.lit(DAY_MS * RECENCY_DAYS)} * 1.0))) as score
          from search_fts join search_documents d on d.id = search_fts.rowid
         where search_fts match ${fts5Match(query.terms)}
           and search_fts.rowid >= (select min(id) from candidates)
           and d.id in (select id from candidates)
      ) m ${after}
       order by score desc, id desc limit ${query.limit}`.execute(executor);
    return rows;
  },

  async counts(executor, query) {
    // One capped count per kind, each an intersection inside the index (kind in the facets).
    const perKind = SEARCH_KINDS.map(
      (kind) => sql`select ${kind} as kind, count(*) as n from (
          select 1 from search_fts join search_documents d on d.id = search_fts.rowid
           where search_fts match ${matchExpression(query, [kind])} and ${timeFilters(query)}
           limit ${RANKED_CANDIDATES + 1})`,
    );
    const { rows } = await sql<{ kind: SearchKind; n: number }>`${sql.join(perKind, sql` union all `)}`.execute(
      executor,
    );
    return Object.fromEntries(rows.filter((r) => Number(r.n) > 0).map((r) => [r.kind, Number(r.n)]));
  },
};
