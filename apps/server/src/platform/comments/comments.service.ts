import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { COMMENT_RULE, type ThreadComment } from '@portal/contracts/comments';
import type { UserBrief } from '@portal/contracts/home';
import type { SystemMessageKind } from '@portal/contracts/messages';
import { POINT_RULE } from '@portal/contracts/points';
import type { Site } from '@portal/contracts/sites';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { SignedInMember } from '../../http/register-call';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { recordAudit } from '../audit/audit.service';
import { memberBriefs } from '../members/member-brief.repository';
import { notify } from '../messages/messages.service';
import { award, takeBack } from '../points/points.service';
import { commentsRepository, type CommentStore, type StoredComment } from './comments.repository';

const iso = (ms: number) => new Date(ms).toISOString();

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

/** A cursor over comment ids (the id orders comments in time). */
const idCursor = (id: number) => encodeCursor({ at: id, id });

/** What a comment is on, as the comment rules need it. */
export interface CommentedItem {
  id: number;
  author_id: number;
  title: string;
}

/** How a commented item's own counters follow its comments (comments and replies, top-level ones). */
export type CountComments = (
  executor: Executor,
  itemId: number,
  delta: { comments: number; topLevel: number; activityAt?: number },
) => Promise<void>;

/**
 * One commented kind (a post, a topic article): where its comments are kept and what the kind
 * decides itself: who may read an item's comments, which items take comments, its counters, the
 * points' source kind and the message its author gets. The rules of the two levels are the same
 * for every kind (decision 022).
 */
export interface CommentTarget<T extends CommentedItem> {
  /** Where its comments are kept, and the ledger's source kind of their points. */
  store: CommentStore;
  /** The message to the item's author when it gets a top-level comment. */
  commentedMessage: SystemMessageKind;
  /** An item whose comments the viewer may read (a preview's too); 404 otherwise. */
  readable(site: Site, itemId: number, viewer: SignedInMember | null): Promise<T>;
  /** An item that takes comments and likes of its comments: public; 404 otherwise. */
  open(executor: Executor, site: Site, itemId: number): Promise<T>;
  /** Throws when the item takes no new comments now (a locked post). */
  refuseNew?(item: T): void;
  count: CountComments;
  url(site: Site, item: T): string;
  /** The comment shown as accepted (a question's answer); none for other kinds. */
  acceptedId?(item: T): number | null;
  /** Whether the member moderates the item's comments (deletes anyone's, audited); none: authors only. */
  moderates?(executor: Executor, user: SignedInMember, itemId: number): Promise<boolean>;
}

/**
 * Soft-deletes a comment or reply and keeps the counters right: the item loses the comment and its
 * replies (or the reply), the parent's reply_count loses a reply. A comment's replies go with it,
 * deleted too. The comment points of everything that went go back from their authors (decisions.md:
 * deleting content takes its points back; decision 041), in the caller's transaction. Undefined when
 * it was gone already. For the author's delete and a moderator's alike.
 */
export async function removeThreadComment(
  executor: Executor,
  store: CommentStore,
  count: CountComments,
  commentId: number,
  now: number,
): Promise<StoredComment | undefined> {
  const repo = commentsRepository(store);
  const comment = await repo.softDelete(executor, commentId, now);
  if (!comment) return undefined;
  const gone = [{ id: comment.id, author_id: comment.author_id }];
  if (comment.parent_id === null) {
    // Counts are of comments not deleted (a moderator's hide does not change them).
    await count(executor, comment.target_id, { comments: -(1 + comment.reply_count), topLevel: -1 });
    gone.push(...(await repo.softDeleteReplies(executor, comment.id, now)));
  } else {
    await count(executor, comment.target_id, { comments: -1, topLevel: 0 });
    await repo.bump(executor, comment.parent_id, { likes: 0, replies: -1 });
  }
  for (const c of gone) {
    await takeBack(executor, {
      userId: c.author_id,
      siteId: comment.site_id,
      rule: POINT_RULE.comment,
      source: { kind: store.pointsKind, id: c.id },
      now,
    });
  }
  return comment;
}

/**
 * Comments of one kind, two levels: a comment and replies under it; a reply to a reply stays on
 * the second level and names whom it answers. Oldest first, keyset paged on both levels; counters
 * kept in SQL; a comment point (at most the rule's daily cap) that goes back with the comment; the
 * item's author (for a comment) or the member replied to (for a reply) gets a message, never oneself.
 * Content is plain text: kept as text, shown as text.
 */
