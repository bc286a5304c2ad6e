import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { KeysetCursor } from '../../lib/keyset';

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

    /**
     * One side of the member's follows, latest first: whom they follow (`follows`, by the primary
     * key's follower) or who follows them (`fans`, user_follows_followee); active members only.
     */
    list(userId: number, side: 'follows' | 'fans', after: KeysetCursor | null, limit: number) {
      const [mine, other] =
        side === 'follows' ? (['follower_id', 'followee_id'] as const) : (['followee_id', 'follower_id'] as const);
      return db
        .selectFrom('user_follows as f')
        .innerJoin('users as u', 'u.id', `f.${other}`)
        .select([`f.${other} as user_id`, 'f.created_at', 'u.fans_count'])
        .where(`f.${mine}`, '=', userId)
        .where('u.status', '=', 1)
        .$if(after !== null, (q) =>
          q.where((eb) => eb(eb.refTuple('f.created_at', `f.${other}`), '<', eb.tuple(after!.at, after!.id))),
        )
        .orderBy('f.created_at', 'desc')
        .orderBy(`f.${other}`, 'desc')
        .limit(limit)
        .execute();
    },

    /** Those of `ids` that follow `userId`, and those that `userId` follows. */
    async both(userId: number, ids: readonly number[]) {
      if (ids.length === 0) return { followsMe: new Set<number>(), followed: new Set<number>() };
      const [fans, follows] = await Promise.all([
        db
          .selectFrom('user_follows')
          .select('follower_id')
          .where('followee_id', '=', userId)
          .where('follower_id', 'in', ids)
          .execute(),
        db
          .selectFrom('user_follows')
          .select('followee_id')
          .where('follower_id', '=', userId)
          .where('followee_id', 'in', ids)
          .execute(),
      ]);
      return {
        followsMe: new Set(fans.map((r) => r.follower_id)),
        followed: new Set(follows.map((r) => r.followee_id)),
      };
    },

    async nickName(id: number): Promise<string> {
      const row = await db.selectFrom('users').select('nick_name').where('id', '=', id).executeTakeFirstOrThrow();
      return row.nick_name;
    },
  };
}
