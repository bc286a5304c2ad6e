import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../platform/audit/audit.service';

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
