import type { Kysely } from 'kysely';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { POST_RULE, POST_TYPE, type PostComment, type TopComment } from '@portal/contracts/discussions';
import type { UserBrief } from '@portal/contracts/home';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { POINT_RULE } from '@portal/contracts/points';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { holdsPermission, type SignedInMember } from '../../http/register-call';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import type { Executor } from '../../db/executor';
import { award, takeBack } from '../../platform/points/points.service';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { notify } from '../../platform/messages/messages.service';
import { discussionsRepository, removeComment, type CommentRow, type PostRow } from './discussions.repository';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

interface Clock {
  now(): number;
}

const blankBrief = (id: number): UserBrief => ({
  user_id: id,
  user_nick_name: '',
  user_avatar_att_url: '',
  user_points_level: 1,
  user_logo_arr: [],
  user_medal: 0,
});

/** Staff who may see any post of a board: its moderators, reviewers of posts, admins. */
export function isPostStaff(user: SignedInMember | null, boardId: number | null): boolean {
  if (!user) return false;
  const scope = boardId ?? undefined;
  return holdsPermission(user, PERMISSIONS.postModerate, scope) || holdsPermission(user, PERMISSIONS.reviewPost, scope);
}

const postUrl = (site: Site, postId: number) => `/${site.prefix}/discuss/info/${postId}`;

/** A cursor over comment ids (the id orders comments in time). */
const idCursor = (id: number) => encodeCursor({ at: id, id });

/**
 * Comments of posts, two levels: a comment (a question's answer) and replies under it; a reply to a
 * reply stays on the second level and names whom it answers. Counters are kept in SQL; the post's
 * author and the member replied to get an in-site message.
 */
