import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { microCache, type MicroCache } from '../../lib/micro-cache';

/**
 * How long a server keeps a site's synonym groups before it reads them again. Every search expands
 * its key by them, so they are not read per search (on PostgreSQL that was one round trip of three,
 * decision 051). An edit is seen at once by the server that made it (`forgetSynonyms`), and by the
 * others within this time.
 */
export const SYNONYMS_TTL_MS = 5_000;

/** Per database (a test process holds several), keyed by site (`lib/micro-cache.ts`). */
const kept = new WeakMap<Kysely<DB>, MicroCache<string[][]>>();

function keptFor(db: Kysely<DB>): MicroCache<string[][]> {
  let cache = kept.get(db);
  if (!cache) {
    cache = microCache<string[][]>({ ttlMs: SYNONYMS_TTL_MS, maxEntries: 100, now: () => performance.now() });
    kept.set(db, cache);
  }
  return cache;
}

async function readGroups(db: Kysely<DB>, siteId: number): Promise<string[][]> {
  const rows = await db
    .selectFrom('dictionaries')
    .select('label')
    .where('site_id', '=', siteId)
    .where('kind', '=', 'synonym')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows
    .map((r) =>
      r.label
        .split(/[,，、;；|]/)
        .map((w) => w.trim())
        .filter(Boolean),
    )
    .filter((group) => group.length > 1);
}

/** The site's synonym groups: each dictionary entry lists words that mean the same, comma-separated. */
export function synonymGroups(db: Kysely<DB>, siteId: number): Promise<string[][]> {
  return keptFor(db).get(String(siteId), async () => ({ value: await readGroups(db, siteId) }));
}

/** After a write to a dictionary has committed: the next searches read every site's groups again. */
export function forgetSynonyms(db: Kysely<DB>): void {
  kept.get(db)?.clear();
}
