import type { Kysely } from 'kysely';
import { EXPERT_FLAG, ROLE_BADGES, levelForPoints, medalForLevel } from '@portal/contracts/constants';
import type { UserBrief } from '@portal/contracts/home';
import type { DB } from '../../db/schema';
import { grantInForce } from '../roles/active-grant';

/**
 * The short card of a member shown beside content: nickname, avatar, level, badges, medal. Badges
 * come from the member's roles on this site (a grant without a site counts on every site).
 */
export async function memberBriefs(
  db: Kysely<DB>,
  ids: readonly number[],
  siteId: number,
): Promise<Map<number, UserBrief>> {
  const unique = [...new Set(ids)];
  const briefs = new Map<number, UserBrief>();
  if (unique.length === 0) return briefs;
  const [users, roles] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'nick_name', 'avatar_url', 'points_earned', 'user_expert'])
      .where('id', 'in', unique)
      .execute(),
    db
      .selectFrom('user_roles')
      .select(['user_id', 'role'])
      .where('user_id', 'in', unique)
      .where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', siteId)]))
      .where((eb) => grantInForce(eb))
      .execute(),
  ]);
  const badges = new Map<number, Set<number>>();
  for (const { user_id, role } of roles) {
    const code = ROLE_BADGES[role];
    if (code) (badges.get(user_id) ?? badges.set(user_id, new Set()).get(user_id)!).add(code);
  }
  for (const u of users) {
    const set = badges.get(u.id) ?? new Set<number>();
    if (u.user_expert === EXPERT_FLAG.expert) set.add(ROLE_BADGES.expert!);
    // Levels follow the points earned, not the balance (decision 041).
    const level = levelForPoints(u.points_earned);
    briefs.set(u.id, {
      user_id: u.id,
      user_nick_name: u.nick_name,
      user_avatar_att_url: u.avatar_url,
      user_points_level: level,
      user_logo_arr: [...set].sort((a, b) => a - b),
      user_medal: medalForLevel(level),
    });
  }
  return briefs;
}
