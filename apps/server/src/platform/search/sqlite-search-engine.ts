import { sql, type RawBuilder } from 'kysely';
import type { QueryTerm } from './tokenizer';
import { RECENCY_DAYS, TITLE_WEIGHT } from './search-ranking';
import type { IndexedDocument, SearchEngine, SearchHit, SearchKind, SearchQuery } from './search-engine';

/** An FTS5 match expression: every token quoted (the table tokenises on spaces, keeping - + . # _). */
export function fts5Match(terms: readonly QueryTerm[]): string {
  const render = (term: QueryTerm): string => {
    if (typeof term === 'string') return `"${term.replaceAll('"', '""')}"`;
    if ('any' in term) return `(${term.any.map(render).join(' OR ')})`;
    return `(${term.all.map(render).join(' AND ')})`;
  };
  return terms.map(render).join(' AND ');
}

const DAY_MS = 86_400_000;

/** The matching rows that the searcher may see, with their score (SQLite: bm25 is lower for better). */
function matches(query: SearchQuery, withKinds: boolean): RawBuilder<unknown> {
  const filters = [sql`(d.site_id = ${query.siteId} or d.site_id = 0)`, sql`d.published_at <= ${query.now}`];
  if (!query.partner) filters.push(sql`d.audience = 0`);
  if (withKinds && query.kinds?.length) filters.push(sql`d.kind in (${sql.join(query.kinds.map((k) => sql`${k}`))})`);
  if (query.since !== undefined) filters.push(sql`d.published_at >= ${query.since}`);
  return sql`
    select d.*, -bm25(search_fts, ${sql.lit(TITLE_WEIGHT * 1.0)}, 1.0)
                * (1.0 + 1.0 / (1.0 + max(${query.now} - d.published_at, 0) / (${sql.lit(DAY_MS * RECENCY_DAYS)} * 1.0))) as score
      from search_fts join search_documents d on d.id = search_fts.rowid
     where search_fts match ${fts5Match(query.terms)} and ${sql.join(filters, sql` and `)}`;
}

export const sqliteSearchEngine: SearchEngine = {
  async put(executor, documents) {
    for (const doc of documents) {
      await executor
        .deleteFrom('search_documents')
        .where('kind', '=', doc.kind)
        .where('item_id', '=', doc.item_id)
        .execute();
      await executor
        .insertInto('search_documents')
        .values(doc satisfies IndexedDocument)
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

  async search(executor, query) {
    const after = query.after
      ? sql`where score < ${query.after.score} or (score = ${query.after.score} and id < ${query.after.id})`
      : sql``;
    const { rows } = await sql<SearchHit>`
      select id, kind, item_id, site_id, audience, parent_id, title, body, published_at, score
        from (${matches(query, true)}) m ${after}
       order by score desc, id desc limit ${query.limit}`.execute(executor);
    return rows;
  },

  async counts(executor, query) {
    const { rows } = await sql<{ kind: SearchKind; n: number }>`
      select kind, count(*) as n from (${matches(query, false)}) m group by kind`.execute(executor);
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
  },
};
