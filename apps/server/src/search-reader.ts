import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { withStatementCache } from './db/database';
import type { DB } from './db/schema';
import type { SearchQuery } from './platform/search/search-engine';
import { sqliteSearchEngine } from './platform/search/sqlite-search-engine';

/**
 * The entry of the search readers (platform/search/search-readers.ts): each thread reads the SQLite
 * file through its own read-only connection, so that searches run beside the requests on the other
 * cores (WAL: a reader sees every committed write and never waits for the writer). Bundled as
 * dist/search-reader.js beside main.js (scripts/build.mjs); from source it is loaded through
 * platform/search/ts-search-reader.mjs.
 */
const sqlite = new SQLite((workerData as { file: string }).file, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });

export default function read({ method, query }: { method: 'find' | 'search'; query: SearchQuery }) {
  return method === 'find' ? sqliteSearchEngine.find(db, query) : sqliteSearchEngine.search(db, query);
}
