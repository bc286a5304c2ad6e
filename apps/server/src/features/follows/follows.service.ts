import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { notify } from '../../platform/messages/messages.service';
import { followsRepository } from './follows.repository';

/**
 * Follow is one-way (decisions.md, People); counts stay exact under concurrent clicks. A new follow
 * tells the followee in an in-site message, written in the same transaction; an unfollow does not.
 */
export function followsService(db: Kysely<DB>, clock: { now(): number } = { now: Date.now }) {
  const repo = followsRepository(db);
  return {
    async toggle(followerId: number, followeeId: number) {
      if (followerId === followeeId) throw ApiError.refused('accounts.cannotFollowSelf');
      if (!(await repo.isActiveMember(followeeId))) throw ApiError.notFound('accounts.userNotFound');
      const { following, fans } = await db.transaction().execute(async (trx) => {
        const inTransaction = followsRepository(trx);
        const result = await inTransaction.toggle(followerId, followeeId, clock.now());
        if (result.following) {
          const nick = await inTransaction.nickName(followerId);
          await notify(trx, followeeId, { kind: 'follow', params: { nick, user_id: followerId } });
        }
        return result;
      });
      return { have_be_follow: following ? 1 : 0, user_fans_count: fans };
    },
  };
}
