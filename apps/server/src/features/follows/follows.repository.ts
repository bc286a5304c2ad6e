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
     * Follows, or unfollows when already following; run it inside a transaction (the service
     * opens one, so that a follow and its message commit together). The insert's affected rows
     * (ON CONFLICT DO NOTHING) decide which, and both counters move in SQL by the rows that really
     * changed, so twenty clicks at once leave the counts equal to the rows.
     *
     * PostgreSQL first locks both members' rows in id order: presses on one pair then take turns, so
     * each press flips the state (without it, a press racing another's delete finds nothing to
     * delete and does nothing), and two members following each other at once cannot deadlock.
     * SQLite runs one write transaction at a time anyway.
     */
    async toggle(followerId: number, followeeId: number, now: number) {
      if (!db.isTransaction) throw new Error('follows.toggle must run inside a transaction');
      if (isPostgres) {
        await db
          .selectFrom('users')
          .select('id')
          .where('id', 'in', [followerId, followeeId])
          .orderBy('id')
          .forUpdate()
          .execute();
      }
      const inserted = await db
        .insertInto('user_follows')
        .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .executeTakeFirst();
      let delta = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? 1 : 0;
      if (delta === 0) {
        const deleted = await db
          .deleteFrom('user_follows')
          .where('follower_id', '=', followerId)
          .where('followee_id', '=', followeeId)
          .executeTakeFirst();
        delta = Number(deleted.numDeletedRows) > 0 ? -1 : 0;
      }
      if (delta !== 0) {
        await db
          .updateTable('users')
          .set({
            follow_count: sql`follow_count + (case when id = ${followerId} then ${delta} else 0 end)`,
            fans_count: sql`fans_count + (case when id = ${followeeId} then ${delta} else 0 end)`,
          })
          .where('id', 'in', [followerId, followeeId])
          .execute();
      }
      const followee = await db
        .selectFrom('users')
        .select('fans_count')
        .where('id', '=', followeeId)
        .executeTakeFirstOrThrow();
      return { following: delta > 0, fans: followee.fans_count };
    },

    async nickName(id: number): Promise<string> {
      const row = await db.selectFrom('users').select('nick_name').where('id', '=', id).executeTakeFirstOrThrow();
      return row.nick_name;
    },
  };
}
