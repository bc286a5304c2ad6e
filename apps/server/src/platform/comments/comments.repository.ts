import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { togglePair } from '../../db/toggle-pair';

/**
 * Where one commented kind keeps its comments: a table of the two levels (the shape of
 * `post_comments`), the column naming what a comment is on, and its table of likes. Each kind has
 * its own tables so that its foreign keys stay real; the queries are the same for all.
 */
export interface CommentStore {
  comments: 'post_comments' | 'article_comments';
  target: 'post_id' | 'article_id';
  likes: 'comment_likes' | 'article_comment_likes';
  /** The ledger's source kind of a comment point earned in this store (`comment` for posts). */
  pointsKind: 'comment' | 'article_comment';
}

export const POST_COMMENTS: CommentStore = {
  comments: 'post_comments',
  target: 'post_id',
  likes: 'comment_likes',
  pointsKind: 'comment',
};
export const ARTICLE_COMMENTS: CommentStore = {
  comments: 'article_comments',
  target: 'article_id',
  likes: 'article_comment_likes',
  pointsKind: 'article_comment',
};

/** A comment or reply as stored, whatever it is on (`target_id`: the post, the article). */
export interface StoredComment {
  id: number;
  target_id: number;
  site_id: number;
  author_id: number;
  parent_id: number | null;
  reply_to_user_id: number | null;
  content: string;
  like_count: number;
  reply_count: number;
  hidden: number;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

/** How the queries see a store's table: its columns by name (the store names the real ones). */
type StoreRows = Record<string, Record<string, string | number | null>>;
const rows = (executor: Executor) => executor as unknown as Kysely<StoreRows>;

function stored(store: CommentStore, row: Record<string, unknown>): StoredComment {
  return {
    id: Number(row.id),
    target_id: Number(row[store.target]),
    site_id: Number(row.site_id),
    author_id: Number(row.author_id),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    reply_to_user_id: row.reply_to_user_id === null ? null : Number(row.reply_to_user_id),
    content: String(row.content),
    like_count: Number(row.like_count),
    reply_count: Number(row.reply_count),
    hidden: Number(row.hidden),
    deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The queries of one store's comments: two levels, oldest first, keyset by id (decision 022). */
export function commentsRepository(store: CommentStore) {
  const table = store.comments;
  return {
    async find(executor: Executor, id: number): Promise<StoredComment | undefined> {
      const row = await rows(executor).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? stored(store, row) : undefined;
    },

    /** Top-level comments of a target that show, oldest first. */
    async top(executor: Executor, targetId: number, afterId: number | null, limit: number) {
      const list = await rows(executor)
        .selectFrom(table)
        .selectAll()
        .where(store.target, '=', targetId)
        .where('parent_id', 'is', null)
        .where('deleted_at', 'is', null)
        .where('hidden', '=', 0)
        .$if(afterId !== null, (q) => q.where('id', '>', afterId!))
        .orderBy('id')
        .limit(limit)
        .execute();
      return list.map((r) => stored(store, r));
    },

    /** Replies under a comment that show, oldest first. */
    async replies(executor: Executor, parentId: number, afterId: number | null, limit: number) {
      const list = await rows(executor)
        .selectFrom(table)
        .selectAll()
        .where('parent_id', '=', parentId)
        .where('deleted_at', 'is', null)
        .where('hidden', '=', 0)
        .$if(afterId !== null, (q) => q.where('id', '>', afterId!))
        .orderBy('id')
        .limit(limit)
        .execute();
      return list.map((r) => stored(store, r));
    },

    /** The first `perParent` + 1 replies of each of these comments, oldest first, in one query (a window per parent). */
    async replyPreviews(executor: Executor, parentIds: number[], perParent: number): Promise<StoredComment[]> {
      if (parentIds.length === 0) return [];
      const db = rows(executor);
      const ranked = db
        .selectFrom(table)
        .selectAll()
        .select(sql<number>`row_number() over (partition by parent_id order by id)`.as('rn'))
        .where('parent_id', 'in', parentIds)
        .where('deleted_at', 'is', null)
        .where('hidden', '=', 0)
        .as('ranked');
      const list = await db
        .selectFrom(ranked)
        .selectAll()
        .where('rn', '<=', perParent + 1)
        .orderBy('id')
        .execute();
      return list.map((r) => stored(store, r as Record<string, unknown>));
    },

    async liked(executor: Executor, userId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const list = await rows(executor)
        .selectFrom(store.likes)
        .select('comment_id')
        .where('user_id', '=', userId)
        .where('comment_id', 'in', ids)
        .execute();
      return new Set(list.map((r) => Number(r.comment_id)));
    },

    async insert(
      executor: Executor,
      row: {
        targetId: number;
        siteId: number;
        authorId: number;
        parentId: number | null;
        replyToUserId: number | null;
        content: string;
        now: number;
      },
    ): Promise<StoredComment> {
      const inserted = await rows(executor)
        .insertInto(table)
        .values({
          [store.target]: row.targetId,
          site_id: row.siteId,
          author_id: row.authorId,
          parent_id: row.parentId,
          reply_to_user_id: row.replyToUserId,
          content: row.content,
          created_at: row.now,
          updated_at: row.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return stored(store, inserted);
    },

    /** Likes and replies of a comment, counted in SQL. */
    async bump(executor: Executor, id: number, delta: { likes?: number; replies?: number }) {
      const row = await rows(executor)
        .updateTable(table)
        .set((eb) => ({
          like_count: eb('like_count', '+', delta.likes ?? 0),
          reply_count: eb('reply_count', '+', delta.replies ?? 0),
        }))
        .where('id', '=', id)
        .returning(['like_count', 'reply_count'])
        .executeTakeFirstOrThrow();
      return { like_count: Number(row.like_count), reply_count: Number(row.reply_count) };
    },

    /** Soft-deletes a comment once: undefined when it was deleted already. */
    async softDelete(executor: Executor, id: number, now: number): Promise<StoredComment | undefined> {
      const row = await rows(executor)
        .updateTable(table)
        .set({ deleted_at: now, updated_at: now })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row ? stored(store, row) : undefined;
    },

    /** Soft-deletes the replies under a comment that were not deleted yet; answers who wrote each. */
    async softDeleteReplies(executor: Executor, parentId: number, now: number) {
      const list = await rows(executor)
        .updateTable(table)
        .set({ deleted_at: now, updated_at: now })
        .where('parent_id', '=', parentId)
        .where('deleted_at', 'is', null)
        .returning(['id', 'author_id'])
        .execute();
      return list.map((r) => ({ id: Number(r.id), author_id: Number(r.author_id) }));
    },

    /** Toggles the member's like of a comment (`db/toggle-pair.ts`); answers whether it is there now. */
    toggleLike(executor: Executor, commentId: number, userId: number, now: number): Promise<boolean> {
      return togglePair(executor, store.likes, 'comment_id', commentId, userId, now);
    },

    async nickNames(executor: Executor, ids: number[]): Promise<Map<number, string>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const list = await (executor as Kysely<DB>)
        .selectFrom('users')
        .select(['id', 'nick_name'])
        .where('id', 'in', unique)
        .execute();
      return new Map(list.map((r) => [r.id, r.nick_name]));
    },
  };
}

export type CommentsRepository = ReturnType<typeof commentsRepository>;
