import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { rebuildSearch } from '../platform/search/search-index';
import { SEARCH_SOURCES } from '../search-sources';

/**
 * `npm run search:reindex`: rebuilds the search index from the content (decision 039), kind by kind,
 * with a progress line per kind and the time taken.
 */
const config = loadConfig();
const database = await openDatabase(config.database);
await migrateToLatest(database.db);
const started = performance.now();
const out = process.stdout;
let current: { kind: string; done: number; since: number } | null = null;
const describe = (c: { kind: string; done: number; since: number }) => {
  const bar = '#'.repeat(Math.min(30, Math.ceil(Math.log2(c.done + 1))));
  return `${c.kind.padEnd(16)} ${String(c.done).padStart(9)} items  ${((performance.now() - c.since) / 1000).toFixed(1)} s  ${bar}`;
};
// A progress line redrawn in place on a terminal; one line per kind when it is done, everywhere.
const finish = () => {
  if (current) out.write(out.isTTY ? `\r\x1b[2K${describe(current)}\n` : `${describe(current)}\n`);
};
await rebuildSearch(database.db, SEARCH_SOURCES, ({ kind, done }) => {
  if (current?.kind !== kind) {
    finish();
    current = { kind, done, since: performance.now() };
  }
  current.done = done;
  if (out.isTTY) out.write(`\r\x1b[2K${describe(current)}`);
});
finish();
const counts = await database.db
  .selectFrom('search_documents')
  .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
  .groupBy('kind')
  .execute();
for (const c of counts) out.write(`${c.kind.padEnd(16)} ${String(Number(c.n)).padStart(9)} findable\n`);
out.write(`search index rebuilt in ${((performance.now() - started) / 1000).toFixed(2)} s (${database.dialect})\n`);
await database.close();