export function commentsService(db: Kysely<DB>, clock: Clock = { now: Date.now }) {
  const repo = discussionsRepository(db);

  /** Shapes comment rows for a viewer: authors, the members replied to, the viewer's likes. */
  async function shape(
    rows: CommentRow[],
    site: Site,
    viewer: SignedInMember | null,
    acceptedId: number | null,
  ): Promise<PostComment[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const replyTo = rows.flatMap((r) => (r.reply_to_user_id !== null ? [r.reply_to_user_id] : []));
    const [briefs, nicks, liked] = await Promise.all([
      memberBriefs(
        db,
        rows.map((r) => r.author_id),
        site.tws_id,
      ),
      replyTo.length ? repo.nickNames(replyTo) : Promise.resolve(new Map<number, string>()),
      viewer ? repo.likedComments(viewer.id, ids) : Promise.resolve(new Set<number>()),
    ]);
    return rows.map((r) => ({
      tpc_id: r.id,
      tp_id: r.post_id,
      tpc_parent_id: r.parent_id,
      tpc_content: r.content,
      author: briefs.get(r.author_id) ?? blankBrief(r.author_id),
      reply_to:
        r.reply_to_user_id !== null
          ? { user_id: r.reply_to_user_id, user_nick_name: nicks.get(r.reply_to_user_id) ?? '' }
          : null,
      like_count: Number(r.like_count),
      reply_count: Number(r.reply_count),
      is_liked: liked.has(r.id),
      is_mine: viewer !== null && viewer.id === r.author_id,
      is_accepted: acceptedId !== null && acceptedId === r.id,
      create_time: iso(r.created_at),
    }));
  }

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

  /** A comment that shows: not deleted, not hidden, on a public post of the site. */
  async function visibleComment(executor: Executor, site: Site, commentId: number) {
    const comment = await repo.findComment(executor, commentId);
    if (!comment || comment.deleted_at !== null || comment.hidden !== 0 || comment.site_id !== site.tws_id) {
      throw ApiError.notFound('discuss.api.commentNotFound');
    }
    const post = await visiblePost(executor, site, comment.post_id);
    return { comment, post };
  }

  return {
    /** One comment as shown (the accepted answer on the detail); null when it does not show. */
    async one(site: Site, commentId: number, viewer: SignedInMember | null): Promise<PostComment | null> {
      const row = await repo.findComment(db, commentId);
      if (!row || row.deleted_at !== null || row.hidden !== 0) return null;
      const [shaped] = await shape([row], site, viewer, commentId);
      return shaped ?? null;
    },

    async list(site: Site, q: { tp_id: number; cursor?: string; limit: number }, viewer: SignedInMember | null) {
      const post = await readablePost(site, q.tp_id, viewer);
      const after = decodeCursor(q.cursor);
      const rows = await repo.topComments(post.id, after?.id ?? null, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const previews = await repo.replyPreviews(
        page.map((r) => r.id),
        POST_RULE.replyPreview,
      );
      const byParent = new Map<number, CommentRow[]>();
      for (const r of previews) {
        const list = byParent.get(r.parent_id!) ?? [];
        list.push(r);
        byParent.set(r.parent_id!, list);
      }
      const shown = page.flatMap((c) => (byParent.get(c.id) ?? []).slice(0, POST_RULE.replyPreview));
      const shaped = await shape([...page, ...shown], site, viewer, post.accepted_comment_id);
      const byId = new Map(shaped.map((c) => [c.tpc_id, c]));
      const list: TopComment[] = page.map((c) => {
        const replies = byParent.get(c.id) ?? [];
        const visible = replies.slice(0, POST_RULE.replyPreview);
        const lastShown = visible[visible.length - 1];
        return {
          ...byId.get(c.id)!,
          replies: visible.map((r) => byId.get(r.id)!),
          replies_next_cursor: replies.length > POST_RULE.replyPreview && lastShown ? idCursor(lastShown.id) : null,
        };
      });
      const last = page[page.length - 1];
      return { list, next_cursor: rows.length > q.limit && last ? idCursor(last.id) : null };
    },

    async replies(site: Site, q: { tpc_id: number; cursor?: string; limit: number }, viewer: SignedInMember | null) {
      const comment = await repo.findComment(db, q.tpc_id);
      if (!comment || comment.deleted_at !== null || comment.hidden !== 0 || comment.parent_id !== null) {
        throw ApiError.notFound('discuss.api.commentNotFound');
      }
      const post = await readablePost(site, comment.post_id, viewer);
      const after = decodeCursor(q.cursor);
      const rows = await repo.replies(comment.id, after?.id ?? null, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        list: await shape(page, site, viewer, post.accepted_comment_id),
        next_cursor: rows.length > q.limit && last ? idCursor(last.id) : null,
      };
    },

    /**
     * A comment on a public, unlocked post, or a reply under one of its comments. The post's author
     * (for a comment) or the member replied to (for a reply) gets a message, never oneself.
     */
    async add(
      site: Site,
      author: SignedInMember,
      body: { tp_id: number; tpc_content: string; tpc_parent_id?: number },
    ) {
      const now = clock.now();
      const { row, isAnswer } = await db.transaction().execute(async (trx) => {
        const post = await visiblePost(trx, site, body.tp_id);
        if (post.locked === 1) throw ApiError.refused('discuss.api.locked');
        let parentId: number | null = null;
        let replyToUserId: number | null = null;
        let notifyId: number | null = post.author_id;
        if (body.tpc_parent_id !== undefined) {
          const target = await repo.findComment(trx, body.tpc_parent_id);
          if (!target || target.post_id !== post.id || target.deleted_at !== null || target.hidden !== 0) {
            throw ApiError.notFound('discuss.api.commentNotFound');
          }
          if (target.parent_id === null) {
            parentId = target.id;
          } else {
            const top = await repo.findComment(trx, target.parent_id);
            if (!top || top.deleted_at !== null || top.hidden !== 0)
              throw ApiError.notFound('discuss.api.commentNotFound');
            parentId = top.id;
            replyToUserId = target.author_id;
          }
          notifyId = target.author_id;
        }
        const inserted = await repo.insertComment(trx, {
          postId: post.id,
          siteId: site.tws_id,
          authorId: author.id,
          parentId,
          replyToUserId,
          content: body.tpc_content,
          now,
        });
        await repo.bump(trx, post.id, { comments: 1, answers: parentId === null ? 1 : 0, activityAt: now });
        if (parentId !== null) await repo.bumpComment(trx, parentId, { replies: 1 });
        await award(trx, {
          userId: author.id,
          siteId: site.tws_id,
          rule: POINT_RULE.comment,
          source: { kind: 'comment', id: inserted.id },
          now,
        });
        if (notifyId !== null && notifyId !== author.id) {
          const nick = (await repo.nickNames([author.id], trx)).get(author.id) ?? '';
          await notify(trx, notifyId, {
            kind: parentId === null ? 'post_commented' : 'comment_replied',
            params: { nick, title: post.title },
            url: postUrl(site, post.id),
            siteId: site.tws_id,
          });
        }
        return { row: inserted, isAnswer: post.type === POST_TYPE.question && parentId === null };
      });
      const [shaped] = await shape([row], site, author, null);
      // A question's top-level comment is an answer, and the author is told "answer posted".
      return { comment: shaped!, isAnswer };
    },

    /** The author deletes their own comment or reply (soft); its point goes back, and so does an acceptance. */
    async remove(site: Site, userId: number, commentId: number): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const comment = await repo.findComment(trx, commentId);
        if (!comment || comment.deleted_at !== null || comment.site_id !== site.tws_id) {
          throw ApiError.notFound('discuss.api.commentNotFound');
        }
        if (comment.author_id !== userId) throw ApiError.forbidden('discuss.api.notYourComment');
        const result = await removeComment(trx, comment.id, now);
        if (!result.removed) throw ApiError.notFound('discuss.api.commentNotFound');
        await takeBack(trx, {
          userId,
          siteId: comment.site_id,
          rule: POINT_RULE.comment,
          source: { kind: 'comment', id: comment.id },
          now,
        });
        if (result.wasAccepted) {
          await takeBack(trx, {
            userId,
            siteId: comment.site_id,
            rule: POINT_RULE.answerAccepted,
            source: { kind: 'comment', id: comment.id },
            now,
          });
        }
      });
    },

    async toggleLike(site: Site, userId: number, commentId: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await visibleComment(trx, site, commentId);
        const liked = await repo.togglePair(trx, 'comment_likes', commentId, userId, now);
        const counts = await repo.bumpComment(trx, commentId, { likes: liked ? 1 : -1 });
        return { is_liked: liked, like_count: Number(counts.like_count) };
      });
    },

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
        const answer = await repo.findComment(trx, commentId);
        if (!answer || answer.post_id !== post.id || answer.deleted_at !== null || answer.hidden !== 0) {
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
          const previous = await repo.findComment(trx, post.accepted_comment_id);
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
