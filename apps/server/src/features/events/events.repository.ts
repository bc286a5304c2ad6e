import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Events as the home page lists them (the events issue builds the rest of the domain on this table). */
export function eventsRepository(db: Kysely<DB>) {
  return {
    latest(siteId: number, limit: number) {
      return db
        .selectFrom('activities')
        .selectAll()
        .where('site_id', '=', siteId)
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
