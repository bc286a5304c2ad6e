import { sql, type RawBuilder } from 'kysely';
import type { QueryTerm } from './tokenizer';
import { RECENCY_DAYS } from './search-ranking';
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
    if ('any' in term) return `(${term.any.map(render).join(' | ')})`;
    return `(${term.all.map(render).join(' & ')})`;
  };
  return terms.map(render).join(' & ');
}

const DAY_MS = 86_400_000;

function matches(query: SearchQuery, withKinds: boolean): RawBuilder<unknown> {
  const tsquery = sql`${tsqueryLiteral(query.terms)}::tsquery`;
  const filters = [
    sql`d.tsv @@ ${tsquery}`,
    sql`d.site_id in (${query.siteId}, 0)`,
    sql`d.published_at <= ${query.now}`,
  ];
  if (!query.partner) filters.push(sql`d.audience = 0`);
  if (withKinds && query.kinds?.length) filters.push(sql`d.kind in (${sql.join(query.kinds.map((k) => sql`${k}`))})`);
  if (query.since !== undefined) filters.push(sql`d.published_at >= ${query.since}`);
  return sql`
    select d.id, d.kind, d.item_id, d.site_id, d.audience, d.parent_id, d.title, d.body, d.published_at,
           ts_rank(d.tsv, ${tsquery}, 1)::float8
             * (1.0 + 1.0 / (1.0 + greatest(${query.now}::bigint - d.published_at, 0) / ${sql.lit(DAY_MS * RECENCY_DAYS)}::float8)) as score
      from search_documents d
     where ${sql.join(filters, sql` and `)}`;
}

export const postgresSearchEngine: SearchEngine = {
  async put(executor, documents) {
    for (const doc of documents) {
      await executor
        .insertInto('search_documents')
        .values({
          ...(doc satisfies IndexedDocument),
          tsv: sql`${tsvectorLiteral(doc.title_tokens, doc.body_tokens)}::tsvector`,
        } as never)
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

  async search(executor, query) {
    const after = query.after
      ? sql`where score < ${query.after.score} or (score = ${query.after.score} and id < ${query.after.id})`
      : sql``;
    const { rows } = await sql<SearchHit>`
      select * from (${matches(query, true)}) m ${after}
       order by score desc, id desc limit ${query.limit}`.execute(executor);
    return rows.map((r) => ({ ...r, id: Number(r.id), published_at: Number(r.published_at), score: Number(r.score) }));
  },

  async counts(executor, query) {
    const { rows } = await sql<{ kind: SearchKind; n: string }>`
      select kind, count(*) as n from (${matches(query, false)}) m group by kind`.execute(executor);
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
  },
};
