import { type Insertable, type Kysely, type Selectable } from 'kysely';
import type { PostSort } from '@portal/contracts/discussions';
import { EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import type { DB, PostsTable } from '../../db/schema';
import type { KeysetCursor } from '../../lib/keyset';
import type { Executor } from '../../db/executor';
import { hotScore } from './hot-score';
import { togglePair } from '../../db/toggle-pair';
import { POST_COMMENTS, type StoredComment } from '../../platform/comments/comments.repository';
import { removeThreadComment, type CountComments } from '../../platform/comments/comments.service';
import { refreshSearch } from '../../platform/search/search-index';
import { postSearchSource } from './discussions.search';

export type PostRow = Selectable<PostsTable>;

/** The columns a list item needs (no content). */
const SUMMARY_COLUMNS = [
  'id',
  'site_id',
  'author_id',
  'board_id',
  'industry_id',
  'scene_id',
  'type',
  'title',
  'summary',
  'is_expert',
  'pinned_at',
  'featured',
  'locked',
  'accepted_comment_id',
  'view_count',
  'like_count',
  'favourite_count',
  'comment_count',
  'answer_count',
  'hot_score',
  'created_at',
  'last_activity_at',
] as const;

export interface ListFilter {
  siteId: number;
  boardId?: number;
  industryId?: number;
  sceneId?: number;
  type?: number;
  sort: PostSort;
  /** Leave pinned posts out (they are answered apart). */
  withoutPinned: boolean;
}

const PUBLISHED = REVIEW_STATUS.approved;

export function discussionsRepository(db: Kysely<DB>) {
  /** Published, not hidden, not deleted posts of a site with the list's filters. */
  function visible(f: Omit<ListFilter, 'sort' | 'withoutPinned'>) {
    return db
      .selectFrom('posts')
      .select(SUMMARY_COLUMNS)
      .where('site_id', '=', f.siteId)
      .where('status', '=', PUBLISHED)
      .$if(f.boardId !== undefined, (q) => q.where('board_id', '=', f.boardId!))
      .$if(f.industryId !== undefined, (q) => q.where('industry_id', '=', f.industryId!))
      .$if(f.sceneId !== undefined, (q) => q.where('scene_id', '=', f.sceneId!))
      .$if(f.type !== undefined, (q) => q.where('type', '=', f.type!))
      .where('hidden', '=', 0)
      .where('deleted_at', 'is', null);
  }

  return {
    /**
     * One page of the list: one keyset walk of the index that matches the filters (site + board,
     * industry, scene or type, and the sort key); rows after the cursor, `limit` of them.
     */
    listPage(f: ListFilter, after: KeysetCursor | null, limit: number) {
      let q = visible(f).$if(f.withoutPinned, (qb) => qb.where('pinned_at', 'is', null));
      if (f.sort === 'hot') {
        if (after) q = q.where((eb) => eb(eb.refTuple('hot_score', 'id'), '<', eb.tuple(after.at, after.id)));
        return q.orderBy('hot_score', 'desc').orderBy('id', 'desc').limit(limit).execute();
      }
      if (f.sort === 'unanswered') q = q.where('answer_count', '=', 0);
      if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.at, after.id)));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Pinned posts matching the filters, most recently pinned first. */
    pinned(f: ListFilter, limit: number) {
      return visible(f)
        .where('pinned_at', 'is not', null)
        .$if(f.sort === 'unanswered', (q) => q.where('answer_count', '=', 0))
        .orderBy('pinned_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** A post with the labels of its industry, scene, board and source (this site's dictionaries). */
    detail(id: number) {
      return db
        .selectFrom('posts')
        .leftJoin('dictionaries as industry', 'industry.id', 'posts.industry_id')
        .leftJoin('dictionaries as scene', 'scene.id', 'posts.scene_id')
        .leftJoin('dictionaries as board', 'board.id', 'posts.board_id')
        .leftJoin('dictionaries as source', (join) =>
          join
            .onRef('source.site_id', '=', 'posts.site_id')
            .on('source.kind', '=', 'source')
            .onRef('source.value', '=', 'posts.source'),
        )
        .selectAll('posts')
        .select([
          'industry.label as industry_label',
          'scene.label as scene_label',
          'board.label as board_label',
          'source.label as source_label',
        ])
        .where('posts.id', '=', id)
        .executeTakeFirst();
    },

    find(executor: Executor, id: number) {
      return executor.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    attachmentsOf(postId: number) {
      return db
        .selectFrom('post_attachments')
        .innerJoin('attachments', 'attachments.id', 'post_attachments.attachment_id')
        .select(['attachments.id', 'attachments.title', 'attachments.size', 'attachments.access_key'])
        .where('post_attachments.post_id', '=', postId)
        .orderBy('post_attachments.sort')
        .execute();
    },

    /** The other versions of a language group. */
    linkedVersions(groupId: number, exceptId: number) {
      return db
        .selectFrom('posts')
        .select(['id', 'site_id', 'author_id', 'status', 'hidden', 'deleted_at'])
        .where('lang_group_id', '=', groupId)
        .where('id', '<>', exceptId)
        .orderBy('site_id')
        .execute();
    },

    async viewerMarks(postId: number, userId: number) {
      const [like, favourite] = await Promise.all([
        db
          .selectFrom('post_likes')
          .select('post_id')
          .where('post_id', '=', postId)
          .where('user_id', '=', userId)
          .executeTakeFirst(),
        db
          .selectFrom('post_favourites')
          .select('post_id')
          .where('post_id', '=', postId)
          .where('user_id', '=', userId)
          .executeTakeFirst(),
      ]);
      return { liked: like !== undefined, favourited: favourite !== undefined };
    },

    /** Entries of this site among `ids`, and the source entry with code `sourceCode`. */
    dictionaryEntries(executor: Executor, siteId: number, ids: number[], sourceCode: number) {
      return executor
        .selectFrom('dictionaries')
        .select(['id', 'kind', 'value'])
        .where('site_id', '=', siteId)
        .where((eb) =>
          eb.or([
            ...(ids.length ? [eb('id', 'in', ids)] : []),
            eb.and([eb('kind', '=', 'source'), eb('value', '=', sourceCode)]),
          ]),
        )
        .execute();
    },

    /** The ids of a site's boards: the list the post form offers (`post_board_list`). */
    async boardIds(executor: Executor, siteId: number): Promise<number[]> {
      const rows = await executor
        .selectFrom('dictionaries')
        .select('id')
        .where('site_id', '=', siteId)
        .where('kind', '=', 'board')
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Entries of another site with these kinds and codes (linked versions map by code). */
    entriesByCode(executor: Executor, siteId: number, wanted: Array<{ kind: string; value: number }>) {
      if (wanted.length === 0) return Promise.resolve([]);
      return executor
        .selectFrom('dictionaries')
        .select(['id', 'kind', 'value'])
        .where('site_id', '=', siteId)
        .where((eb) => eb.or(wanted.map((w) => eb.and([eb('kind', '=', w.kind), eb('value', '=', w.value)]))))
        .execute();
    },

    ownedAttachments(executor: Executor, ownerId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return executor
        .selectFrom('attachments')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('id', 'in', ids)
        .execute();
    },

    async userExpert(executor: Executor, userId: number): Promise<number> {
      const row = await executor.selectFrom('users').select('user_expert').where('id', '=', userId).executeTakeFirst();
      return row?.user_expert ?? EXPERT_FLAG.normal;
    },

    async insertPost(executor: Executor, row: Insertable<PostsTable>): Promise<number> {
      const inserted = await executor.insertInto('posts').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(inserted.id);
    },

    async setAttachments(executor: Executor, postId: number, attIds: number[], replace: boolean) {
      if (replace) await executor.deleteFrom('post_attachments').where('post_id', '=', postId).execute();
      if (attIds.length === 0) return;
      await executor
        .insertInto('post_attachments')
        .values(attIds.map((attachment_id, sort) => ({ post_id: postId, attachment_id, sort })))
        .execute();
    },

    async setLangGroup(executor: Executor, ids: number[], groupId: number) {
      await executor.updateTable('posts').set({ lang_group_id: groupId }).where('id', 'in', ids).execute();
    },

    /** The author's posts on every site, newest first (posts_author_time). */
    mine(authorId: number, filter: { status?: number; type?: number }, after: KeysetCursor | null, limit: number) {
      return db
        .selectFrom('posts')
        .select([
          'id',
          'site_id',
          'title',
          'type',
          'status',
          'hidden',
          'view_count',
          'like_count',
          'comment_count',
          'created_at',
          'updated_at',
        ])
        .where('author_id', '=', authorId)
        .where('deleted_at', 'is', null)
        .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!))
        .$if(filter.type !== undefined, (q) => q.where('type', '=', filter.type!))
        .$if(after !== null, (q) =>
          q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after!.at, after!.id))),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Adds to a post's counters in SQL (exact under concurrent writers) and brings its hot score up
     * to date from the counters the same statement answered.
     */
    async bump(
      executor: Executor,
      postId: number,
      delta: { likes?: number; favourites?: number; comments?: number; answers?: number; activityAt?: number },
    ) {
      const row = await executor
        .updateTable('posts')
        .set((eb) => ({
          like_count: eb('like_count', '+', delta.likes ?? 0),
          favourite_count: eb('favourite_count', '+', delta.favourites ?? 0),
          comment_count: eb('comment_count', '+', delta.comments ?? 0),
          answer_count: eb('answer_count', '+', delta.answers ?? 0),
          ...(delta.activityAt !== undefined ? { last_activity_at: delta.activityAt } : {}),
        }))
        .where('id', '=', postId)
        .returning(['created_at', 'like_count', 'favourite_count', 'comment_count'])
        .executeTakeFirstOrThrow();
      const counts = {
        created_at: Number(row.created_at),
        like_count: Number(row.like_count),
        favourite_count: Number(row.favourite_count),
        comment_count: Number(row.comment_count),
      };
      await executor
        .updateTable('posts')
        .set({ hot_score: hotScore(counts.created_at, counts) })
        .where('id', '=', postId)
        .execute();
      return counts;
    },

    /** Toggles a (post or comment, member) pair (`db/toggle-pair.ts`); answers whether it is there now. */
    togglePair(
      executor: Executor,
      table: 'post_likes' | 'post_favourites',
      targetId: number,
      userId: number,
      now: number,
    ): Promise<boolean> {
      return togglePair(executor, table, 'post_id', targetId, userId, now);
    },
  };
}

