import type { Insertable, Kysely, Updateable } from 'kysely';
import { SIGNUP_STATUS } from '@portal/contracts/events';
import type { ActivitiesTable, DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { refreshSearch } from '../../platform/search/search-index';
import { eventSearchSource } from './events.search';

export type EventValues = Omit<Insertable<ActivitiesTable>, 'id' | 'site_id' | 'created_at'>;

/** The columns of a sign-up as the back office and the public list show it. */
const SIGNUP_COLUMNS = [
  'activity_signups.id',
  'activity_signups.user_id',
  'activity_signups.status',
  'activity_signups.answers',
  'activity_signups.created_at',
  'activity_signups.checked_in_at',
  'activity_signups.checkin_code',
  'users.nick_name',
  'users.email',
  'users.mobile',
  'users.real_name',
  'users.company',
] as const;

/** Events in the back office, sign-up lists and check-in: Kysely only. */
export function eventsAdminRepository(db: Kysely<DB>) {
  return {
    /** A page of the site's events, newest start first (keyset on starts_at, id). */
    list(siteId: number, q: { keyword?: string; after: { at: number; id: number } | null; limit: number }) {
      let query = db.selectFrom('activities').selectAll().where('site_id', '=', siteId);
      if (q.keyword) query = query.where('title', 'like', `%${q.keyword.replace(/[%_\\]/g, '')}%`);
      if (q.after) {
        const { at, id } = q.after;
        query = query.where((eb) =>
          eb.or([eb('starts_at', '<', at), eb.and([eb('starts_at', '=', at), eb('id', '<', id)])]),
        );
      }
      return query.orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
    },

    find(executor: Executor, siteId: number, id: number) {
      return executor
        .selectFrom('activities')
        .selectAll()
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .executeTakeFirst();
    },

    async insert(executor: Executor, siteId: number, values: EventValues, now: number): Promise<number> {
      const row = await executor
        .insertInto('activities')
        .values({ ...values, site_id: siteId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await refreshSearch(executor, eventSearchSource, [Number(row.id)]);
      return Number(row.id);
    },

    async update(executor: Executor, id: number, values: Updateable<ActivitiesTable>) {
      await executor.updateTable('activities').set(values).where('id', '=', id).execute();
      await refreshSearch(executor, eventSearchSource, [id]);
    },

    linked(executor: Executor, groupId: number, id: number) {
      return executor
        .selectFrom('activities')
        .select(['id', 'site_id'])
        .where('lang_group_id', '=', groupId)
        .where('id', '<>', id)
        .orderBy('id')
        .execute();
    },

    /** Whether an attachment with this id and key is an image that exists. */
    async imageAttachment(executor: Executor, id: number, key: string) {
      const row = await executor
        .selectFrom('attachments')
        .select('id')
        .where('id', '=', id)
        .where('access_key', '=', key)
        .where('kind', '=', 'image')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Checked-in members per event. */
    async checkedInCounts(executor: Executor, ids: number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await executor
        .selectFrom('activity_signups')
        .select(['activity_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('activity_id', 'in', ids)
        .where('status', '=', SIGNUP_STATUS.signedUp)
        .where('checked_in_at', 'is not', null)
        .groupBy('activity_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.activity_id), Number(r.n)]));
    },

    /** A page of an event's sign-ups of one status, oldest first, with the members' contacts. */
    signups(
      executor: Executor,
      q: {
        activityId: number;
        status: number;
        keyword?: string;
        after: { at: number; id: number } | null;
        limit: number;
      },
    ) {
      let query = executor
        .selectFrom('activity_signups')
        .innerJoin('users', 'users.id', 'activity_signups.user_id')
        .select(SIGNUP_COLUMNS)
        .where('activity_signups.activity_id', '=', q.activityId)
        .where('activity_signups.status', '=', q.status);
      if (q.keyword) {
        const like = `%${q.keyword.replace(/[%_\\]/g, '')}%`;
        query = query.where((eb) =>
          eb.or([
            eb('users.nick_name', 'like', like),
            eb('users.email', 'like', like),
            eb('users.mobile', 'like', like),
            eb('activity_signups.answers', 'like', like),
          ]),
        );
      }
      if (q.after) {
        const { at, id } = q.after;
        query = query.where((eb) =>
          eb.or([
            eb('activity_signups.created_at', '>', at),
            eb.and([eb('activity_signups.created_at', '=', at), eb('activity_signups.id', '>', id)]),
          ]),
        );
      }
      return query.orderBy('activity_signups.created_at').orderBy('activity_signups.id').limit(q.limit).execute();
    },

    signup(executor: Executor, activityId: number, by: { id: number } | { code: string }) {
      let query = executor
        .selectFrom('activity_signups')
        .innerJoin('users', 'users.id', 'activity_signups.user_id')
        .select(SIGNUP_COLUMNS)
        .where('activity_signups.activity_id', '=', activityId);
      query =
        'id' in by
          ? query.where('activity_signups.id', '=', by.id)
          : query.where('activity_signups.checkin_code', '=', by.code);
      return query.executeTakeFirst();
    },

    /** Marks a seated sign-up checked in if it is not yet; answers whether this call did it. */
    async checkIn(executor: Executor, signupId: number, by: number, now: number): Promise<boolean> {
      const res = await executor
        .updateTable('activity_signups')
        .set({ checked_in_at: now, checked_in_by: by, updated_at: now })
        .where('id', '=', signupId)
        .where('status', '=', SIGNUP_STATUS.signedUp)
        .where('checked_in_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async undoCheckIn(executor: Executor, signupId: number, now: number): Promise<boolean> {
      const res = await executor
        .updateTable('activity_signups')
        .set({ checked_in_at: null, checked_in_by: null, updated_at: now })
        .where('id', '=', signupId)
        .where('checked_in_at', 'is not', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The member's seated sign-up of an event, with its code. */
    seated(activityId: number, userId: number) {
      return db
        .selectFrom('activity_signups')
        .select(['id', 'checkin_code', 'checked_in_at'])
        .where('activity_id', '=', activityId)
        .where('user_id', '=', userId)
        .where('status', '=', SIGNUP_STATUS.signedUp)
        .executeTakeFirst();
    },

    async setCode(executor: Executor, signupId: number, code: string) {
      await executor
        .updateTable('activity_signups')
        .set({ checkin_code: code })
        .where('id', '=', signupId)
        .where('checkin_code', 'is', null)
        .execute();
    },
  };
}

export type SignupRow = NonNullable<Awaited<ReturnType<ReturnType<typeof eventsAdminRepository>['signup']>>>;
