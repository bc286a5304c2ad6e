import { sql, type RawBuilder } from 'kysely';
import type { QueryTerm } from './tokenizer';
import { SEARCH_KINDS } from '@portal/contracts/search';
import { RANKED_CANDIDATES, RECENCY_DAYS } from './search-ranking';
import type { IndexedDocument, SearchEngine, SearchHit, SearchKind, SearchQuery } from './search-engine';

/** PostgreSQL keeps at most 256 positions of a lexeme, and none past 16383. */
const MAX_POSITIONS = 256;
const MAX_POSITION = 16_383;

function quote(token: string): string {
  return `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * The tsvector literal of a document's tokens, with positions and weights: title A, body D, so
 * ts_rank's default weights (1.0 against 0.1) give the title ten times the body, as bm25 does on
 * SQLite. The literal is cast, never parsed by a text-search configuration: the tokens stay as made.
 */
export function tsvectorLiteral(titleTokens: string, bodyTokens: string): string {
  const positions = new Map<string, string[]>();
  let at = 0;
  const add = (tokens: string, weight: string) => {
    for (const token of tokens.split(' ')) {
      if (!token) continue;
      at = Math.min(at + 1, MAX_POSITION);
      const list = positions.get(token) ?? [];
      if (list.length < MAX_POSITIONS) list.push(`${at}${weight}`);
      positions.set(token, list);
    }
  };
  add(titleTokens, 'A');
  add(bodyTokens, '');
  return [...positions].map(([token, list]) => `${quote(token)}:${list.join(',')}`).join(' ');
}

/** A tsquery literal: every token quoted, & and | with parentheses. */
export function tsqueryLiteral(terms: readonly QueryTerm[]): string {
  const render = (term: QueryTerm): string => {
    if (typeof term === 'string') return quote(term);
    if ('prefix' in term) return `${quote(term.prefix)}:*`;
    if ('any' in term) return `(${term.any.map(render).join(' | ')})`;
    return `(${term.all.map(render).join(' & ')})`;
  };
  return terms.map(render).join(' & ');
}

const DAY_MS = 86_400_000;
/** Documents per statement: 11 values each, under PostgreSQL's 65,535 bound values. */
const PUT_BATCH = 500;

/** The rows that match and that the searcher may see. */
function filters(query: SearchQuery, kinds: readonly SearchKind[] | undefined): RawBuilder<unknown> {
  const tsquery = sql`${tsqueryLiteral(query.terms)}::tsquery`;
  const list = [sql`d.tsv @@ ${tsquery}`, sql`d.site_id in (${query.siteId}, 0)`, sql`d.published_at <= ${query.now}`];
  if (!query.partner) list.push(sql`d.audience = 0`);
  if (kinds?.length) list.push(sql`d.kind in (${sql.join(kinds.map((k) => sql`${k}`))})`);
  if (query.since !== undefined) list.push(sql`d.published_at >= ${query.since}`);
  return sql.join(list, sql` and `);
}

export const postgresSearchEngine: SearchEngine = {
  async put(executor, documents) {
    // A rebuild writes 500 at a time: one statement per batch, not per document.
    for (let from = 0; from < documents.length; from += PUT_BATCH) {
      const batch = documents.slice(from, from + PUT_BATCH);
      await executor
        .insertInto('search_documents')
        .values(
          batch.map(
            (doc) =>
              ({
                ...(doc satisfies IndexedDocument),
                tsv: sql`${tsvectorLiteral(doc.title_tokens, doc.body_tokens)}::tsvector`,
              }) as never,
          ),
        )
        .onConflict((oc) =>
          oc.columns(['kind', 'item_id']).doUpdateSet(
            (eb) =>
              ({
                site_id: eb.ref('excluded.site_id'),
                audience: eb.ref('excluded.audience'),
                parent_id: eb.ref('excluded.parent_id'),
                title: eb.ref('excluded.title'),
                body: eb.ref('excluded.body'),
                title_tokens: eb.ref('excluded.title_tokens'),
                body_tokens: eb.ref('excluded.body_tokens'),
                published_at: eb.ref('excluded.published_at'),
                tsv: sql`excluded.tsv`,
              }) as never,
          ),
        )
        .execute();
    }
  },

  async remove(executor, kind, itemIds) {
    if (itemIds.length === 0) return;
    await executor.deleteFrom('search_documents').where('kind', '=', kind).where('item_id', 'in', itemIds).execute();
  },

  async clear(executor, kind) {
    const query = executor.deleteFrom('search_documents');
    await (kind ? query.where('kind', '=', kind) : query).execute();
  },

  async optimize(executor) {
    // The planner's statistics of the new rows (how common each token is), before autovacuum's.
    await sql`analyze search_documents`.execute(executor);
  },

  async search(executor, query) {
    const after = query.after
      ? sql`where score < ${query.after.score} or (score = ${query.after.score} and id < ${query.after.id})`
      : sql``;
    // The newest matches the searcher may see (decision 043), then ranked: ts_rank (title A, body
    // D) times the recency boost, computed for those rows only.
    const { rows } = await sql<SearchHit>`
      select * from (
        select c.id, c.kind, c.item_id, c.site_id, c.audience, c.parent_id, c.title, c.body, c.published_at,
               ts_rank(c.tsv, ${tsqueryLiteral(query.terms)}::tsquery, 1)::float8
                 * (1.0 + 1.0 / (1.0 + greatest(${query.now}::bigint - c.published_at, 0) / ${sql.lit(DAY_MS * RECENCY_DAYS)}::float8)) as score
          from (select d.* from search_documents d where ${filters(query, query.kinds)}
                 order by d.id desc limit ${RANKED_CANDIDATES}) c
      ) m ${after}
       order by score desc, id desc limit ${query.limit}`.execute(executor);
    return rows.map((r) => ({ ...r, id: Number(r.id), published_at: Number(r.published_at), score: Number(r.score) }));
  },

  async counts(executor, query) {
    // One capped count per kind: a word in hundreds of thousands of rows stops at the cap.
    const perKind = SEARCH_KINDS.map(
      (kind) => sql`select ${kind}::text as kind, (select count(*) from (
          select 1 from search_documents d where ${filters(query, [kind])} limit ${RANKED_CANDIDATES + 1}) x) as n`,
    );
    const { rows } = await sql<{ kind: SearchKind; n: string }>`${sql.join(perKind, sql` union all `)}`.execute(
      executor,
    );
    return Object.fromEntries(rows.filter((r) => Number(r.n) > 0).map((r) => [r.kind, Number(r.n)]));
  },

  async find(executor, query) {
    const [hits, counts] = await Promise.all([this.search(executor, query), this.counts(executor, query)]);
    return { hits, counts };
  },
};