export function threadComments<T extends CommentedItem>(db: Kysely<DB>, target: CommentTarget<T>, clock: Clock) {
  const repo = commentsRepository(target.store);

  /** Shapes comments for a viewer: authors, the members replied to, the viewer's likes. */
  async function shape(
    rows: StoredComment[],
    site: Site,
    viewer: SignedInMember | null,
    acceptedId: number | null,
  ): Promise<Array<ThreadComment & { target_id: number }>> {
    if (rows.length === 0) return [];
    const replyTo = rows.flatMap((r) => (r.reply_to_user_id !== null ? [r.reply_to_user_id] : []));
    const [briefs, nicks, liked] = await Promise.all([
      memberBriefs(
        db,
        rows.map((r) => r.author_id),
        site.tws_id,
      ),
      repo.nickNames(db, replyTo),
      viewer
        ? repo.liked(
            db,
            viewer.id,
            rows.map((r) => r.id),
          )
        : Promise.resolve(new Set<number>()),
    ]);
    return rows.map((r) => ({
      tpc_id: r.id,
      target_id: r.target_id,
      tpc_parent_id: r.parent_id,
      tpc_content: r.content,
      author: briefs.get(r.author_id) ?? blankBrief(r.author_id),
      reply_to:
        r.reply_to_user_id !== null
          ? { user_id: r.reply_to_user_id, user_nick_name: nicks.get(r.reply_to_user_id) ?? '' }
          : null,
      like_count: r.like_count,
      reply_count: r.reply_count,
      is_liked: liked.has(r.id),
      is_mine: viewer !== null && viewer.id === r.author_id,
      is_accepted: acceptedId !== null && acceptedId === r.id,
      create_time: iso(r.created_at),
    }));
  }

  const showing = (c: StoredComment | undefined, siteId?: number): c is StoredComment =>
    c !== undefined && c.deleted_at === null && c.hidden === 0 && (siteId === undefined || c.site_id === siteId);

  return {
    shape,

    /** One comment as shown (the accepted answer on a post's page); null when it does not show. */
    async one(site: Site, commentId: number, viewer: SignedInMember | null) {
      const row = await repo.find(db, commentId);
      if (!showing(row)) return null;
      const [shaped] = await shape([row], site, viewer, commentId);
      return shaped ?? null;
    },

    async list(site: Site, q: { itemId: number; cursor?: string; limit: number }, viewer: SignedInMember | null) {
      const item = await target.readable(site, q.itemId, viewer);
      const after = decodeCursor(q.cursor);
      const rows = await repo.top(db, item.id, after?.id ?? null, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const previews = await repo.replyPreviews(
        db,
        page.map((r) => r.id),
        COMMENT_RULE.replyPreview,
      );
      const byParent = new Map<number, StoredComment[]>();
      for (const r of previews) {
        const list = byParent.get(r.parent_id!) ?? [];
        list.push(r);
        byParent.set(r.parent_id!, list);
      }
      const shown = page.flatMap((c) => (byParent.get(c.id) ?? []).slice(0, COMMENT_RULE.replyPreview));
      const shaped = await shape([...page, ...shown], site, viewer, target.acceptedId?.(item) ?? null);
      const byId = new Map(shaped.map((c) => [c.tpc_id, c]));
      const list = page.map((c) => {
        const replies = byParent.get(c.id) ?? [];
        const visible = replies.slice(0, COMMENT_RULE.replyPreview);
        const lastShown = visible[visible.length - 1];
        return {
          ...byId.get(c.id)!,
          replies: visible.map((r) => byId.get(r.id)!),
          replies_next_cursor: replies.length > COMMENT_RULE.replyPreview && lastShown ? idCursor(lastShown.id) : null,
        };
      });
      const last = page[page.length - 1];
      return { list, next_cursor: rows.length > q.limit && last ? idCursor(last.id) : null };
    },

    async replies(site: Site, q: { tpc_id: number; cursor?: string; limit: number }, viewer: SignedInMember | null) {
      const comment = await repo.find(db, q.tpc_id);
      if (!showing(comment) || comment.parent_id !== null) throw ApiError.notFound('discuss.api.commentNotFound');
      const item = await target.readable(site, comment.target_id, viewer);
      const after = decodeCursor(q.cursor);
      const rows = await repo.replies(db, comment.id, after?.id ?? null, q.limit + 1);
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        list: await shape(page, site, viewer, target.acceptedId?.(item) ?? null),
        next_cursor: rows.length > q.limit && last ? idCursor(last.id) : null,
      };
    },

    /** A comment on an item open to comments, or a reply under one of its comments. */
    async add(site: Site, author: SignedInMember, body: { itemId: number; content: string; parentId?: number }) {
      const now = clock.now();
      const { row, item } = await db.transaction().execute(async (trx) => {
        const item = await target.open(trx, site, body.itemId);
        target.refuseNew?.(item);
        let parentId: number | null = null;
        let replyToUserId: number | null = null;
        let notifyId: number | null = item.author_id;
        if (body.parentId !== undefined) {
          const replied = await repo.find(trx, body.parentId);
          if (!showing(replied) || replied.target_id !== item.id)
            throw ApiError.notFound('discuss.api.commentNotFound');
          if (replied.parent_id === null) {
            parentId = replied.id;
          } else {
            const top = await repo.find(trx, replied.parent_id);
            if (!showing(top)) throw ApiError.notFound('discuss.api.commentNotFound');
            parentId = top.id;
            replyToUserId = replied.author_id;
          }
          notifyId = replied.author_id;
        }
        const inserted = await repo.insert(trx, {
          targetId: item.id,
          siteId: site.tws_id,
          authorId: author.id,
          parentId,
          replyToUserId,
          content: body.content,
          now,
        });
        await target.count(trx, item.id, { comments: 1, topLevel: parentId === null ? 1 : 0, activityAt: now });
        if (parentId !== null) await repo.bump(trx, parentId, { replies: 1 });
        await award(trx, {
          userId: author.id,
          siteId: site.tws_id,
          rule: POINT_RULE.comment,
          source: { kind: target.store.pointsKind, id: inserted.id },
          now,
        });
        if (notifyId !== null && notifyId !== author.id) {
          const nick = (await repo.nickNames(trx, [author.id])).get(author.id) ?? '';
          await notify(trx, notifyId, {
            kind: parentId === null ? target.commentedMessage : 'comment_replied',
            params: { nick, title: item.title },
            url: target.url(site, item),
            siteId: site.tws_id,
          });
        }
        return { row: inserted, item };
      });
      const [shaped] = await shape([row], site, author, null);
      return { comment: shaped!, item };
    },

    /**
     * The author deletes their own comment or reply (soft), or a moderator of the item's comments
     * anyone's (audited); 403 for anyone else. Its point goes back from its author. `alsoDo` runs in
     * the same transaction (a post's accepted answer).
     */
    async remove(
      site: Site,
      user: SignedInMember,
      commentId: number,
      opts: {
        alsoDo?: (trx: Executor, comment: StoredComment, now: number) => Promise<void>;
        request?: Pick<FastifyRequest, 'ip' | 'id'>;
      } = {},
    ): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const comment = await repo.find(trx, commentId);
        if (!comment || comment.deleted_at !== null || comment.site_id !== site.tws_id) {
          throw ApiError.notFound('discuss.api.commentNotFound');
        }
        const own = comment.author_id === user.id;
        if (!own && !(await target.moderates?.(trx, user, comment.target_id))) {
          throw ApiError.forbidden('discuss.api.notYourComment');
        }
        const removed = await removeThreadComment(trx, target.store, target.count, comment.id, now);
        if (!removed) throw ApiError.notFound('discuss.api.commentNotFound');
        if (!own) {
          await recordAudit(trx, {
            actorId: user.id,
            siteId: site.tws_id,
            action: 'comment.delete',
            targetKind: 'comment',
            targetId: comment.id,
            before: { on: target.store.pointsKind, item_id: comment.target_id, author_id: comment.author_id },
            after: { deleted_at: now },
            request: opts.request,
            now,
          });
        }
        await opts.alsoDo?.(trx, removed, now);
      });
    },

    /** Toggles the member's like of a comment that shows on an open item. */
    async toggleLike(site: Site, userId: number, commentId: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const comment = await repo.find(trx, commentId);
        if (!showing(comment, site.tws_id)) throw ApiError.notFound('discuss.api.commentNotFound');
        await target.open(trx, site, comment.target_id);
        const liked = await repo.toggleLike(trx, commentId, userId, now);
        const counts = await repo.bump(trx, commentId, { likes: liked ? 1 : -1 });
        return { is_liked: liked, like_count: counts.like_count };
      });
    },
  };
}

export type ThreadComments<T extends CommentedItem> = ReturnType<typeof threadComments<T>>;
