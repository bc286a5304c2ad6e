import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function followsRepository(db: Kysely<DB>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  return {
    async isActiveMember(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Follows, or unfollows when already following, in one transaction. The insert's affected rows
     * (ON CONFLICT DO NOTHING) decide which, and both counters move in SQL by the rows that really
     * changed, so twenty clicks at once leave the counts equal to the rows.
     *
     * PostgreSQL first locks both members' rows in id order: presses on one pair then take turns, so
     * each press flips the state (without it, a press racing another's delete finds nothing to
     * delete and does nothing), and two members following each other at once cannot deadlock.
     * SQLite runs one write transaction at a time anyway.
     */
    toggle(followerId: number, followeeId: number, now: number) {
      return db.transaction().execute(async (trx) => {
        if (isPostgres) {
          await trx
            .selectFrom('users')
            .select('id')
            .where('id', 'in', [followerId, followeeId])
            .orderBy('id')
            .forUpdate()
            .execute();
        }
        const inserted = await trx
          .insertInto('user_follows')
          .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
          .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
          .executeTakeFirst();
        let delta = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? 1 : 0;
        if (delta === 0) {
          const deleted = await trx
            .deleteFrom('user_follows')
            .where('follower_id', '=', followerId)
            .where('followee_id', '=', followeeId)
            .executeTakeFirst();
          delta = Number(deleted.numDeletedRows) > 0 ? -1 : 0;
        }
        if (delta !== 0) {
          await trx
            .updateTable('users')
            .set({
              follow_count: sql`follow_count + (case when id = ${followerId} then ${delta} else 0 end)`,
              fans_count: sql`fans_count + (case when id = ${followeeId} then ${delta} else 0 end)`,
            })
            .where('id', 'in', [followerId, followeeId])
            .execute();
        }
        const followee = await trx
          .selectFrom('users')
          .select('fans_count')
          .where('id', '=', followeeId)
          .executeTakeFirstOrThrow();
        return { following: delta > 0, fans: followee.fans_count };
      });
    },
  };
}
