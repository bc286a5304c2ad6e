import type { Kysely } from 'kysely';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { POST_TYPE, type PostComment, type TopComment } from '@portal/contracts/discussions';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { POINT_RULE } from '@portal/contracts/points';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { holdsPermission, type SignedInMember } from '../../http/register-call';
import type { Executor } from '../../db/executor';
import { POST_COMMENTS, commentsRepository } from '../../platform/comments/comments.repository';
import { threadComments, type CommentTarget } from '../../platform/comments/comments.service';
import { award, takeBack } from '../../platform/points/points.service';
import { notify } from '../../platform/messages/messages.service';
import { clearAcceptance, countPostComments, discussionsRepository, type PostRow } from './discussions.repository';

interface Clock {
  now(): number;
}

/** Staff who may see any post of a board: its moderators, reviewers of posts, admins. */
export function isPostStaff(user: SignedInMember | null, boardId: number | null): boolean {
  if (!user) return false;
  const scope = boardId ?? undefined;
  return holdsPermission(user, PERMISSIONS.postModerate, scope) || holdsPermission(user, PERMISSIONS.reviewPost, scope);
}

const postUrl = (site: Site, postId: number) => `/${site.prefix}/discuss/info/${postId}`;

/** The platform's comment shape with the post's id under its spec name. */
const asPostComment = <C extends { target_id: number }>({ target_id, ...rest }: C) => ({ ...rest, tp_id: target_id });

/**
 * Comments of posts (platform/comments, two levels); a question's top-level comments are its
 * answers, one of which its asker may accept. Locked posts take no new comments.
 */
