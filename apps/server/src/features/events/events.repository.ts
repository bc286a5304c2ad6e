import type { Kysely } from 'kysely';
import { SIGNUP_STATUS } from '@portal/contracts/events';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { togglePair } from '../../db/toggle-pair';

export interface ListQuery {
  siteId: number;
  province?: string;
  city?: string;
  isOnline?: 0 | 1;
  state?: number;
  /** The events attached to this topic (decision 030). */
  topicId?: number;
  /** Events that take place (in part) within [from, to). */
  range?: { from: number; to: number };
  now: number;
  after: { at: number; id: number } | null;
  limit: number;
}

/** What a card of the list shows: not the body, the form or the agenda (a list page reads 16 rows). */
export const CARD_COLUMNS = [
  'id',
  'title',
  'summary',
  'cover_url',
  'is_online',
  'address',
  'province',
  'area',
  'starts_at',
  'ends_at',
  'signup_starts_at',
  'signup_ends_at',
  'signup_count',
  'capacity',
  'waitlist_enabled',
] as const;
export type CardColumn = (typeof CARD_COLUMNS)[number];

/** Events: Kysely only. */
export function eventsRepository(db: Kysely<DB>) {
  return {
    /** The latest events of a site, for the home page's block. */
    latest(siteId: number, limit: number) {
      return db
        .selectFrom('activities')
        .selectAll()
        .where('site_id', '=', siteId)
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** One page of the list, newest start first (keyset on starts_at, id). */
    list(q: ListQuery) {
      let query = db.selectFrom('activities').select(CARD_COLUMNS).where('site_id', '=', q.siteId);
      if (q.province !== undefined) query = query.where('province', '=', q.province);
      if (q.city !== undefined) query = query.where('area', '=', q.city);
      if (q.isOnline !== undefined) query = query.where('is_online', '=', q.isOnline);
      if (q.topicId !== undefined) query = query.where('topic_id', '=', q.topicId);
      if (q.range) query = query.where('starts_at', '<', q.range.to).where('ends_at', '>', q.range.from);
      const now = q.now;
      if (q.state === 40) query = query.where('ends_at', '<=', now);
      if (q.state === 30) query = query.where('starts_at', '<=', now).where('ends_at', '>', now);
      if (q.state === 20) {
        query = query
          .where('starts_at', '>', now)
          .where('signup_starts_at', '<=', now)
          .where('signup_ends_at', '>', now);
      }
      if (q.state === 10) {
        query = query
          .where('starts_at', '>', now)
          .where((eb) => eb.or([eb('signup_starts_at', '>', now), eb('signup_ends_at', '<=', now)]));
      }
      if (q.after) {
        const { at, id } = q.after;
        // A row-value comparison, which both databases walk as one range of the (…, starts_at, id)
        // indexes; the equivalent OR was a filter over every row before the cursor.
        query = query.where((eb) => eb(eb.refTuple('starts_at', 'id'), '<', eb.tuple(at, id)));
      }
      return query.orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
    },

    /**
     * One page of a member's sign-ups on a site (decision 030), keyset on the event's start and the
     * sign-up id: upcoming and waitlisted soonest first, past latest first.
     */
    mySignups(q: {
      siteId: number;
      userId: number;
      group: 'upcoming' | 'waitlisted' | 'past';
      now: number;
      after: { at: number; id: number } | null;
      limit: number;
    }) {
      const ascending = q.group !== 'past';
      let query = db
        .selectFrom('activity_signups')
        .innerJoin('activities', 'activities.id', 'activity_signups.activity_id')
        .selectAll('activities')
        .select([
          'activity_signups.id as signup_id',
          'activity_signups.status as signup_status',
          'activity_signups.created_at as signup_created_at',
          'activity_signups.checked_in_at as signup_checked_in_at',
        ])
        .where('activity_signups.user_id', '=', q.userId)
        .where('activities.site_id', '=', q.siteId)
        .where(
          'activity_signups.status',
          '=',
          q.group === 'waitlisted' ? SIGNUP_STATUS.waiting : SIGNUP_STATUS.signedUp,
        )
        .where('activities.ends_at', q.group === 'past' ? '<=' : '>', q.now);
      if (q.after) {
        const { at, id } = q.after;
        const cmp = ascending ? '>' : '<';
        query = query.where((eb) =>
          eb.or([
            eb('activities.starts_at', cmp, at),
            eb.and([eb('activities.starts_at', '=', at), eb('activity_signups.id', cmp, id)]),
          ]),
        );
      }
      const dir = ascending ? 'asc' : 'desc';
      return query.orderBy('activities.starts_at', dir).orderBy('activity_signups.id', dir).limit(q.limit).execute();
    },

    /** One page of a member's favourite events on a site, latest favourite first (keyset on its time and the event id). */
    myFavourites(q: { siteId: number; userId: number; after: { at: number; id: number } | null; limit: number }) {
      let query = db
        .selectFrom('activity_favourites')
        .innerJoin('activities', 'activities.id', 'activity_favourites.activity_id')
        .selectAll('activities')
        .select('activity_favourites.created_at as favourite_created_at')
        .where('activity_favourites.user_id', '=', q.userId)
        .where('activities.site_id', '=', q.siteId);
      if (q.after) {
        const { at, id } = q.after;
        query = query.where((eb) =>
          eb.or([
            eb('activity_favourites.created_at', '<', at),
            eb.and([eb('activity_favourites.created_at', '=', at), eb('activity_favourites.activity_id', '<', id)]),
          ]),
        );
      }
      return query
        .orderBy('activity_favourites.created_at', 'desc')
        .orderBy('activity_favourites.activity_id', 'desc')
        .limit(q.limit)
        .execute();
    },

    /** The start and end of the events taking place within a range (the calendar's marks). */
    spans(q: { siteId: number; province?: string; city?: string; isOnline?: 0 | 1; from: number; to: number }) {
      let query = db
        .selectFrom('activities')
        .select(['starts_at', 'ends_at'])
        .where('site_id', '=', q.siteId)
        .where('starts_at', '<', q.to)
        .where('ends_at', '>', q.from);
      if (q.province !== undefined) query = query.where('province', '=', q.province);
      if (q.city !== undefined) query = query.where('area', '=', q.city);
      if (q.isOnline !== undefined) query = query.where('is_online', '=', q.isOnline);
      return query.limit(5000).execute();
    },

    /** Offline events per province and city. */
    areas(siteId: number) {
      return db
        .selectFrom('activities')
        .select(['province', 'area', (eb) => eb.fn.countAll<number>().as('n')])
        .where('site_id', '=', siteId)
        .where('is_online', '=', 0)
        .where('province', '<>', '')
        .groupBy(['province', 'area'])
        .orderBy('province')
        .orderBy('area')
        .execute();
    },

    find(executor: Executor, siteId: number, id: number) {
      return executor
        .selectFrom('activities')
        .selectAll()
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .executeTakeFirst();
    },

    linked(groupId: number, id: number) {
      return db
        .selectFrom('activities')
        .select(['id', 'site_id'])
        .where('lang_group_id', '=', groupId)
        .where('id', '<>', id)
        .execute();
    },

    counts(executor: Executor, id: number) {
      return executor
        .selectFrom('activities')
        .select(['signup_count', 'waitlist_count', 'like_count', 'favourite_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },

    /**
     * Takes a seat if one is left: one conditional UPDATE, so under concurrent sign-ups the last seat
     * goes to exactly one of them (PostgreSQL re-checks the condition on the locked row; SQLite runs
     * one writer at a time). Capacity 0 means no limit. Answers whether a seat was taken.
     */
    async takeSeat(executor: Executor, id: number): Promise<boolean> {
      const res = await executor
        .updateTable('activities')
        .set((eb) => ({ signup_count: eb('signup_count', '+', 1) }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('capacity', '=', 0), eb('signup_count', '<', eb.ref('capacity'))]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async bump(
      executor: Executor,
      id: number,
      delta: { seats?: number; waiting?: number; likes?: number; favourites?: number; questions?: number },
    ) {
      await executor
        .updateTable('activities')
        .set((eb) => ({
          signup_count: eb('signup_count', '+', delta.seats ?? 0),
          waitlist_count: eb('waitlist_count', '+', delta.waiting ?? 0),
          like_count: eb('like_count', '+', delta.likes ?? 0),
          favourite_count: eb('favourite_count', '+', delta.favourites ?? 0),
          question_count: eb('question_count', '+', delta.questions ?? 0),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** The member's live sign-up (signed up or waiting) of an event. */
    liveSignup(executor: Executor, activityId: number, userId: number) {
      return executor
        .selectFrom('activity_signups')
        .select(['id', 'status', 'created_at'])
        .where('activity_id', '=', activityId)
        .where('user_id', '=', userId)
        .where('status', 'in', [SIGNUP_STATUS.signedUp, SIGNUP_STATUS.waiting])
        .executeTakeFirst();
    },

    insertSignup(
      executor: Executor,
      row: { activityId: number; userId: number; status: number; answers: string; now: number; code: string },
    ) {
      return executor
        .insertInto('activity_signups')
        .values({
          activity_id: row.activityId,
          user_id: row.userId,
          status: row.status,
          answers: row.answers,
          created_at: row.now,
          updated_at: row.now,
          checkin_code: row.code,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /** Moves a sign-up from one status to another if it still has the first; answers whether it did. */
    async moveSignup(executor: Executor, id: number, from: number, to: number, now: number): Promise<boolean> {
      const res = await executor
        .updateTable('activity_signups')
        .set({ status: to, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The first member waiting (oldest first). */
    firstWaiting(executor: Executor, activityId: number) {
      return executor
        .selectFrom('activity_signups')
        .select(['id', 'user_id'])
        .where('activity_id', '=', activityId)
        .where('status', '=', SIGNUP_STATUS.waiting)
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    /** 1 for the first one waiting. */
    async waitlistPosition(executor: Executor, activityId: number, signup: { id: number; created_at: number }) {
      const row = await executor
        .selectFrom('activity_signups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('activity_id', '=', activityId)
        .where('status', '=', SIGNUP_STATUS.waiting)
        .where((eb) =>
          eb.or([
            eb('created_at', '<', signup.created_at),
            eb.and([eb('created_at', '=', signup.created_at), eb('id', '<=', signup.id)]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    isPaired(table: 'activity_likes' | 'activity_favourites', activityId: number, userId: number) {
      return db
        .selectFrom(table)
        .select('user_id')
        .where('activity_id', '=', activityId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .then(Boolean);
    },

    /** Adds the pair, or removes it when it is there (`db/toggle-pair.ts`); answers whether it is there now. */
    togglePair(
      executor: Executor,
      table: 'activity_likes' | 'activity_favourites' | 'activity_question_likes',
      targetId: number,
      userId: number,
      now: number,
    ): Promise<boolean> {
      return table === 'activity_question_likes'
        ? togglePair(executor, table, 'question_id', targetId, userId, now)
        : togglePair(executor, table, 'activity_id', targetId, userId, now);
    },

    questions(activityId: number, after: { at: number; id: number } | null, limit: number) {
      let query = db
        .selectFrom('activity_questions')
        .select(['id', 'activity_id', 'user_id', 'content', 'like_count', 'created_at'])
        .where('activity_id', '=', activityId)
        .where('deleted_at', 'is', null);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('created_at', '<', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)])]),
        );
      }
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    likedQuestions(userId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('activity_question_likes')
        .select('question_id')
        .where('user_id', '=', userId)
        .where('question_id', 'in', ids)
        .execute();
    },

    question(executor: Executor, id: number) {
      return executor
        .selectFrom('activity_questions')
        .innerJoin('activities', 'activities.id', 'activity_questions.activity_id')
        .select([
          'activity_questions.id',
          'activity_questions.activity_id',
          'activity_questions.user_id',
          'activity_questions.content',
          'activity_questions.like_count',
          'activity_questions.created_at',
          'activities.site_id',
        ])
        .where('activity_questions.id', '=', id)
        .where('activity_questions.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    insertQuestion(executor: Executor, row: { activityId: number; userId: number; content: string; now: number }) {
      return executor
        .insertInto('activity_questions')
        .values({ activity_id: row.activityId, user_id: row.userId, content: row.content, created_at: row.now })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /** Soft-deletes a question once; answers whether this call did it. */
    async deleteQuestion(executor: Executor, id: number, now: number): Promise<boolean> {
      const res = await executor
        .updateTable('activity_questions')
        .set({ deleted_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async bumpQuestionLikes(executor: Executor, id: number, delta: number) {
      const row = await executor
        .updateTable('activity_questions')
        .set((eb) => ({ like_count: eb('like_count', '+', delta) }))
        .where('id', '=', id)
        .returning('like_count')
        .executeTakeFirstOrThrow();
      return Number(row.like_count);
    },
  };
}

export type EventsRepository = ReturnType<typeof eventsRepository>;

/** A unique-index violation (a second live sign-up racing the first), on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}
