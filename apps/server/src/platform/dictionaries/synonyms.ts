import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * How long a server keeps a site's synonym groups before it reads them again. Every search expands
 * its key by them, so they are not read per search (on PostgreSQL that was one round trip of three,
 * decision 051). An edit is seen at once by the server that made it (`forgetSynonyms`), and by the
 * others within this time.
 */
export const SYNONYMS_TTL_MS = 5_000;

interface Kept {
  at: number;
  groups: Promise<string[][]>;
}

/** Per database (a test process holds several), per site. */
const kept = new WeakMap<Kysely<DB>, Map<number, Kept>>();

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
  let sites = kept.get(db);
  if (!sites) kept.set(db, (sites = new Map()));
  const now = performance.now();
  const hit = sites.get(siteId);
  if (hit && now - hit.at < SYNONYMS_TTL_MS) return hit.groups;
  const groups = readGroups(db, siteId);
  const entry = { at: now, groups };
  sites.set(siteId, entry);
  // A failed read is not kept: the next search asks again.
  groups.catch(() => sites.get(siteId) === entry && sites.delete(siteId));
  return groups;
}

/** After a write to the site's dictionary has committed: its next search reads the groups again. */
export function forgetSynonyms(db: Kysely<DB>, siteId: number): void {
  kept.get(db)?.delete(siteId);
}
