import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { notify } from '../../platform/messages/messages.service';
import type { FollowRow } from '@portal/contracts/follows-mine';
import type { Site } from '@portal/contracts/sites';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { memberBriefs } from '../../platform/members/member-brief.repository';
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

    /** The session member's follows or fans (personal centre), with which way each follow goes. */
    async list(site: Site, userId: number, side: 'follows' | 'fans', q: { cursor?: string; limit: number }) {
      const rows = await repo.list(userId, side, decodeCursor(q.cursor), q.limit + 1);
      const page = rows.slice(0, q.limit);
      const ids = page.map((r) => r.user_id);
      const [briefs, marks] = await Promise.all([memberBriefs(db, ids, site.tws_id), repo.both(userId, ids)]);
      const list: FollowRow[] = page.flatMap((r) => {
        const brief = briefs.get(r.user_id);
        if (!brief) return [];
        return [
          {
            ...brief,
            have_be_follow: marks.followed.has(r.user_id) ? 1 : 0,
            follows_me: marks.followsMe.has(r.user_id) ? 1 : 0,
            user_fans_count: r.fans_count,
            follow_time: new Date(Number(r.created_at)).toISOString(),
          },
        ];
      });
      const last = page[page.length - 1];
      return {
        list,
        next_cursor:
          rows.length > q.limit && last ? encodeCursor({ at: Number(last.created_at), id: last.user_id }) : null,
      };
    },
  };
}
