import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { refreshSearch } from '../../platform/search/search-index';
import { topicSearchSource } from './topics.search';

const COLUMNS = [
  'id',
  'site_id',
  'title',
  'description',
  'cover_url',
  'sort',
  'article_count',
  'follower_count',
  'archived_at',
  'created_at',
] as const;

export interface TopicValues {
  title: string;
  description: string;
  cover_url: string;
  sort: number;
}

/** The back office's topics: Kysely only. */
export function topicsAdminRepository(db: Kysely<DB>) {
  return {
    all(siteId: number, executor: Executor = db) {
      return executor
        .selectFrom('topics')
        .select(COLUMNS)
        .where('site_id', '=', siteId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    find(executor: Executor, id: number) {
      return executor.selectFrom('topics').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async maxSort(executor: Executor, siteId: number): Promise<number> {
      const row = await executor
        .selectFrom('topics')
        .select((eb) => eb.fn.max('sort').as('n'))
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insert(executor: Executor, siteId: number, values: TopicValues, now: number): Promise<number> {
      const row = await executor
        .insertInto('topics')
        .values({ site_id: siteId, ...values, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await refreshSearch(executor, topicSearchSource, [row.id]);
      return row.id;
    },

    async update(executor: Executor, id: number, values: Partial<TopicValues> & { archived_at?: number | null }) {
      await executor.updateTable('topics').set(values).where('id', '=', id).execute();
      await refreshSearch(executor, topicSearchSource, [id]);
    },
  };
}
