import { sql } from 'kysely';
import { MVP_ROLE } from '@portal/contracts/permissions';
import type { Executor } from '../../db/executor';
import type { KeysetCursor } from '../../lib/keyset';
import { grantInForce } from '../../platform/roles/active-grant';

/** The columns a member fills in, as stored (the lists as JSON text). */
export interface StoredMvpFields {
  real_name: string;
  company: string;
  job_title: string;
  field_ids: string;
  biography: string;
  contributions: string;
}

const APPLICATION_COLUMNS = [
  'id',
  'user_id',
  'site_id',
  'status',
  'real_name',
  'company',
  'job_title',
  'field_ids',
  'biography',
  'contributions',
  'created_at',
  'updated_at',
  'submitted_at',
] as const;

const AWARD_COLUMNS = ['id', 'user_id', 'year', 'starts_at', 'ends_at', 'ended_at', 'end_reason'] as const;

/** MVP applications, awarded terms and the mvp role's grants (decision 044). Kysely only. */
export function mvpRepository(db: Executor) {
  return {
    applicationOf: (userId: number) =>
      db.selectFrom('mvp_applications').select(APPLICATION_COLUMNS).where('user_id', '=', userId).executeTakeFirst(),

    applicationById: (id: number) =>
      db.selectFrom('mvp_applications').select(APPLICATION_COLUMNS).where('id', '=', id).executeTakeFirst(),

    /** The member's row, made once: two first saves at once make one row (user_id is unique). */
    async ensureApplication(userId: number, siteId: number, now: number): Promise<void> {
      await db
        .insertInto('mvp_applications')
        .values({ user_id: userId, site_id: siteId, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /** Writes the fields unless the application is pending: of two submissions at once one finds it pending. */
    async writeUnlessPending(
      userId: number,
      siteId: number,
      fields: StoredMvpFields,
      next: { status: number; now: number; submitted: boolean },
    ): Promise<number | null> {
      const row = await db
        .updateTable('mvp_applications')
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

    async setApplicationStatus(id: number, status: number, now: number): Promise<void> {
      await db.updateTable('mvp_applications').set({ status, updated_at: now }).where('id', '=', id).execute();
    },

    /** The member's mvp grant that counts at `now` (the one for every site), if any. */
    grantInForce: (userId: number, now: number) =>
      db
        .selectFrom('user_roles')
        .select(['id', 'expires_at', 'created_at'])
        .where('user_id', '=', userId)
        .where('role', '=', MVP_ROLE)
        .where((eb) => grantInForce(eb, now))
        .orderBy('id')
        .executeTakeFirst(),

    /** The member's award whose term is running at `now` (the latest one when renewed). */
    currentAward: (userId: number, now: number) =>
      db
        .selectFrom('mvp_awards')
        .select(AWARD_COLUMNS)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .where('ends_at', '>', now)
        .orderBy('ends_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    award: (id: number) => db.selectFrom('mvp_awards').select(AWARD_COLUMNS).where('id', '=', id).executeTakeFirst(),

    async insertAward(values: {
      userId: number;
      year: number;
      startsAt: number;
      endsAt: number;
      applicationId: number | null;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('mvp_awards')
        .values({
          user_id: values.userId,
          year: values.year,
          starts_at: values.startsAt,
          ends_at: values.endsAt,
          application_id: values.applicationId,
          created_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async setAwardEnd(id: number, endsAt: number): Promise<void> {
      await db.updateTable('mvp_awards').set({ ends_at: endsAt }).where('id', '=', id).execute();
    },

    /** Marks the member's open awards ended (those whose end has come, or all when `all`). */
    async closeAwards(userId: number, now: number, reason: string, all: boolean): Promise<void> {
      let query = db
        .updateTable('mvp_awards')
        .set({ ended_at: now, end_reason: reason })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null);
      if (!all) query = query.where('ends_at', '<=', now);
      await query.execute();
    },

    /**
     * Gives the member the mvp role for every site until `expiresAt`: the one grant is made, or its
     * end moved (a renewal, or staff changing the term), never a second row.
     */
    async holdRoleUntil(userId: number, expiresAt: number, now: number): Promise<void> {
      const moved = await db
        .updateTable('user_roles')
        .set({ expires_at: expiresAt })
        .where('user_id', '=', userId)
        .where('role', '=', MVP_ROLE)
        .where('site_id', 'is', null)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) > 0) return;
      await db
        .insertInto('user_roles')
        .values({
          user_id: userId,
          role: MVP_ROLE,
          site_id: null,
          scope_id: null,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
    },

    /** Removes every mvp grant of the member: answers how many went (0 when another process was first). */
    async dropRole(userId: number): Promise<number> {
      const result = await db
        .deleteFrom('user_roles')
        .where('user_id', '=', userId)
        .where('role', '=', MVP_ROLE)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Mvp grants whose end has come, oldest end first: the sweep's work. */
    expiredGrants: (now: number, limit: number) =>
      db
        .selectFrom('user_roles')
        .select(['id', 'user_id', 'expires_at'])
        .where('role', '=', MVP_ROLE)
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Deletes one expired grant: true for the one caller (of several processes) whose delete took it. */
    async dropExpiredGrant(id: number, now: number): Promise<boolean> {
      const result = await db
        .deleteFrom('user_roles')
        .where('id', '=', id)
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The award years, newest first. */
    async years(): Promise<number[]> {
      const rows = await db.selectFrom('mvp_awards').select('year').distinct().orderBy('year', 'desc').execute();
      return rows.map((r) => Number(r.year));
    },

    /** Awards of a year, newest first (keyset on id); a renewed member appears once per award. */
    awardsOfYear(year: number, after: KeysetCursor | null, limit: number) {
      let query = db.selectFrom('mvp_awards').select(AWARD_COLUMNS).where('year', '=', year);
      if (after) query = query.where('id', '<', after.id);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    /** Current terms (the latest open award of each member with a term running), ending soonest first. */
    currentAwards(now: number, after: KeysetCursor | null, limit: number) {
      let query = db
        .selectFrom('mvp_awards')
        .select(AWARD_COLUMNS)
        .where('ended_at', 'is', null)
        .where('ends_at', '>', now)
        .where('starts_at', '<=', now);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('ends_at', '>', after.at), eb.and([eb('ends_at', '=', after.at), eb('id', '>', after.id)])]),
        );
      }
      return query.orderBy('ends_at').orderBy('id').limit(limit).execute();
    },

    member: (userId: number) =>
      db.selectFrom('users').select(['id', 'nick_name', 'status']).where('id', '=', userId).executeTakeFirst(),

    dictionaryNames: (ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('dictionaries')
            .select(['id', 'label'])
            .where('id', 'in', [...ids])
            .execute(),

    /** Counts a member's awards (for the review's facts). */
    async awardCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('mvp_awards')
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type MvpApplicationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof mvpRepository>['applicationOf']>>>;
export type MvpAwardRow = NonNullable<Awaited<ReturnType<ReturnType<typeof mvpRepository>['award']>>>;