export function commentsService(db: Kysely<DB>, clock: Clock = { now: Date.now }) {
  const repo = discussionsRepository(db);
  const comments = commentsRepository(POST_COMMENTS);

  /** A public post of the site: 404 otherwise. */
  async function visiblePost(executor: Executor, site: Site, postId: number): Promise<PostRow> {
    const post = await repo.find(executor, postId);
    if (
      !post ||
      post.site_id !== site.tws_id ||
      post.status !== REVIEW_STATUS.approved ||
      post.hidden !== 0 ||
      post.deleted_at !== null
    ) {
      throw ApiError.notFound('discuss.api.postNotFound');
    }
    return post;
  }

  /**
   * A post whose comments the viewer may read: a public one, or one the viewer may preview (its
   * author unless deleted, staff of its board), so a preview page shows its thread too; 404 otherwise.
   */
  async function readablePost(site: Site, postId: number, viewer: SignedInMember | null): Promise<PostRow> {
    const post = await repo.find(db, postId);
    if (!post || post.site_id !== site.tws_id) throw ApiError.notFound('discuss.api.postNotFound');
    const open = post.status === REVIEW_STATUS.approved && post.hidden === 0 && post.deleted_at === null;
    const mine = viewer !== null && viewer.id === post.author_id && post.deleted_at === null;
    if (!open && !mine && !isPostStaff(viewer, post.board_id)) throw ApiError.notFound('discuss.api.postNotFound');
    return post;
  }

  const target: CommentTarget<PostRow> = {
    store: POST_COMMENTS,
    commentedMessage: 'post_commented',
    readable: readablePost,
    open: visiblePost,
    refuseNew(post) {
      if (post.locked === 1) throw ApiError.refused('discuss.api.locked');
    },
    count: countPostComments,
    url: (site, post) => postUrl(site, post.id),
    acceptedId: (post) => post.accepted_comment_id,
  };
  const thread = threadComments(db, target, clock);

  return {
    /** One comment as shown (the accepted answer on the detail); null when it does not show. */
    async one(site: Site, commentId: number, viewer: SignedInMember | null): Promise<PostComment | null> {
      const shaped = await thread.one(site, commentId, viewer);
      return shaped ? asPostComment(shaped) : null;
    },

    async list(site: Site, q: { tp_id: number; cursor?: string; limit: number }, viewer: SignedInMember | null) {
      const page = await thread.list(site, { itemId: q.tp_id, cursor: q.cursor, limit: q.limit }, viewer);
      const list: TopComment[] = page.list.map((c) => ({
        ...asPostComment(c),
        replies: c.replies.map(asPostComment),
      }));
      return { list, next_cursor: page.next_cursor };
    },

    async replies(site: Site, q: { tpc_id: number; cursor?: string; limit: number }, viewer: SignedInMember | null) {
      const page = await thread.replies(site, q, viewer);
      return { list: page.list.map(asPostComment), next_cursor: page.next_cursor };
    },

    /** A comment on a public, unlocked post, or a reply under one of its comments. */
    async add(
      site: Site,
      author: SignedInMember,
      body: { tp_id: number; tpc_content: string; tpc_parent_id?: number },
    ) {
      const { comment, item } = await thread.add(site, author, {
        itemId: body.tp_id,
        content: body.tpc_content,
        parentId: body.tpc_parent_id,
      });
      // A question's top-level comment is an answer, and the author is told "answer posted".
      return {
        comment: asPostComment(comment),
        isAnswer: item.type === POST_TYPE.question && comment.tpc_parent_id === null,
      };
    },

    /** The author deletes their own comment or reply (soft); its point goes back, and so does an acceptance. */
    async remove(site: Site, user: SignedInMember, commentId: number): Promise<void> {
      await thread.remove(site, user, commentId, {
        alsoDo: async (trx, comment, now) => {
          if (!(await clearAcceptance(trx, comment))) return;
          await takeBack(trx, {
            userId: comment.author_id,
            siteId: comment.site_id,
            rule: POINT_RULE.answerAccepted,
            source: { kind: 'comment', id: comment.id },
            now,
          });
        },
      });
    },

    toggleLike: (site: Site, userId: number, commentId: number) => thread.toggleLike(site, userId, commentId),

    /**
     * The asker accepts an answer (a top-level comment by someone else) of their question; accepting
     * another moves the acceptance and its 10 points. The answerer gets a message.
     */
    async accept(
      site: Site,
      userId: number,
      postId: number,
      commentId: number,
      publicPost: (executor: Executor, site: Site, postId: number) => Promise<PostRow>,
    ) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const post = await publicPost(trx, site, postId);
        if (post.author_id !== userId) throw ApiError.forbidden('discuss.api.onlyAsker');
        if (post.type !== POST_TYPE.question) throw ApiError.refused('discuss.api.onlyQuestion');
        const answer = await comments.find(trx, commentId);
        if (!answer || answer.target_id !== post.id || answer.deleted_at !== null || answer.hidden !== 0) {
          throw ApiError.notFound('discuss.api.commentNotFound');
        }
        if (answer.parent_id !== null) throw ApiError.refused('discuss.api.acceptTopLevel');
        if (answer.author_id === userId) throw ApiError.refused('discuss.api.acceptOwn');
        if (post.accepted_comment_id === answer.id) return { accepted_comment_id: answer.id };
        // Conditional on the acceptance read, so two presses at once cannot both move it.
        const moved = await trx
          .updateTable('posts')
          .set({ accepted_comment_id: answer.id })
          .where('id', '=', post.id)
          .where((eb) =>
            post.accepted_comment_id === null
              ? eb('accepted_comment_id', 'is', null)
              : eb('accepted_comment_id', '=', post.accepted_comment_id),
          )
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) {
          const now2 = await repo.find(trx, post.id);
          return { accepted_comment_id: now2?.accepted_comment_id ?? answer.id };
        }
        if (post.accepted_comment_id !== null) {
          const previous = await comments.find(trx, post.accepted_comment_id);
          if (previous) {
            await takeBack(trx, {
              userId: previous.author_id,
              siteId: site.tws_id,
              rule: POINT_RULE.answerAccepted,
              source: { kind: 'comment', id: previous.id },
              now,
            });
          }
        }
        await award(trx, {
          userId: answer.author_id,
          siteId: site.tws_id,
          rule: POINT_RULE.answerAccepted,
          source: { kind: 'comment', id: answer.id },
          now,
        });
        await notify(trx, answer.author_id, {
          kind: 'answer_accepted',
          params: { title: post.title },
          url: postUrl(site, post.id),
          siteId: site.tws_id,
        });
        return { accepted_comment_id: answer.id };
      });
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;
