import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';

/** Content pages: one row per (site, slug). */
export function pagesRepository(db: Kysely<DB>) {
  return {
    find(siteId: number, slug: string, executor: Executor = db) {
      return executor
        .selectFrom('pages')
        .select(['title', 'body_html', 'updated_at'])
        .where('site_id', '=', siteId)
        .where('slug', '=', slug)
        .executeTakeFirst();
    },

    async save(executor: Executor, row: { siteId: number; slug: string; title: string; html: string; now: number }) {
      await executor
        .insertInto('pages')
        .values({ site_id: row.siteId, slug: row.slug, title: row.title, body_html: row.html, updated_at: row.now })
        .onConflict((oc) =>
          oc.columns(['site_id', 'slug']).doUpdateSet({ title: row.title, body_html: row.html, updated_at: row.now }),
        )
        .execute();
    },
  };
}
