import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import type { ExpertListKind } from '@portal/contracts/experts';
import type { DB } from '../../db/schema';
import type { KeysetCursor } from '../../lib/keyset';
import { grantInForce } from '../../platform/roles/active-grant';

const ACTIVE = 1;

type UsersEb = ExpressionBuilder<DB, 'users'>;

/** An MVP of this site, or of every site (a role row without a site). */
function isMvp(eb: UsersEb, siteId: number) {
  return eb.exists(
    eb
      .selectFrom('user_roles')
      .select(sql`1`.as('one'))
      .whereRef('user_roles.user_id', '=', 'users.id')
      .where('user_roles.role', '=', 'mvp')
      .where((r) => r.or([r('user_roles.site_id', 'is', null), r('user_roles.site_id', '=', siteId)]))
      .where((r) => grantInForce(r)),
  );
}

/** A resident expert: the expert role (global) or the user_expert flag 20. */
function isExpert(eb: UsersEb) {
  return eb.or([
    eb('users.user_expert', '=', EXPERT_FLAG.expert),
    eb.exists(
      eb
        .selectFrom('user_roles')
        .select(sql`1`.as('one'))
        .whereRef('user_roles.user_id', '=', 'users.id')
        .where('user_roles.role', '=', 'expert'),
    ),
  ]);
}

/** Counts per author of one site's content in one status. */
async function countByAuthor(
  db: Kysely<DB>,
  table: 'posts' | 'topic_articles',
  siteId: number,
  authorIds: readonly number[],
): Promise<Map<number, number>> {
  if (authorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['author_id', sql<number>`count(*)`.as('n')])
    .where('site_id', '=', siteId)
    .where('status', '=', REVIEW_STATUS.approved)
    .where('author_id', 'in', authorIds)
    .groupBy('author_id')
    .execute();
  return new Map(rows.map((r) => [r.author_id, Number(r.n)]));
}

export function expertsRepository(db: Kysely<DB>) {
  return {
    /**
     * Active MVPs and experts, most points earned first (the level's figure, decision 041), ties by
     * id ascending. The keyset therefore continues with lower points, or equal points and a higher id. Selects no contact or login
     * columns.
     */
    listed(siteId: number, kind: ExpertListKind, after: KeysetCursor | null, limit: number) {
      let query = db
        .selectFrom('users')
        .select(['users.id', 'users.points_earned', 'users.company', 'users.job_title', 'users.user_expert'])
        .where('users.status', '=', ACTIVE)
        .where((eb) =>
          kind === 'mvp'
            ? isMvp(eb, siteId)
            : kind === 'expert'
              ? isExpert(eb)
              : eb.or([isMvp(eb, siteId), isExpert(eb)]),
        );
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('users.points_earned', '<', after.at),
            eb.and([eb('users.points_earned', '=', after.at), eb('users.id', '>', after.id)]),
          ]),
        );
      }
      return query.orderBy('users.points_earned', 'desc').orderBy('users.id', 'asc').limit(limit).execute();
    },

    /**
     * Active resident experts, most followed first, ties by id ascending (so the keyset continues
     * with fewer followers, or as many and a higher id); optionally of one industry (the member's)
     * and one field of expertise. Selects no contact or login columns.
     */
    directory(
      filters: { industry?: number | undefined; field?: number | undefined },
      after: KeysetCursor | null,
      limit: number,
    ) {
      let query = db
        .selectFrom('users')
        .select(['users.id', 'users.fans_count', 'users.company', 'users.job_title', 'users.industry_id'])
        .where('users.status', '=', ACTIVE)
        .where((eb) => isExpert(eb));
      if (filters.industry !== undefined) query = query.where('users.industry_id', '=', filters.industry);
      if (filters.field !== undefined) {
        const field = filters.field;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('expert_fields')
              .select(sql`1`.as('one'))
              .whereRef('expert_fields.user_id', '=', 'users.id')
              .where('expert_fields.field_id', '=', field),
          ),
        );
      }
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('users.fans_count', '<', after.at),
            eb.and([eb('users.fans_count', '=', after.at), eb('users.id', '>', after.id)]),
          ]),
        );
      }
      return query.orderBy('users.fans_count', 'desc').orderBy('users.id', 'asc').limit(limit).execute();
    },

    /** One active resident expert, or undefined. */
    expert(userId: number) {
      return db
        .selectFrom('users')
        .select(['users.id', 'users.fans_count', 'users.company', 'users.job_title', 'users.industry_id'])
        .where('users.id', '=', userId)
        .where('users.status', '=', ACTIVE)
        .where((eb) => isExpert(eb))
        .executeTakeFirst();
    },

    /** The fields of expertise of some members. */
    fields(userIds: readonly number[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('expert_fields')
        .select(['user_id', 'field_id'])
        .where('user_id', 'in', userIds)
        .orderBy('field_id')
        .execute();
    },

    /** The programme roles (mvp, expert) of some members, with the site each applies to. */
    programmeRoles(userIds: readonly number[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('user_roles')
        .select(['user_id', 'role', 'site_id'])
        .where('user_id', 'in', userIds)
        .where('role', 'in', ['mvp', 'expert'])
        .where((eb) => grantInForce(eb))
        .execute();
    },

    publishedPostCounts: (siteId: number, authorIds: readonly number[]) =>
      countByAuthor(db, 'posts', siteId, authorIds),

    approvedArticleCounts: (siteId: number, authorIds: readonly number[]) =>
      countByAuthor(db, 'topic_articles', siteId, authorIds),
  };
}

export type ExpertsRepository = ReturnType<typeof expertsRepository>;
