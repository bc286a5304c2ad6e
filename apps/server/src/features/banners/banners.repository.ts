import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';

export interface BannerValues {
  title: string;
  image_url: string;
  link_url: string;
  sort: number;
  starts_at: number | null;
  ends_at: number | null;
}

/** Banners of a site, all of them (the home page's live ones are read in home/). */
export function bannersRepository(db: Kysely<DB>) {
  return {
    /** The banners shown now, at most ten, in their order. */
    live(siteId: number, now: number) {
      return db
        .selectFrom('banners')
        .select(['id', 'title', 'image_url', 'link_url', 'sort'])
        .where('site_id', '=', siteId)
        .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('sort')
        .orderBy('id')
        .limit(10)
        .execute();
    },

    all(siteId: number, executor: Executor = db) {
      return executor
        .selectFrom('banners')
        .selectAll()
        .where('site_id', '=', siteId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    find(id: number, executor: Executor = db) {
      return executor.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async stats(executor: Executor, siteId: number) {
      const row = await executor
        .selectFrom('banners')
        .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(sort)`.as('max_sort')])
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow();
      return { banners: Number(row.n), maxSort: Number(row.max_sort ?? 0) };
    },

    async insert(executor: Executor, siteId: number, values: BannerValues, now: number): Promise<number> {
      const row = await executor
        .insertInto('banners')
        .values({ site_id: siteId, ...values, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(executor: Executor, id: number, values: BannerValues): Promise<void> {
      await executor.updateTable('banners').set(values).where('id', '=', id).execute();
    },

    async remove(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('banners').where('id', '=', id).execute();
    },

    async setSort(executor: Executor, id: number, sort: number): Promise<void> {
      await executor.updateTable('banners').set({ sort }).where('id', '=', id).execute();
    },
  };
}
