import { REVIEW_STATUS } from '@portal/contracts/constants';
import { countAll } from '../../db/day-counts';
import type {
  AuthoredContent,
  DashboardFigure,
  DictionaryUse,
  HomeFigure,
  TopicDirectory,
} from '../../platform/kit/feature';

export const articleCount: HomeFigure = {
  key: 'topic_article_count',
  async count(db, siteId) {
    const row = await db
      .selectFrom('topic_articles')
      .select(countAll.as('n'))
      .where('site_id', '=', siteId)
      .where('status', '=', REVIEW_STATUS.approved)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

/** Topic articles waiting for review and published. */
export const articleDashboard: DashboardFigure = async (db, window) => {
  const rows = await db
    .selectFrom('topic_articles')
    .select(['status', countAll.as('n')])
    .where('site_id', '=', window.siteId)
    .where('status', 'in', [REVIEW_STATUS.pending, REVIEW_STATUS.approved])
    .groupBy('status')
    .execute();
  const by = new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
  return {
    articlesPending: by.get(REVIEW_STATUS.pending) ?? 0,
    articlesApproved: by.get(REVIEW_STATUS.approved) ?? 0,
  };
};

/** Topic articles keep their source by value, on the entry's site. */
export const articleSources: DictionaryUse = {
  kind: 'source',
  usage: 'articles',
  async count(executor, entry) {
    const row = await executor
      .selectFrom('topic_articles')
      .select(countAll.as('n'))
      .where('site_id', '=', entry.site_id)
      .where('source', '=', entry.value)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};

/** The site's topics as other domains attach to them (an event's topic, decision 030). */
export const topicDirectory: TopicDirectory = {
  async find(executor, siteId, topicId) {
    const row = await executor
      .selectFrom('topics')
      .select(['id', 'title', 'cover_url', 'archived_at'])
      .where('id', '=', topicId)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    return row
      ? { id: row.id, title: row.title, cover_url: row.cover_url, archived: row.archived_at !== null }
      : undefined;
  },
  list(executor, siteId, limit) {
    return executor
      .selectFrom('topics')
      .select(['id', 'title'])
      .where('site_id', '=', siteId)
      .where('archived_at', 'is', null)
      .orderBy('sort')
      .orderBy('id')
      .limit(limit)
      .execute();
  },
};

/** Approved, not deleted topic articles per author (the experts directory and an expert's page). */
export const authoredArticles: AuthoredContent = {
  kind: 'articles',
  async list(executor, siteId, authorId, sort, after, limit) {
    const key = sort === 'hot' ? 'like_count' : 'published_at';
    let query = executor
      .selectFrom('topic_articles')
      .select(['id', 'title', 'like_count', 'comment_count', 'published_at', 'created_at'])
      .where('site_id', '=', siteId)
      .where('author_id', '=', authorId)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('deleted_at', 'is', null)
      .where('published_at', 'is not', null);
    if (after) {
      // A row-value comparison: one range of the author's index, as the other lists walk theirs.
      query = query.where((eb) => eb(eb.refTuple(key, 'id'), '<', eb.tuple(after.at, after.id)));
    }
    const rows = await query.orderBy(key, 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      target_id: r.id,
      title: r.title,
      excerpt: '',
      like_count: r.like_count,
      comment_count: r.comment_count,
      created_at: Number(r.published_at ?? r.created_at),
    }));
  },
  async count(executor, siteId, authorIds) {
    if (authorIds.length === 0) return new Map();
    const rows = await executor
      .selectFrom('topic_articles')
      .select(['author_id', countAll.as('n')])
      .where('site_id', '=', siteId)
      .where('author_id', 'in', authorIds)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('deleted_at', 'is', null)
      .groupBy('author_id')
      .execute();
    return new Map(rows.map((r) => [r.author_id, Number(r.n)]));
  },
};
