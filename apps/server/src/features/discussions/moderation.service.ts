import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import type { SystemMessageKind } from '@portal/contracts/messages';
import {
  REPORT_RULE,
  type ModeratedPost,
  type ModerationAction,
  type PostFlag,
  type ReportItem,
  type ReportTarget,
} from '@portal/contracts/moderation';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { POINT_RULE } from '@portal/contracts/points';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { holdsPermission, type SignedInMember } from '../../http/register-call';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { takeBack } from '../../platform/points/points.service';
import { isUniqueViolation } from '../../db/unique-violation';
import { recordAudit } from '../../platform/audit/audit.service';
import { notify } from '../../platform/messages/messages.service';
import {
  moderationRepository,
  type BoardScope,
  type PostChange,
  type PostRow,
  type PostUpdate,
  type ReportRow,
} from './moderation.repository';

type Request = Pick<FastifyRequest, 'ip' | 'id'>;

const iso = (ms: number) => new Date(Number(ms)).toISOString();
const MODERATE = PERMISSIONS.postModerate;

/** Rich text (already sanitised on the way in) as a short plain-text excerpt for the reports list. */
export function excerptOf(html: string, max = 300): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Plain text (a comment) cut to `max` characters. */
function shorten(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function toPost(row: PostRow & { open_reports?: number }): ModeratedPost {
  return {
    tp_id: row.id,
    tp_title: row.title,
    tp_type: row.type,
    tp_status: row.status,
    board_id: row.board_id,
    board_name: row.board_name ?? '',
    author: { user_id: row.author_id, user_nick_name: row.author_nick_name },
    hidden: row.hidden === 1,
    pinned: row.pinned_at !== null,
    featured: row.featured === 1,
    locked: row.locked === 1,
    open_reports: row.open_reports ?? 0,
    create_time: iso(row.created_at),
  };
}

function toReport(row: ReportRow): ReportItem {
  const comment = row.target_kind === 'comment';
  return {
    report_id: row.id,
    target_kind: comment ? 'comment' : 'post',
    target_id: row.target_id,
    tp_id: row.post_id,
    tp_title: row.post_title,
    board_id: row.board_id,
    board_name: row.board_name ?? '',
    content_text: comment ? shorten(row.comment_text ?? '') : excerptOf(row.post_html),
    content_author: comment
      ? { user_id: row.comment_author_id ?? 0, user_nick_name: row.comment_author_nick_name ?? '' }
      : { user_id: row.post_author_id, user_nick_name: row.post_author_nick_name },
    content_deleted: (comment ? row.comment_deleted_at : row.post_deleted_at) !== null,
    reason: row.reason,
    reporter: { user_id: row.reporter_id, user_nick_name: row.reporter_nick_name },
    status: row.status,
    note: row.note,
    handler_nick_name: row.handler_nick_name,
    create_time: iso(row.created_at),
    handled_time: row.handled_at === null ? null : iso(row.handled_at),
  };
}

/** A post members see: published and not hidden (deleted ones are never found). */
const isPublic = (status: number, hidden: number) => status === REVIEW_STATUS.approved && hidden === 0;

/** What the audit log keeps of a post before and after a moderator action. */
const auditPost = (row: PostRow) => ({
  board_id: row.board_id,
  hidden: row.hidden,
  pinned_at: row.pinned_at,
  featured: row.featured,
  locked: row.locked,
});

interface ActionPlan {
  change: PostChange;
  /** The state the post must still be in for the action to change anything. */
  expect: (q: PostUpdate) => PostUpdate;
  message: SystemMessageKind | null;
}

function plan(action: Exclude<ModerationAction, 'move'>, now: number): ActionPlan {
  switch (action) {
    case 'hide':
      return { change: { hidden: 1 }, expect: (q) => q.where('hidden', '=', 0), message: 'post_hidden' };
    case 'unhide':
      return { change: { hidden: 0 }, expect: (q) => q.where('hidden', '=', 1), message: 'post_unhidden' };
    case 'pin':
      return { change: { pinned_at: now }, expect: (q) => q.where('pinned_at', 'is', null), message: 'post_pinned' };
    case 'unpin':
      return { change: { pinned_at: null }, expect: (q) => q.where('pinned_at', 'is not', null), message: null };
    case 'feature':
      return { change: { featured: 1 }, expect: (q) => q.where('featured', '=', 0), message: 'post_featured' };
    case 'unfeature':
      return { change: { featured: 0 }, expect: (q) => q.where('featured', '=', 1), message: null };
    case 'lock':
      return { change: { locked: 1 }, expect: (q) => q.where('locked', '=', 0), message: 'post_locked' };
    case 'unlock':
      return { change: { locked: 0 }, expect: (q) => q.where('locked', '=', 1), message: 'post_unlocked' };
  }
}

/**
 * Reports by members and the moderator zone. A moderator holds `post.moderate` for some boards of
 * the site; an admin holds it site-wide and so every board of the site. Every check of "may this
 * member moderate this post" goes through `holdsPermission` with the post's board.
 */
export function moderationService(db: Kysely<DB>, clock: { now(): number } = { now: Date.now }) {
  const repo = moderationRepository(db);

  function scopeOf(user: SignedInMember): BoardScope {
    if (holdsPermission(user, MODERATE)) return { all: true, ids: [] };
    if (user.banned) return { all: false, ids: [] };
    return { all: false, ids: [...(user.scoped.get(MODERATE) ?? [])] };
  }

  /** The scope narrowed to one board of the site when a filter names one; 403 for a board not held. */
  async function narrowed(site: Site, user: SignedInMember, boardId: number | undefined): Promise<BoardScope> {
    const scope = scopeOf(user);
    if (boardId === undefined) return scope;
    if (!holdsPermission(user, MODERATE, boardId)) throw ApiError.forbidden('moderation.api.notYourBoard');
    const boards = await repo.boards(site.tws_id, { all: false, ids: [boardId] });
    if (boards.length === 0) throw ApiError.forbidden('moderation.api.notYourBoard');
    return { all: false, ids: [boardId] };
  }

  function mayModerate(user: SignedInMember, boardId: number | null): boolean {
    return holdsPermission(user, MODERATE, boardId ?? undefined);
  }

  function postUrl(site: Site, postId: number, preview: boolean) {
    return `/${site.prefix}/discuss/info/${postId}${preview ? '/1' : ''}`;
  }

  return {
    async myBoards(site: Site, user: SignedInMember) {
      const scope = scopeOf(user);
      const boards = await repo.boards(site.tws_id, scope);
      return { list: boards.map((b) => ({ board_id: b.id, board_name: b.label })), all_boards: scope.all };
    },

    async report(
      site: Site,
      user: SignedInMember,
      body: { target_kind: ReportTarget; target_id: number; reason: string },
    ) {
      // Only what members can see is reportable; anything else is unknown to them (404).
      let postId: number;
      if (body.target_kind === 'post') {
        const post = await repo.findPost(site.tws_id, body.target_id);
        if (!post || !isPublic(post.status, post.hidden)) throw ApiError.notFound('moderation.api.targetNotFound');
        postId = post.id;
      } else {
        const comment = await repo.findComment(site.tws_id, body.target_id);
        if (!comment || comment.hidden !== 0 || !isPublic(comment.post_status, comment.post_hidden)) {
          throw ApiError.notFound('moderation.api.targetNotFound');
        }
        postId = comment.post_id;
      }
      if (await repo.openReportOf(user.id, body.target_kind, body.target_id)) {
        throw ApiError.refused('moderation.api.duplicateReport');
      }
      const now = clock.now();
      let result;
      try {
        result = await repo.insertWithinLimit(
          {
            siteId: site.tws_id,
            kind: body.target_kind,
            targetId: body.target_id,
            postId,
            reporterId: user.id,
            reason: body.reason,
            now,
          },
          { max: REPORT_RULE.perWindow, since: now - REPORT_RULE.windowMs },
        );
      } catch (err) {
        // The same member reporting the same item twice at once: the unique open-report index decides.
        if (isUniqueViolation(err)) throw ApiError.refused('moderation.api.duplicateReport');
        throw err;
      }
      if (result.stored) return;
      const freeAt = result.recent[result.recent.length - REPORT_RULE.perWindow]! + REPORT_RULE.windowMs;
      const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
      throw ApiError.throttled('moderation.api.tooManyReports', seconds, { minutes: Math.ceil(seconds / 60) });
    },

    async posts(
      site: Site,
      user: SignedInMember,
      query: { board_id?: number; flag?: PostFlag; reported?: boolean; cursor?: string; page_size: number },
    ) {
      const scope = await narrowed(site, user, query.board_id);
      const after = decodeCursor(query.cursor);
      const rows = await repo.postsPage(
        site.tws_id,
        scope,
        { flag: query.flag, reported: query.reported },
        after?.id ?? null,
        query.page_size + 1,
      );
      const more = rows.length > query.page_size;
      const page = more ? rows.slice(0, query.page_size) : rows;
      const last = page[page.length - 1];
      return {
        list: page.map(toPost),
        next_cursor: more && last ? encodeCursor({ at: Number(last.created_at), id: last.id }) : null,
      };
    },

    async reports(
      site: Site,
      user: SignedInMember,
      query: { board_id?: number; status: number; cursor?: string; page_size: number },
    ) {
      const scope = await narrowed(site, user, query.board_id);
      const after = decodeCursor(query.cursor);
      const rows = await repo.reportsPage(site.tws_id, scope, query.status, after?.id ?? null, query.page_size + 1);
      const more = rows.length > query.page_size;
      const page = more ? rows.slice(0, query.page_size) : rows;
      const last = page[page.length - 1];
      return {
        list: page.map(toReport),
        next_cursor: more && last ? encodeCursor({ at: Number(last.created_at), id: last.id }) : null,
      };
    },

    async handleReport(
      site: Site,
      user: SignedInMember,
      body: { report_id: number; status: number; note?: string },
      request: Request,
    ): Promise<ReportItem> {
      const found = await repo.findReport(site.tws_id, body.report_id);
      if (!found) throw ApiError.notFound('moderation.api.reportNotFound');
      if (!mayModerate(user, found.board_id)) throw ApiError.forbidden('moderation.api.notYourBoard');
      const now = clock.now();
      const after = await repo.closeReport(
        site.tws_id,
        body.report_id,
        { status: body.status, note: body.note, handledBy: user.id, now },
        (trx, before, afterRow) =>
          recordAudit(trx, {
            actorId: user.id,
            siteId: site.tws_id,
            action: 'report.handle',
            targetKind: 'report',
            targetId: afterRow.id,
            before: { status: before.status, note: before.note },
            after: { status: afterRow.status, note: afterRow.note },
            request,
            now,
          }),
      );
      if (!after) throw ApiError.refused('moderation.api.reportClosed');
      return toReport(after);
    },

    async act(
      site: Site,
      user: SignedInMember,
      body: { tp_id: number; action: ModerationAction; reason?: string; board_id?: number },
      request: Request,
    ): Promise<ModeratedPost> {
      const before = await repo.findPost(site.tws_id, body.tp_id);
      if (!before) throw ApiError.notFound('moderation.api.postNotFound');
      if (!mayModerate(user, before.board_id)) throw ApiError.forbidden('moderation.api.notYourBoard');
      const now = clock.now();
      const reason = body.reason ?? '';

      let step: ActionPlan;
      let boardName = '';
      if (body.action === 'move') {
        if (body.board_id === undefined) throw ApiError.refused('moderation.api.boardRequired');
        if (body.board_id === before.board_id) throw ApiError.refused('moderation.api.sameBoard');
        const target = await repo.boards(site.tws_id, { all: false, ids: [body.board_id] });
        if (target.length === 0 || !mayModerate(user, body.board_id)) {
          throw ApiError.forbidden('moderation.api.boardNotAllowed');
        }
        boardName = target[0]!.label;
        step = { change: { board_id: body.board_id }, expect: (q) => q, message: 'post_moved' };
      } else {
        if (body.action === 'hide' && reason === '') throw ApiError.refused('moderation.api.reasonRequired');
        step = plan(body.action, now);
      }

      const after = await repo.changePost(site.tws_id, before, step.change, step.expect, async (trx, afterRow) => {
        await recordAudit(trx, {
          actorId: user.id,
          siteId: site.tws_id,
          action: `post.${body.action}`,
          targetKind: 'post',
          targetId: afterRow.id,
          before: auditPost(before),
          after: reason ? { ...auditPost(afterRow), reason } : auditPost(afterRow),
          request,
          now,
        });
        if (step.message && afterRow.author_id !== user.id) {
          await notify(trx, afterRow.author_id, {
            kind: step.message,
            params: {
              title: afterRow.title,
              ...(body.action === 'hide' ? { reason } : {}),
              ...(body.action === 'move' ? { board: boardName } : {}),
            },
            url: postUrl(site, afterRow.id, afterRow.hidden === 1 || afterRow.status !== REVIEW_STATUS.approved),
            siteId: site.tws_id,
          });
        }
      });
      if (!after) throw ApiError.refused('moderation.api.unchanged');
      return toPost(after);
    },

    async deleteComment(
      site: Site,
      user: SignedInMember,
      body: { comment_id: number; reason?: string },
      request: Request,
    ) {
      const comment = await repo.findComment(site.tws_id, body.comment_id);
      if (!comment) throw ApiError.notFound('moderation.api.commentNotFound');
      if (!mayModerate(user, comment.board_id)) throw ApiError.forbidden('moderation.api.notYourBoard');
      const now = clock.now();
      const deleted = await repo.deleteComment(comment.id, now, async (trx, removed) => {
        // The comment points went with the comment (removeThreadComment); an acceptance's go too.
        if (removed.wasAccepted) {
          await takeBack(trx, {
            userId: comment.author_id,
            siteId: site.tws_id,
            rule: POINT_RULE.answerAccepted,
            source: { kind: 'comment', id: comment.id },
            now,
          });
        }
        await recordAudit(trx, {
          actorId: user.id,
          siteId: site.tws_id,
          action: 'comment.delete',
          targetKind: 'comment',
          targetId: comment.id,
          before: { post_id: comment.post_id, author_id: comment.author_id, content: shorten(comment.content, 500) },
          after: { deleted_at: now, reason: body.reason ?? '' },
          request,
          now,
        });
      });
      if (!deleted) throw ApiError.notFound('moderation.api.commentNotFound');
    },
  };
}
