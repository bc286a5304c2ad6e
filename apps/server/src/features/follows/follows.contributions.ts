import type { FollowDirectory } from '../../platform/kit/feature';

/** Who a member follows, for other domains' follow buttons (the experts directory). */
export const followDirectory: FollowDirectory = {
  async followed(executor, followerId, followeeIds) {
    if (followeeIds.length === 0) return new Set();
    const rows = await executor
      .selectFrom('user_follows')
      .select('followee_id')
      .where('follower_id', '=', followerId)
      .where('followee_id', 'in', followeeIds)
      .execute();
    return new Set(rows.map((r) => r.followee_id));
  },
};
