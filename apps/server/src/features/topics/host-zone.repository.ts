import { sql, type Kysely } from 'kysely';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import type { Executor } from '../../db/executor';
import { DAY_MS } from '../../db/day-counts';
import type { DB } from '../../db/schema';

/**
 * Adds `views` of an article to its topic's row of the day `at` falls on (UTC), in the caller's
 * transaction: the view counter calls it as it writes the article's own count.
 */
export async function addTopicDayViews(executor: Executor, articleId: number, views: number, at: number) {
  const article = await executor
    .selectFrom('topic_articles')
    .select('topic_id')
    .where('id', '=', articleId)
    .executeTakeFirst();
  if (!article) return;
  await executor
    .insertInto('topic_daily_views')
    .values({ topic_id: article.topic_id, day: Math.floor(at / DAY_MS), views })
    .onConflict((oc) =>
      oc.columns(['topic_id', 'day']).doUpdateSet((eb) => ({ views: eb('topic_daily_views.views', '+', views) })),
    )
    .execute();
}

/** The host zone's queries (issue 19, item 6): a host's topics, their queue, picks and days. */
export function hostZoneRepository(db: Kysely<DB>) {
  return {
    /**
     * A page of the site's topics among `ids` (all of the site's when `ids` is null), in the topic
     * list's order (`sort`, then id), after the keyset position `after`.
     */
    topics(siteId: number, ids: readonly number[] | null, after: { at: number; id: number } | null, limit: number) {
      if (ids !== null && ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('topics')
        .select(['id', 'sort', 'title', 'article_count', 'follower_count'])
        .where('site_id', '=', siteId)
        .$if(ids !== null, (q) => q.where('id', 'in', ids!))
        .$if(after !== null, (q) => q.where((eb) => eb(eb.refTuple('sort', 'id'), '>', eb.tuple(after!.at, after!.id))))
        .orderBy('sort')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Views of each topic's approved articles. */
    async views(topicIds: number[]): Promise<Map<number, number>> {
      if (topicIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('topic_articles')
        .select(['topic_id', sql<number | string>`coalesce(sum(view_count), 0)`.as('n')])
        .where('topic_id', 'in', topicIds)
        .where('status', '=', REVIEW_STATUS.approved)
        .where('deleted_at', 'is', null)
        .groupBy('topic_id')
        .execute();
      return new Map(rows.map((r) => [r.topic_id, Number(r.n)]));
    },

    /** Pending articles of these topics with their queue row, oldest first. */
    pending(topicIds: number[]) {
      if (topicIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('topic_articles as a')
        .innerJoin('review_items as r', (join) =>
          join.onRef('r.item_id', '=', 'a.id').on('r.kind', '=', 'article').on('r.status', '=', REVIEW_STATUS.pending),
        )
        .select(['r.id as review_id', 'a.id', 'a.topic_id', 'a.title', 'a.author_id', 'a.created_at'])
        .where('a.topic_id', 'in', topicIds)
        .where('a.status', '=', REVIEW_STATUS.pending)
        .where('a.deleted_at', 'is', null)
        .orderBy('r.id')
        .limit(200)
        .execute();
    },

    /** The latest approved articles of a topic, featured ones first. */
    approved(topicId: number, limit: number) {
      return db
        .selectFrom('topic_articles')
        .select(['id', 'title', 'view_count', 'featured_at', 'published_at'])
        .where('topic_id', '=', topicId)
        .where('status', '=', REVIEW_STATUS.approved)
        .where('deleted_at', 'is', null)
        .orderBy(sql`case when featured_at is null then 1 else 0 end`)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Per topic and UTC day since `since`: approved articles published, follows made and views, each
     * counted by the database in one query over all the topics.
     */
    async days(topicIds: number[], since: number) {
      const perDay = new Map<
        number,
        { published: Map<number, number>; follows: Map<number, number>; views: Map<number, number> }
      >();
      const of = (topicId: number) => {
        let entry = perDay.get(topicId);
        if (!entry) perDay.set(topicId, (entry = { published: new Map(), follows: new Map(), views: new Map() }));
        return entry;
      };
      if (topicIds.length === 0) return perDay;
      // The day as a literal, so the select and the group by are the same expression to PostgreSQL.
      const dayOf = (column: string) => sql<number>`cast(${sql.ref(column)} / ${sql.lit(DAY_MS)} as integer)`;
      const [published, follows, views] = await Promise.all([
        db
          .selectFrom('topic_articles')
          .select(['topic_id', dayOf('published_at').as('day'), sql<number | string>`count(*)`.as('n')])
          .where('topic_id', 'in', topicIds)
          .where('status', '=', REVIEW_STATUS.approved)
          .where('deleted_at', 'is', null)
          .where('published_at', '>=', since)
          .groupBy(['topic_id', dayOf('published_at')])
          .execute(),
        db
          .selectFrom('topic_follows')
          .select(['topic_id', dayOf('created_at').as('day'), sql<number | string>`count(*)`.as('n')])
          .where('topic_id', 'in', topicIds)
          .where('created_at', '>=', since)
          .groupBy(['topic_id', dayOf('created_at')])
          .execute(),
        db
          .selectFrom('topic_daily_views')
          .select(['topic_id', 'day', 'views as n'])
          .where('topic_id', 'in', topicIds)
          .where('day', '>=', Math.floor(since / DAY_MS))
          .execute(),
      ]);
      for (const r of published) of(r.topic_id).published.set(Number(r.day), Number(r.n));
      for (const r of follows) of(r.topic_id).follows.set(Number(r.day), Number(r.n));
      for (const r of views) of(r.topic_id).views.set(Number(r.day), Number(r.n));
      return perDay;
    },

    /** Marks or unmarks an approved article featured; answers whether it changed. */
    async setFeatured(executor: Executor, articleId: number, featuredAt: number | null): Promise<boolean> {
      const result = await executor
        .updateTable('topic_articles')
        .set({ featured_at: featuredAt })
        .where('id', '=', articleId)
        .where('status', '=', REVIEW_STATUS.approved)
        .where('deleted_at', 'is', null)
        .where('featured_at', featuredAt === null ? 'is not' : 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
