import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { followsRepository } from './follows.repository';

/** Follow is one-way (decisions.md, People); counts stay exact under concurrent clicks. */
export function followsService(db: Kysely<DB>, clock: { now(): number } = { now: Date.now }) {
  const repo = followsRepository(db);
  return {
    async toggle(followerId: number, followeeId: number) {
      if (followerId === followeeId) throw ApiError.refused('accounts.cannotFollowSelf');
      if (!(await repo.isActiveMember(followeeId))) throw ApiError.notFound('accounts.userNotFound');
      const { following, fans } = await repo.toggle(followerId, followeeId, clock.now());
      return { have_be_follow: following ? 1 : 0, user_fans_count: fans };
    },
  };
}
