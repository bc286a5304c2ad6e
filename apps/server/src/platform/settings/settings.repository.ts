import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';

/** Site settings: one JSON value per (site, key). */
export function settingsRepository(db: Kysely<DB> | Executor) {
  return {
    rows(siteId: number, executor: Executor = db) {
      return executor
        .selectFrom('site_settings')
        .select(['key', 'value', 'updated_at'])
        .where('site_id', '=', siteId)
        .execute();
    },

    async put(executor: Executor, siteId: number, key: string, value: unknown, now: number): Promise<void> {
      const json = JSON.stringify(value);
      await executor
        .insertInto('site_settings')
        .values({ site_id: siteId, key, value: json, updated_at: now })
        .onConflict((oc) => oc.columns(['site_id', 'key']).doUpdateSet({ value: json, updated_at: now }))
        .execute();
    },
  };
}
