import { sql } from 'kysely';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import type { Executor } from '../../db/executor';
import type { KeysetCursor } from '../../lib/keyset';

const EXPERT_ROLE = 'expert';

/** The columns a member fills in, as stored (the lists as JSON text). */
export interface StoredFields {
  real_name: string;
  company: string;
  job_title: string;
  industry_id: number | null;
  field_ids: string;
  biography: string;
  photo_att_id: number | null;
  contributions: string;
  recommendations: string;
}

const COLUMNS = [
  'expert_applications.id',
  'expert_applications.user_id',
  'expert_applications.site_id',
  'expert_applications.status',
  'expert_applications.real_name',
  'expert_applications.company',
  'expert_applications.job_title',
  'expert_applications.industry_id',
  'expert_applications.field_ids',
  'expert_applications.biography',
  'expert_applications.photo_att_id',
  'expert_applications.contributions',
  'expert_applications.recommendations',
  'expert_applications.created_at',
  'expert_applications.updated_at',
  'expert_applications.submitted_at',
  'attachments.access_key as photo_key',
] as const;

/** Expert applications, the expert role and flag, and the photo's attachment. Kysely only. */
export function expertApplicationsRepository(db: Executor) {
  const withPhoto = () =>
    db.selectFrom('expert_applications').leftJoin('attachments', 'attachments.id', 'expert_applications.photo_att_id');
  return {
    byUser: (userId: number) =>
      withPhoto().select(COLUMNS).where('expert_applications.user_id', '=', userId).executeTakeFirst(),

    byId: (id: number) => withPhoto().select(COLUMNS).where('expert_applications.id', '=', id).executeTakeFirst(),

    /** The member's row, made once: two first saves at once make one row (user_id is unique). */
    async ensure(userId: number, siteId: number, now: number): Promise<void> {
      await db
        .insertInto('expert_applications')
        .values({ user_id: userId, site_id: siteId, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /**
     * Writes the fields (and the next status) unless the application is pending review: the
     * condition is in the update, so of two submissions at once only one finds it not pending.
     */
    async writeUnlessPending(
      userId: number,
      siteId: number,
      fields: StoredFields,
      next: { status: number; now: number; submitted: boolean },
    ): Promise<number | null> {
      const row = await db
        .updateTable('expert_applications')
        .set({
          ...fields,
          site_id: siteId,
          status: next.status,
          updated_at: next.now,
          ...(next.submitted ? { submitted_at: next.now } : {}),
        })
        .where('user_id', '=', userId)
        .where('status', '!=', 10)
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async setStatus(id: number, status: number, now: number): Promise<void> {
      await db.updateTable('expert_applications').set({ status, updated_at: now }).where('id', '=', id).execute();
    },

    /** The application's photo, if it is this member's JPEG or PNG upload. */
    photoOf: (ownerId: number, attId: number) =>
      db
        .selectFrom('attachments')
        .select(['id', 'access_key'])
        .where('id', '=', attId)
        .where('owner_id', '=', ownerId)
        .where('mime', 'in', ['image/jpeg', 'image/png'])
        .executeTakeFirst(),

    dictionaryNames: (ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('dictionaries')
            .select(['id', 'label'])
            .where('id', 'in', [...ids])
            .execute(),

    /** Is the member a resident expert (the flag or the role)? */
    async isExpert(userId: number): Promise<boolean> {
      const user = await db.selectFrom('users').select('user_expert').where('id', '=', userId).executeTakeFirst();
      if (user?.user_expert === EXPERT_FLAG.expert) return true;
      return (await this.expertGrants(userId)).length > 0;
    },

    expertGrants: (userId: number) =>
      db
        .selectFrom('user_roles')
        .select(['id', 'site_id', 'created_at'])
        .where('user_id', '=', userId)
        .where('role', '=', EXPERT_ROLE)
        .execute(),

    member: (userId: number) =>
      db
        .selectFrom('users')
        .select(['id', 'nick_name', 'user_expert', 'status', 'company', 'job_title'])
        .where('id', '=', userId)
        .executeTakeFirst(),

    /**
     * Makes the member a resident expert: the expert role for every site (once), the flag 20, the
     * fields of expertise (when given, replacing the old ones) and, from an application, the company,
     * title and industry it states.
     */
    async makeExpert(
      userId: number,
      now: number,
      profile?: { company: string; job_title: string; industry_id: number | null; field_ids: number[] },
    ): Promise<void> {
      const held = await db
        .selectFrom('user_roles')
        .select('id')
        .where('user_id', '=', userId)
        .where('role', '=', EXPERT_ROLE)
        .where('site_id', 'is', null)
        .executeTakeFirst();
      if (!held) {
        await db
          .insertInto('user_roles')
          .values({ user_id: userId, role: EXPERT_ROLE, site_id: null, scope_id: null, created_at: now })
          .execute();
      }
      await db
        .updateTable('users')
        .set({
          user_expert: EXPERT_FLAG.expert,
          updated_at: now,
          ...(profile
            ? { company: profile.company, job_title: profile.job_title, industry_id: profile.industry_id }
            : {}),
        })
        .where('id', '=', userId)
        .execute();
      if (profile) {
        await db.deleteFrom('expert_fields').where('user_id', '=', userId).execute();
        if (profile.field_ids.length > 0) {
          await db
            .insertInto('expert_fields')
            .values(profile.field_ids.map((field_id) => ({ user_id: userId, field_id })))
            .execute();
        }
      }
    },

    /** Takes the expert status away: every expert grant and the flag. Answers the grants removed. */
    async unmakeExpert(userId: number, now: number): Promise<number> {
      const removed = await db
        .deleteFrom('user_roles')
        .where('user_id', '=', userId)
        .where('role', '=', EXPERT_ROLE)
        .executeTakeFirst();
      const flag = await db
        .updateTable('users')
        .set({ user_expert: EXPERT_FLAG.normal, updated_at: now })
        .where('id', '=', userId)
        .where('user_expert', '=', EXPERT_FLAG.expert)
        .executeTakeFirst();
      return Number(removed.numDeletedRows) + Number(flag.numUpdatedRows);
    },

    /** Resident experts for the back office, newest member first (keyset on the id). */
    experts(after: KeysetCursor | null, limit: number) {
      let query = db
        .selectFrom('users')
        .select([
          'users.id',
          'users.company',
          'users.job_title',
          'users.user_expert',
          (eb) =>
            eb
              .selectFrom('user_roles')
              .select(sql<number>`min(user_roles.created_at)`.as('since'))
              .whereRef('user_roles.user_id', '=', 'users.id')
              .where('user_roles.role', '=', EXPERT_ROLE)
              .as('since'),
        ])
        .where((eb) =>
          eb.or([
            eb('users.user_expert', '=', EXPERT_FLAG.expert),
            eb.exists(
              eb
                .selectFrom('user_roles')
                .select(sql`1`.as('one'))
                .whereRef('user_roles.user_id', '=', 'users.id')
                .where('user_roles.role', '=', EXPERT_ROLE),
            ),
          ]),
        );
      if (after) query = query.where('users.id', '<', after.id);
      return query.orderBy('users.id', 'desc').limit(limit).execute();
    },
  };
}

export type ExpertApplicationRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof expertApplicationsRepository>['byUser']>>
>;
