import { sql, type Kysely } from 'kysely';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { FEEDBACK_STATUS } from '@portal/contracts/feedback';
import type { DB } from '../../db/schema';

export const DAY_MS = 86_400_000;

/** How many rows fell on each day: day number (days since the epoch in the zone) → count. */
export type DayCounts = Map<number, number>;

/**
 * `(created_at + offset) / 86400000`: the day number of a time in a zone `offsetMs` east of UTC.
 * Integer division on bigint in both SQLite and PostgreSQL, so it floors for every time after 1970.
 * The offset is a whole number of minutes checked by the caller, written in as a literal.
 */
function dayOf(column: 'created_at', offsetMs: number) {
  return sql<number>`(${sql.ref(column)} + ${sql.lit(Math.trunc(offsetMs))}) / ${sql.lit(DAY_MS)}`;
}

const count = sql<number | string>`count(*)`;

function toDayCounts(rows: ReadonlyArray<{ day: number | string; n: number | string }>): DayCounts {
  return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
}

/** The back office's reads that belong to no other domain (Kysely only, no rules). */
export function adminRepository(db: Kysely<DB>) {
  return {
    /** The staff member's name and avatar for the back office's header. */
    async memberCard(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'nick_name', 'avatar_url'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * The dashboard's figures for one site in a handful of aggregate queries. Accounts are shared by
     * both sites, so the member figures are not per site. `since` is the first moment of the trend's
     * first day; new accounts and posts are counted per day from there (users_created and the
     * posts' site index keep these to the last 30 days' rows).
     */
    async dashboard(siteId: number, since: number, offsetMs: number) {
      const [members, memberDays, posts, postDays, articles, events, feedback, messages] = await Promise.all([
        db.selectFrom('users').select(count.as('n')).where('status', '=', 1).executeTakeFirstOrThrow(),
        db
          .selectFrom('users')
          .select([dayOf('created_at', offsetMs).as('day'), count.as('n')])
          .where('created_at', '>=', since)
          .groupBy(sql`1`)
          .execute(),
        db
          .selectFrom('posts')
          .select(count.as('n'))
          .where('site_id', '=', siteId)
          .where('status', '=', REVIEW_STATUS.approved)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('posts')
          .select([dayOf('created_at', offsetMs).as('day'), count.as('n')])
          .where('site_id', '=', siteId)
          .where('created_at', '>=', since)
          .groupBy(sql`1`)
          .execute(),
        db
          .selectFrom('topic_articles')
          .select(['status', count.as('n')])
          .where('site_id', '=', siteId)
          .where('status', 'in', [REVIEW_STATUS.pending, REVIEW_STATUS.approved])
          .groupBy('status')
          .execute(),
        db.selectFrom('activities').select(count.as('n')).where('site_id', '=', siteId).executeTakeFirstOrThrow(),
        db
          .selectFrom('feedback')
          .select(count.as('n'))
          .where('site_id', '=', siteId)
          .where('status', '=', FEEDBACK_STATUS.new)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('messages')
          .select(count.as('n'))
          .where('created_at', '>=', since)
          .where((eb) => eb.or([eb('site_id', '=', siteId), eb('site_id', 'is', null)]))
          .executeTakeFirstOrThrow(),
      ]);
      const articlesBy = new Map(articles.map((r) => [Number(r.status), Number(r.n)]));
      return {
        membersTotal: Number(members.n),
        memberDays: toDayCounts(memberDays),
        posts: Number(posts.n),
        postDays: toDayCounts(postDays),
        articlesPending: articlesBy.get(REVIEW_STATUS.pending) ?? 0,
        articlesApproved: articlesBy.get(REVIEW_STATUS.approved) ?? 0,
        events: Number(events.n),
        feedbackOpen: Number(feedback.n),
        messages: Number(messages.n),
      };
    },
  };
}
