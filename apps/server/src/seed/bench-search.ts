import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Dialect } from '../db/database';
import { rebuildSearch, type RebuildProgress } from '../platform/search/search-index';
import { SEARCH_SOURCES } from '../search-sources';

/**
 * The search benchmark's index (bench/search.mjs, through cli/bench-data.ts): the whole index
 * rebuilt by `npm run search:reindex`'s own path (`rebuildSearch` over every source), timed, then
 * what it holds and what it weighs on disk.
 */

export interface SearchIndexSize {
  /** The full-text index itself: SQLite's FTS5 shadow tables, PostgreSQL's `search_terms` with its GIN index. */
  indexBytes: number;
  /** The documents table with its other indexes (plain text for snippets, the tokens, on PostgreSQL the tsvector). */
  documentsBytes: number;
  totalBytes: number;
}

export interface SearchIndexBuild {
  ms: number;
  /** Findable items per kind after the rebuild. */
  documents: Record<string, number>;
  size: SearchIndexSize;
}

/** What the search tables weigh: SQLite's pages by dbstat, PostgreSQL's relation sizes. */
export async function searchIndexSize(db: Kysely<DB>, dialect: Dialect): Promise<SearchIndexSize> {
  if (dialect === 'postgres') {
    // The narrow table of terms with its GIN index (decision 046), and the documents with the
    // positional tsvector ts_rank reads.
    const { rows } = await sql<{ index_bytes: string; documents_bytes: string }>`
      select pg_total_relation_size('search_terms') as index_bytes,
             pg_total_relation_size('search_documents') as documents_bytes`.execute(db);
    const indexBytes = Number(rows[0]!.index_bytes);
    const documentsBytes = Number(rows[0]!.documents_bytes);
    return { indexBytes, documentsBytes, totalBytes: indexBytes + documentsBytes };
  }
  const { rows } = await sql<{ name: string; bytes: number }>`
    select name, sum(pgsize) as bytes from dbstat
     where name like 'search_fts%' or name like 'search_documents%' or name like 'sqlite_autoindex_search%'
     group by name`.execute(db);
  let indexBytes = 0;
  let documentsBytes = 0;
  for (const r of rows) {
    if (r.name.startsWith('search_fts')) indexBytes += Number(r.bytes);
    else documentsBytes += Number(r.bytes);
  }
  return { indexBytes, documentsBytes, totalBytes: indexBytes + documentsBytes };
}

/** Rebuilds the index from every source as `npm run search:reindex` does, and measures it. */
export async function buildBenchSearchIndex(
  db: Kysely<DB>,
  dialect: Dialect,
  onProgress?: (progress: RebuildProgress) => void,
): Promise<SearchIndexBuild> {
  const started = performance.now();
  await rebuildSearch(db, SEARCH_SOURCES, onProgress);
  const ms = Math.round(performance.now() - started);
  const counts = await db
    .selectFrom('search_documents')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  return {
    ms,
    documents: Object.fromEntries(counts.map((c) => [c.kind, Number(c.n)])),
    size: await searchIndexSize(db, dialect),
  };
}
