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
let kindStarted = started;
let current = '';
const out = process.stdout;
const line = (text: string) => (out.isTTY ? out.write(`\r\x1b[2K${text}`) : undefined);
await rebuildSearch(database.db, SEARCH_SOURCES, ({ kind, done }) => {
  if (kind !== current) {
    if (current) out.write('\n');
    current = kind;
    kindStarted = performance.now();
  }
  const seconds = (performance.now() - kindStarted) / 1000;
  line(
    `${kind.padEnd(16)} ${String(done).padStart(9)} items  ${seconds.toFixed(1)} s  ${'#'.repeat(Math.min(40, Math.ceil(Math.log2(done + 1))))}`,
  );
});
if (current) out.write('\n');
const counts = await database.db
  .selectFrom('search_documents')
  .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
  .groupBy('kind')
  .execute();
for (const c of counts) out.write(`${c.kind.padEnd(16)} ${String(Number(c.n)).padStart(9)} findable\n`);
out.write(`search index rebuilt in ${((performance.now() - started) / 1000).toFixed(2)} s (${database.dialect})\n`);
await database.close();
