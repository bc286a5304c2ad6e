import { sql, type Kysely } from 'kysely';
import { EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import type { DB } from '../../db/schema';

export function homeRepository(db: Kysely<DB>) {
  return {
    liveBanners(siteId: number, now: number) {
      return db
        .selectFrom('banners')
        .select(['id', 'title', 'image_url', 'link_url', 'sort'])
        .where('site_id', '=', siteId)
        .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('sort')
        .orderBy('id')
        .limit(10)
        .execute();
    },

    async stats(siteId: number) {
      const count = sql<number>`count(*)`.as('n');
      const [members, experts, activities, articles, posts] = await Promise.all([
        db.selectFrom('users').select(count).where('status', '=', 1).executeTakeFirstOrThrow(),
        db
          .selectFrom('users')
          .select(count)
          .where('status', '=', 1)
          .where('user_expert', '=', EXPERT_FLAG.expert)
          .executeTakeFirstOrThrow(),
        db.selectFrom('activities').select(count).where('site_id', '=', siteId).executeTakeFirstOrThrow(),
        db
          .selectFrom('topic_articles')
          .select(count)
          .where('site_id', '=', siteId)
          .where('status', '=', REVIEW_STATUS.approved)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('posts')
          .select(count)
          .where('site_id', '=', siteId)
          .where('status', '=', REVIEW_STATUS.approved)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        members: Number(members.n),
        experts: Number(experts.n),
        activities: Number(activities.n),
        articles: Number(articles.n),
        posts: Number(posts.n),
      };
    },

    latestActivities(siteId: number, limit: number) {
      return db
        .selectFrom('activities')
        .selectAll()
        .where('site_id', '=', siteId)
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    topics(siteId: number, limit: number) {
      return db
        .selectFrom('topics')
        .select(['id', 'title', 'description', 'cover_url', 'article_count'])
        .where('site_id', '=', siteId)
        .orderBy('sort')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Members ranked by the points they earned on this site since a moment. */
    livelyUsers(siteId: number, since: number, limit: number) {
      return db
        .selectFrom('points_ledger')
        .select(['user_id', sql<number>`sum(amount)`.as('recent_points')])
        .where('site_id', '=', siteId)
        .where('created_at', '>=', since)
        .groupBy('user_id')
        .orderBy(sql`sum(amount)`, 'desc')
        .orderBy('user_id')
        .limit(limit)
        .execute();
    },

    page(siteId: number, slug: string) {
      return db
        .selectFrom('pages')
        .select(['title', 'body_html', 'updated_at'])
        .where('site_id', '=', siteId)
        .where('slug', '=', slug)
        .executeTakeFirst();
    },
  };
}

export type HomeRepository = ReturnType<typeof homeRepository>;
