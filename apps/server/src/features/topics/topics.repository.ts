import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Topics as the home page lists them (the topics issue builds the rest of the domain on this table). */
export function topicsRepository(db: Kysely<DB>) {
  return {
    list(siteId: number, limit: number) {
      return db
        .selectFrom('topics')
        .select(['id', 'title', 'description', 'cover_url', 'article_count'])
        .where('site_id', '=', siteId)
        .orderBy('sort')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}
