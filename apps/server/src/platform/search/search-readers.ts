import { Piscina } from 'piscina';
import type { SearchFound, SearchHit, SearchQuery } from './search-engine';

/**
 * Searches on SQLite read in worker threads (decision 047), each with its own read-only connection:
 * better-sqlite3 runs a statement on the thread that calls it, and a search over a million posts
 * costs milliseconds of it, which on the main thread every other request would wait for. Idle
 * readers close after IDLE_MS, so an idle server holds none. PostgreSQL needs none: its backends
 * already read beside the server.
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
