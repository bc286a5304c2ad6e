import { PostgresAdapter } from 'kysely';
import type { Executor } from '../../db/executor';
import { postgresSearchEngine } from './postgres-search-engine';
import { sqliteSearchEngine } from './sqlite-search-engine';
import type { QueryTerm } from './tokenizer';
import type { SearchKind } from '@portal/contracts/search';

export type { SearchKind };

/** What the index keeps of an item that anyone allowed may find (plain text, never HTML). */
export interface SearchDocument {
  kind: SearchKind;
  item_id: number;
  /** 0: found on every site (members). */
  site_id: number;
  /** 0 everyone, 1 partners only. */
  audience: number;
  /** The item this one belongs to (an e-magazine article's issue); 0 otherwise. */
  parent_id: number;
  title: string;
  body: string;
  published_at: number;
}

/** A document as the index holds it, with the tokens the tokeniser made. */
export interface IndexedDocument extends SearchDocument {
  title_tokens: string;
  body_tokens: string;
}

export interface SearchQuery {
  siteId: number;
  /** All must match (tokenizer.ts: `queryTerms`, `expandSynonyms`); never empty. */
  terms: readonly QueryTerm[];
  kinds?: readonly SearchKind[];
  /** Only items published at or after this time (ms). */
  since?: number;
  /** Whether partner-only items may be found. */
  partner: boolean;
  /** The time recency is measured from; a cursor keeps the first page's, so scores stay comparable. */
  now: number;
  /** The previous page's last hit. */
  after?: { score: number; id: number };
  limit: number;
}

export interface SearchHit extends SearchDocument {
  /** The index row's id: breaks ties of the score in keyset paging. */
  id: number;
  /** Higher is better: the text rank (title weighs ten times the body) times a recency boost. */
  score: number;
}

/**
 * One search engine behind the features (decision 039): the index writes run on the caller's
 * executor, inside the transaction of the write they follow, and the reads rank, filter and page.
 * SQLite (FTS5, bm25) and PostgreSQL (tsvector, ts_rank) implement it over the same tokens; a
 * dedicated search server could too, fed from the same `SearchSource`s by `search:reindex` and the
 * same calls (then outside the database's transaction, which the interface does not promise away).
 */
export interface SearchEngine {
  /** Writes the documents, each replacing the item's earlier one. */
  put(executor: Executor, documents: readonly IndexedDocument[]): Promise<void>;
  /** Forgets the items (no error when an item had no row). */
  remove(executor: Executor, kind: SearchKind, itemIds: readonly number[]): Promise<void>;
  /** Forgets every item of a kind, or everything (`search:reindex`). */
  clear(executor: Executor, kind?: SearchKind): Promise<void>;
  /**
   * Before a rebuild (`search:reindex`): what the engine keeps beside the index for reading may be
   * set aside until `optimize` (SQLite: the recent tier, decision 047; PostgreSQL: nothing).
   */
  prepareRebuild(executor: Executor): Promise<void>;
  /** After a rebuild: the index compacted for reading (SQLite: FTS5 optimize; PostgreSQL: analyze). */
  optimize(executor: Executor): Promise<void>;
  /** A page of hits, best first, keyset by (score, id). */
  search(executor: Executor, query: SearchQuery): Promise<SearchHit[]>;
  /**
   * A page of hits and how many items of each kind match, for the tabs (the counts ignore `kinds`,
   * `after` and `limit`): what the search call asks, in as few reads as the engine can.
   */
  find(executor: Executor, query: SearchQuery): Promise<SearchFound>;
}

/** The answer of `find`. */
export interface SearchFound {
  hits: SearchHit[];
  counts: Partial<Record<SearchKind, number>>;
}

/** The engine of the database the executor runs on. */
export function searchEngineFor(executor: Executor): SearchEngine {
  return executor.getExecutor().adapter instanceof PostgresAdapter ? postgresSearchEngine : sqliteSearchEngine;
}
