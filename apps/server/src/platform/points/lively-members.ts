import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Members ranked by the points they earned on a site since a moment (the home page's lively members). */
export function livelyMembers(db: Kysely<DB>, siteId: number, since: number, limit: number) {
  return db
    .selectFrom('points_ledger')
    .select(['user_id', sql<number>`sum(amount)`.as('recent_points')])
    .where('site_id', '=', siteId)
    .where('created_at', '>=', since)
    .groupBy('user_id')
    .orderBy(sql`sum(amount)`, 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
}