export type DiscussionsRepository = ReturnType<typeof discussionsRepository>;

/** A post's comment counters follow its comments (platform/comments): top-level ones are its answers. */
export const countPostComments: CountComments = async (executor, postId, delta) => {
  await discussionsRepository(executor as Kysely<DB>).bump(executor, postId, {
    comments: delta.comments,
    answers: delta.topLevel,
    activityAt: delta.activityAt,
  });
  // A post is found by its answers and comments too.
  await refreshSearch(executor, postSearchSource, [postId]);
};

/** A removed comment that was its post's accepted answer is no longer accepted; answers whether it was. */
export async function clearAcceptance(executor: Executor, comment: StoredComment): Promise<boolean> {
  if (comment.parent_id !== null) return false;
  const cleared = await executor
    .updateTable('posts')
    .set({ accepted_comment_id: null })
    .where('id', '=', comment.target_id)
    .where('accepted_comment_id', '=', comment.id)
    .executeTakeFirst();
  return Number(cleared.numUpdatedRows) > 0;
}

/**
 * Soft-deletes a comment or reply the way platform/comments does (counters) and clears an accepted
 * answer that goes. Answers false when it was deleted already. For the moderator zone.
 */
export async function removeComment(
  executor: Executor,
  commentId: number,
  now: number,
): Promise<{ removed: boolean; wasAccepted: boolean }> {
  const comment = await removeThreadComment(executor, POST_COMMENTS, countPostComments, commentId, now);
  if (!comment) return { removed: false, wasAccepted: false };
  return { removed: true, wasAccepted: await clearAcceptance(executor, comment) };
}
