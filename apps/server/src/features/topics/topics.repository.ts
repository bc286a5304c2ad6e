import type { Insertable, Kysely, Selectable } from 'kysely';
import { EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import type { TopicArticleSort } from '@portal/contracts/topics';
import type { Executor } from '../../db/executor';
import type { DB, TopicArticlesTable } from '../../db/schema';
import type { KeysetCursor } from '../../lib/keyset';
import { togglePair } from '../../db/toggle-pair';
import { refreshSearch } from '../../platform/search/search-index';
import { articleSearchSource } from './topics.search';

export type ArticleRow = Selectable<TopicArticlesTable>;

const APPROVED = REVIEW_STATUS.approved;

/** The columns a list item needs (no content). */
const ARTICLE_SUMMARY = [
  'topic_articles.id',
  'topic_articles.topic_id',
  'topic_articles.author_id',
  'topic_articles.title',
  'topic_articles.content_html',
  'topic_articles.source',
  'topic_articles.is_expert',
  'topic_articles.view_count',
  'topic_articles.like_count',
  'topic_articles.favourite_count',
  'topic_articles.published_at',
  'topic_articles.created_at',
] as const;

const TOPIC_COLUMNS = [
  'id',
  'site_id',
  'title',
  'description',
  'cover_url',
  'sort',
  'article_count',
  'follower_count',
  'lang_group_id',
  'archived_at',
] as const;

/** Topics, their articles, follows, likes and favourites: Kysely only. */
export function topicsRepository(db: Kysely<DB>) {
  return {
    /** Topics as the home page lists them. */
    list(siteId: number, limit: number) {
      return db
        .selectFrom('topics')
        .select(['id', 'title', 'description', 'cover_url', 'article_count'])
        .where('site_id', '=', siteId)
        .where('archived_at', 'is', null)
        .orderBy('sort')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** One page of the topic list: (sort, id) ascending after the cursor (topics_site_sort). */
    page(siteId: number, after: KeysetCursor | null, limit: number) {
      return db
        .selectFrom('topics')
        .select(TOPIC_COLUMNS)
        .where('site_id', '=', siteId)
        .where('archived_at', 'is', null)
        .$if(after !== null, (q) => q.where((eb) => eb(eb.refTuple('sort', 'id'), '>', eb.tuple(after!.at, after!.id))))
        .orderBy('sort')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Every open topic of a site (the form's list), in order; archived ones take no new articles. */
    all(siteId: number) {
      return db
        .selectFrom('topics')
        .select(['id', 'title'])
        .where('site_id', '=', siteId)
        .where('archived_at', 'is', null)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    find(executor: Executor, topicId: number) {
      return executor.selectFrom('topics').select(TOPIC_COLUMNS).where('id', '=', topicId).executeTakeFirst();
    },

    /** The topic's version on another site (same lang_group_id). */
    versionOn(executor: Executor, groupId: number, siteId: number) {
      return executor
        .selectFrom('topics')
        .select(['id', 'site_id'])
        .where('lang_group_id', '=', groupId)
        .where('site_id', '=', siteId)
        .orderBy('id')
        .executeTakeFirst();
    },

    /**
     * The latest approved article of each topic: per topic, one backward walk of
     * topic_articles_topic_latest that stops at the first article not deleted (a max() over the
     * group would read every article of a busy topic), then the articles themselves.
     */
    async latestOf(topicIds: readonly number[]) {
      if (topicIds.length === 0) return [];
      const latest = await db
        .selectFrom('topics')
        .select((eb) => [
          'topics.id',
          eb
            .selectFrom('topic_articles as a')
            .select('a.id')
            .whereRef('a.topic_id', '=', 'topics.id')
            .where('a.status', '=', APPROVED)
            .where('a.published_at', 'is not', null)
            .where('a.deleted_at', 'is', null)
            .orderBy('a.published_at', 'desc')
            .orderBy('a.id', 'desc')
            .limit(1)
            .as('article_id'),
        ])
        .where('topics.id', 'in', topicIds)
        .execute();
      const ids = latest.flatMap((l) => (l.article_id === null ? [] : [l.article_id]));
      if (ids.length === 0) return [];
      return db
        .selectFrom('topic_articles')
        .select(['id', 'topic_id', 'title', 'published_at'])
        .where('id', 'in', ids)
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * One page of a topic's approved articles, walked in one index: latest by publish time, hot by
     * likes, expert (is_expert 20) by publish time.
     */
    articlesPage(topicId: number, sort: TopicArticleSort, after: KeysetCursor | null, limit: number) {
      let q = db
        .selectFrom('topic_articles')
        .select(ARTICLE_SUMMARY)
        .where('topic_id', '=', topicId)
        .where('status', '=', APPROVED)
        .where('deleted_at', 'is', null);
      if (sort === 'hot') {
        if (after) q = q.where((eb) => eb(eb.refTuple('like_count', 'id'), '<', eb.tuple(after.at, after.id)));
        return q.orderBy('like_count', 'desc').orderBy('id', 'desc').limit(limit).execute();
      }
      if (sort === 'expert') q = q.where('is_expert', '=', EXPERT_FLAG.expert);
      if (after) q = q.where((eb) => eb(eb.refTuple('published_at', 'id'), '<', eb.tuple(after.at, after.id)));
      return q.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    findArticle(executor: Executor, articleId: number) {
      return executor.selectFrom('topic_articles').selectAll().where('id', '=', articleId).executeTakeFirst();
    },

    /** An article with its topic's title and its source's label (this site's dictionary). */
    articleDetail(articleId: number) {
      return db
        .selectFrom('topic_articles')
        .innerJoin('topics', 'topics.id', 'topic_articles.topic_id')
        .leftJoin('dictionaries as source', (join) =>
          join
            .onRef('source.site_id', '=', 'topic_articles.site_id')
            .on('source.kind', '=', 'source')
            .onRef('source.value', '=', 'topic_articles.source'),
        )
        .selectAll('topic_articles')
        .select(['topics.title as topic_title', 'source.label as source_label'])
        .where('topic_articles.id', '=', articleId)
        .executeTakeFirst();
    },

    /** The other versions of a language group. */
    linkedVersions(groupId: number, exceptId: number) {
      return db
        .selectFrom('topic_articles')
        .select(['id', 'site_id', 'author_id', 'status', 'deleted_at'])
        .where('lang_group_id', '=', groupId)
        .where('id', '<>', exceptId)
        .orderBy('site_id')
        .execute();
    },

    async insertArticle(executor: Executor, row: Insertable<TopicArticlesTable>): Promise<number> {
      const inserted = await executor
        .insertInto('topic_articles')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      await refreshSearch(executor, articleSearchSource, [Number(inserted.id)]);
      return Number(inserted.id);
    },

    async setLangGroup(executor: Executor, ids: number[], groupId: number) {
      await executor.updateTable('topic_articles').set({ lang_group_id: groupId }).where('id', 'in', ids).execute();
    },

    /** The topic's count of approved articles, moved in SQL. */
    async bumpArticleCount(executor: Executor, topicId: number, delta: 1 | -1) {
      await executor
        .updateTable('topics')
        .set((eb) => ({ article_count: eb('article_count', '+', delta) }))
        .where('id', '=', topicId)
        .execute();
    },

    sourceEntries(executor: Executor, siteId: number) {
      return executor
        .selectFrom('dictionaries')
        .select(['label', 'value'])
        .where('site_id', '=', siteId)
        .where('kind', '=', 'source')
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    async userExpert(executor: Executor, userId: number): Promise<number> {
      const row = await executor.selectFrom('users').select('user_expert').where('id', '=', userId).executeTakeFirst();
      return row?.user_expert ?? EXPERT_FLAG.normal;
    },

    async isFollowing(topicId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('topic_follows')
        .select('topic_id')
        .where('topic_id', '=', topicId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async viewerMarks(articleId: number, userId: number) {
      const [like, favourite] = await Promise.all([
        db
          .selectFrom('topic_article_likes')
          .select('article_id')
          .where('article_id', '=', articleId)
          .where('user_id', '=', userId)
          .executeTakeFirst(),
        db
          .selectFrom('topic_article_favourites')
          .select('article_id')
          .where('article_id', '=', articleId)
          .where('user_id', '=', userId)
          .executeTakeFirst(),
      ]);
      return { liked: like !== undefined, favourited: favourite !== undefined };
    },

    /** Adds the pair, or removes it when it was there (`db/toggle-pair.ts`): true when it is there now. */
    togglePair(
      executor: Executor,
      pair:
        | { table: 'topic_follows'; key: 'topic_id' }
        | { table: 'topic_article_likes' | 'topic_article_favourites'; key: 'article_id' },
      targetId: number,
      userId: number,
      now: number,
    ): Promise<boolean> {
      return pair.table === 'topic_follows'
        ? togglePair(executor, pair.table, pair.key, targetId, userId, now)
        : togglePair(executor, pair.table, pair.key, targetId, userId, now);
    },

    async bumpFollowers(executor: Executor, topicId: number, delta: number) {
      const row = await executor
        .updateTable('topics')
        .set((eb) => ({ follower_count: eb('follower_count', '+', delta) }))
        .where('id', '=', topicId)
        .returning('follower_count')
        .executeTakeFirstOrThrow();
      return Number(row.follower_count);
    },

    async bumpMarks(executor: Executor, articleId: number, delta: { likes?: number; favourites?: number }) {
      const row = await executor
        .updateTable('topic_articles')
        .set((eb) => ({
          like_count: eb('like_count', '+', delta.likes ?? 0),
          favourite_count: eb('favourite_count', '+', delta.favourites ?? 0),
        }))
        .where('id', '=', articleId)
        .returning(['like_count', 'favourite_count'])
        .executeTakeFirstOrThrow();
      return { like_count: Number(row.like_count), favourite_count: Number(row.favourite_count) };
    },

    /** An author's articles on every site, newest first, after the cursor (topic_articles_author_time). */
    mine(authorId: number, after: KeysetCursor | null, limit: number) {
      return db
        .selectFrom('topic_articles as a')
        .innerJoin('topics as t', 't.id', 'a.topic_id')
        .select([
          'a.id',
          'a.site_id',
          'a.topic_id',
          't.title as topic_title',
          'a.title',
          'a.status',
          'a.view_count',
          'a.comment_count',
          'a.created_at',
          'a.updated_at',
        ])
        .where('a.author_id', '=', authorId)
        .where('a.deleted_at', 'is', null)
        .$if(after !== null, (q) =>
          q.where((eb) => eb(eb.refTuple('a.created_at', 'a.id'), '<', eb.tuple(after!.at, after!.id))),
        )
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The featured approved articles of a topic (its hosts' picks), latest marked first. */
    featuredOf(topicId: number, limit: number) {
      return db
        .selectFrom('topic_articles')
        .select(['id', 'title'])
        .where('topic_id', '=', topicId)
        .where('status', '=', REVIEW_STATUS.approved)
        .where('deleted_at', 'is', null)
        .where('featured_at', 'is not', null)
        .orderBy('featured_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** An article's comments and replies not deleted, counted in SQL (platform/comments). */
    async bumpComments(executor: Executor, articleId: number, delta: number) {
      await executor
        .updateTable('topic_articles')
        .set((eb) => ({ comment_count: eb('comment_count', '+', delta) }))
        .where('id', '=', articleId)
        .execute();
    },
  };
}
