import { Piscina } from 'piscina';
import { postgresKysely } from '../../db/database';
import { postgresSearchEngine } from './postgres-search-engine';
import type { SearchFound, SearchHit, SearchQuery } from './search-engine';

/**
 * Searches on SQLite read in worker threads (decision 047), each with its own read-only connection:
 * better-sqlite3 runs a statement on the thread that calls it, and a search over a million posts
 * costs milliseconds of it, which on the main thread every other request would wait for. Idle
 * readers close after IDLE_MS, so an idle server holds none. On PostgreSQL the readers are a pool of
 * connections of their own (decision 052).
 */
export interface SearchReaders {
  find(query: SearchQuery): Promise<SearchFound>;
  search(query: SearchQuery): Promise<SearchHit[]>;
  close(): Promise<void>;
}

const IDLE_MS = 30_000;

/** From source (tsx, vitest) the TypeScript entry through tsx; from the bundle dist/search-reader.js. */
function readerEntry(moduleUrl = import.meta.url): string {
  const fromSource = moduleUrl.endsWith('.ts');
  return new URL(fromSource ? './ts-search-reader.mjs' : './search-reader.js', moduleUrl).href;
}

export function createSearchReaders({ file, threads }: { file: string; threads: number }): SearchReaders {
  const pool = new Piscina({
    filename: readerEntry(),
    workerData: { file },
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    // No inherited Node flags: the readers' own limits, a search holds a few hundred rows at most.
    execArgv: [],
    // A search that finds every reader busy keeps its place in the queue. By default the pool puts
    // it back at the end each time a reader frees up, and under a steady load a few searches then
    // waited for seconds (12 s in a run of 12 s with one reader) while the later ones went by.
    stricterFIFO: true,
    resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 },
  });
  return {
    find: (query) => pool.run({ method: 'find', query }) as Promise<SearchFound>,
    search: (query) => pool.run({ method: 'search', query }) as Promise<SearchHit[]>,
    close: () => pool.destroy(),
  };
}

/**
 * Searches on PostgreSQL read through a pool of their own, `connections` at once (decision 052): ten
 * searches at once on the server's pool made ten backends share the same cores by time slices, the
 * longest statements waiting longest, and could hold every connection the pages need. The others
 * wait in the pool's queue, in order. Shown to the database as `portal-search`.
 */
export async function createPostgresSearchReaders({
  url,
  connections,
}: {
  url: string;
  connections: number;
}): Promise<SearchReaders> {
  const db = await postgresKysely(url, { max: connections, name: 'portal-search' });
  return {
    find: (query) => postgresSearchEngine.find(db, query),
    search: (query) => postgresSearchEngine.search(db, query),
    close: () => db.destroy(),
  };
}
