import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { grantInForce } from '../../platform/roles/active-grant';

const ACTIVE = 1;

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const USER_COLUMNS = [
  'users.id',
  'users.nick_name',
  'users.avatar_url',
  'users.email',
  'users.mobile',
  'users.real_name',
  'users.company',
  'users.job_title',
  'users.industry_id',
  'users.contact_mobile',
  'users.contact_email',
  'users.user_expert',
  'users.points',
  'users.points_earned',
  'users.is_edit',
  'users.status',
  'users.follow_count',
  'users.fans_count',
  'users.banned_until',
  'users.ban_reason',
  'users.created_at',
] as const;

export interface UserFilter {
  keyword?: string;
  role?: string;
  banned?: boolean;
  siteId: number;
  now: number;
}

/** Members as the back office sees them, their bans, and the broadcasts sent. */
export function membersAdminRepository(db: Executor) {
  return {
    /** One page of members, newest first (by id), matching the filter. */
    usersPage(filter: UserFilter, beforeId: number | null, limit: number) {
      let query = db.selectFrom('users').select(USER_COLUMNS);
      const keyword = filter.keyword?.trim();
      if (keyword) {
        const pattern = containsPattern(keyword);
        const id = /^\d{1,10}$/.test(keyword) ? Number(keyword) : null;
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`lower(${eb.ref('users.nick_name')}) like ${pattern} escape '\\'`,
            sql<boolean>`lower(${eb.ref('users.email')}) like ${pattern} escape '\\'`,
            sql<boolean>`${eb.ref('users.mobile')} like ${pattern} escape '\\'`,
            ...(id !== null && id <= 2_147_483_647 ? [eb('users.id', '=', id)] : []),
          ]),
        );
      }
      // Everybody holds the member role; any other role through a grant on this site or on every site.
      if (filter.role && filter.role !== 'member') {
        const role = filter.role;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_roles')
              .select(sql`1`.as('one'))
              .whereRef('user_roles.user_id', '=', 'users.id')
              .where('user_roles.role', '=', role)
              .where((r) => r.or([r('user_roles.site_id', 'is', null), r('user_roles.site_id', '=', filter.siteId)]))
              .where((r) => grantInForce(r, filter.now)),
          ),
        );
      }
      if (filter.banned === true) query = query.where('users.banned_until', '>', filter.now);
      if (filter.banned === false) {
        query = query.where((eb) =>
          eb.or([eb('users.banned_until', 'is', null), eb('users.banned_until', '<=', filter.now)]),
        );
      }
      if (beforeId !== null) query = query.where('users.id', '<', beforeId);
      return query.orderBy('users.id', 'desc').limit(limit).execute();
    },

    user(id: number) {
      return db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', id).executeTakeFirst();
    },

    /** Grants of these members on a site (and on every site). */
    grantsOn(userIds: readonly number[], siteId: number) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('user_roles')
        .select(['id', 'user_id', 'role', 'site_id', 'scope_id'])
        .where('user_id', 'in', userIds)
        .where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', siteId)]))
        .where((eb) => grantInForce(eb))
        .orderBy('id')
        .execute();
    },

    roleNames() {
      return db.selectFrom('roles').select(['code', 'name_zh', 'name_en']).execute();
    },

    /** Ban history, newest first, with who banned and who lifted. */
    bans(userId: number, limit: number) {
      return db
        .selectFrom('user_bans')
        .leftJoin('users as creator', 'creator.id', 'user_bans.created_by')
        .leftJoin('users as lifter', 'lifter.id', 'user_bans.lifted_by')
        .select([
          'user_bans.id',
          'user_bans.reason',
          'user_bans.ends_at',
          'user_bans.created_at',
          'user_bans.created_by',
          'user_bans.lifted_at',
          'user_bans.lifted_by',
          'creator.nick_name as creator_nick_name',
          'lifter.nick_name as lifter_nick_name',
        ])
        .where('user_bans.user_id', '=', userId)
        .orderBy('user_bans.id', 'desc')
        .limit(limit)
        .execute();
    },

    async liveSessions(userId: number, now: number): Promise<number> {
      const row = await db
        .selectFrom('sessions')
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Closes the bans of a member still open at `now` (a new ban replaces them, or an unban lifts them). */
    async liftOpenBans(userId: number, by: number, now: number): Promise<number> {
      const result = await db
        .updateTable('user_bans')
        .set({ lifted_by: by, lifted_at: now })
        .where('user_id', '=', userId)
        .where('lifted_at', 'is', null)
        .where('ends_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async insertBan(values: { userId: number; reason: string; endsAt: number; by: number; now: number }) {
      const row = await db
        .insertInto('user_bans')
        .values({
          user_id: values.userId,
          reason: values.reason,
          ends_at: values.endsAt,
          created_by: values.by,
          created_at: values.now,
          lifted_by: null,
          lifted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async setBan(userId: number, until: number | null, reason: string, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ banned_until: until, ban_reason: reason, updated_at: now })
        .where('id', '=', userId)
        .execute();
    },

    broadcast(id: number) {
      return db
        .selectFrom('broadcasts')
        .leftJoin('users', 'users.id', 'broadcasts.created_by')
        .selectAll('broadcasts')
        .select('users.nick_name as created_by_nick')
        .where('broadcasts.id', '=', id)
        .executeTakeFirst();
    },

    nickNames(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', ids).execute();
    },

    async isActiveMember(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', ACTIVE)
        .executeTakeFirst();
      return row !== undefined;
    },

    async roleExists(code: string): Promise<boolean> {
      return (await db.selectFrom('roles').select('code').where('code', '=', code).executeTakeFirst()) !== undefined;
    },
  };
}

export type MembersAdminRepository = ReturnType<typeof membersAdminRepository>;
