import { sql } from 'kysely';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { POST_TYPE } from '@portal/contracts/discussions';
import { countAll, dayOf, toDayCounts } from '../../db/day-counts';
import type { Executor } from '../../db/executor';
import type { AuthoredContent, DashboardFigure, DictionaryUse, HomeFigure } from '../../platform/kit/feature';

/** Published posts and questions of a site. */
export const postCount: HomeFigure = {
  key: 'post_count',
  async count(db, siteId) {
    const row = await db
      .selectFrom('posts')
      .select(countAll.as('n'))
      .where('site_id', '=', siteId)
      .where('status', '=', REVIEW_STATUS.approved)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

/** Published posts, and new ones per day whatever their state (the posts' site index keeps this to the window). */
export const postDashboard: DashboardFigure = async (db, window) => {
  const [posts, days] = await Promise.all([
    postCount.count(db, window.siteId),
    db
      .selectFrom('posts')
      .select([dayOf('created_at', window.offsetMs).as('day'), countAll.as('n')])
      .where('site_id', '=', window.siteId)
      .where('created_at', '>=', window.since)
      .groupBy(sql`1`)
      .execute(),
  ]);
  return { posts, postDays: toDayCounts(days) };
};

async function postsWhere(
  executor: Executor,
  column: 'industry_id' | 'scene_id' | 'board_id' | 'source',
  value: number,
  siteId?: number,
) {
  let query = executor.selectFrom('posts').select(countAll.as('n')).where(column, '=', value);
  if (siteId !== undefined) query = query.where('site_id', '=', siteId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Posts filed under an industry, scene or board (by id), or a source (by value, on the entry's site). */
export const postDictionaryUses: DictionaryUse[] = [
  { kind: 'industry', usage: 'posts', count: (executor, entry) => postsWhere(executor, 'industry_id', entry.id) },
  { kind: 'scene', usage: 'posts', count: (executor, entry) => postsWhere(executor, 'scene_id', entry.id) },
  { kind: 'board', usage: 'posts', count: (executor, entry) => postsWhere(executor, 'board_id', entry.id) },
  {
    kind: 'source',
    usage: 'posts',
    count: (executor, entry) => postsWhere(executor, 'source', entry.value, entry.site_id),
  },
];

/** Published discussion posts (not questions) per author that are neither hidden nor deleted. */
export const authoredPosts: AuthoredContent = {
  kind: 'posts',
  async list(executor, siteId, authorId, sort, after, limit) {
    const key = sort === 'hot' ? 'like_count' : 'created_at';
    let query = executor
      .selectFrom('posts')
      .select(['id', 'title', 'summary', 'like_count', 'comment_count', 'created_at'])
      .where('site_id', '=', siteId)
      .where('author_id', '=', authorId)
      .where('type', '=', POST_TYPE.discussion)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('hidden', '=', 0)
      .where('deleted_at', 'is', null);
    if (after) {
      // A row-value comparison: one range of the author's index, as the other lists walk theirs.
      query = query.where((eb) => eb(eb.refTuple(key, 'id'), '<', eb.tuple(after.at, after.id)));
    }
    const rows = await query.orderBy(key, 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      target_id: r.id,
      title: r.title,
      excerpt: r.summary,
      like_count: r.like_count,
      comment_count: r.comment_count,
      created_at: Number(r.created_at),
    }));
  },
  async count(executor, siteId, authorIds) {
    if (authorIds.length === 0) return new Map();
    const rows = await executor
      .selectFrom('posts')
      .select(['author_id', countAll.as('n')])
      .where('site_id', '=', siteId)
      .where('author_id', 'in', authorIds)
      .where('type', '=', POST_TYPE.discussion)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('hidden', '=', 0)
      .where('deleted_at', 'is', null)
      .groupBy('author_id')
      .execute();
    return new Map(rows.map((r) => [r.author_id, Number(r.n)]));
  },
};

/** Answers per author: top-level comments, neither hidden nor deleted, on published questions. */
export const authoredAnswers: AuthoredContent = {
  kind: 'answers',
  async list(executor, siteId, authorId, sort, after, limit) {
    const key = sort === 'hot' ? 'c.like_count' : 'c.created_at';
    let query = executor
      .selectFrom('post_comments as c')
      .innerJoin('posts as p', 'p.id', 'c.post_id')
      .select(['c.id', 'c.post_id', 'p.title', 'c.content', 'c.like_count', 'c.reply_count', 'c.created_at'])
      .where('c.site_id', '=', siteId)
      .where('c.author_id', '=', authorId)
      .where('c.parent_id', 'is', null)
      .where('c.hidden', '=', 0)
      .where('c.deleted_at', 'is', null)
      .where('p.type', '=', POST_TYPE.question)
      .where('p.status', '=', REVIEW_STATUS.approved)
      .where('p.hidden', '=', 0)
      .where('p.deleted_at', 'is', null);
    if (after) {
      // A row-value comparison: one range of the author's index, as the other lists walk theirs.
      query = query.where((eb) => eb(eb.refTuple(key, 'c.id'), '<', eb.tuple(after.at, after.id)));
    }
    const rows = await query.orderBy(key, 'desc').orderBy('c.id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      target_id: r.post_id,
      title: r.title,
      excerpt: r.content.slice(0, 200),
      like_count: r.like_count,
      comment_count: r.reply_count,
      created_at: Number(r.created_at),
    }));
  },
  async count(executor, siteId, authorIds) {
    if (authorIds.length === 0) return new Map();
    const rows = await executor
      .selectFrom('post_comments as c')
      .innerJoin('posts as p', 'p.id', 'c.post_id')
      .select(['c.author_id', countAll.as('n')])
      .where('c.site_id', '=', siteId)
      .where('c.author_id', 'in', authorIds)
      .where('c.parent_id', 'is', null)
      .where('c.hidden', '=', 0)
      .where('c.deleted_at', 'is', null)
      .where('p.type', '=', POST_TYPE.question)
      .where('p.status', '=', REVIEW_STATUS.approved)
      .where('p.hidden', '=', 0)
      .where('p.deleted_at', 'is', null)
      .groupBy('c.author_id')
      .execute();
    return new Map(rows.map((r) => [r.author_id, Number(r.n)]));
  },
};
