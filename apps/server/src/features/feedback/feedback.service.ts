import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { FEEDBACK_RULE, FEEDBACK_STATUS, type FeedbackItem } from '@portal/contracts/feedback';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { recordAudit } from '../../platform/audit/audit.service';
import { feedbackRepository, type FeedbackRow } from './feedback.repository';

const iso = (ms: number) => new Date(ms).toISOString();

function toItem(row: FeedbackRow): FeedbackItem {
  return {
    tufb_id: row.id,
    tufb_content: row.content,
    tufb_status: row.status,
    tufb_note: row.note,
    user: {
      user_id: row.user_id,
      user_nick_name: row.sender_nick_name,
      user_avatar_att_url: row.sender_avatar_url,
    },
    user_contact_email: row.sender_contact_email,
    user_contact_mobile: row.sender_contact_mobile,
    create_time: iso(row.created_at),
    handled_time: row.handled_at === null ? null : iso(row.handled_at),
    handler_nick_name: row.handler_nick_name,
  };
}

/** What staff see and change of a feedback in the audit log. */
const auditState = (row: FeedbackRow) => ({ status: row.status, note: row.note });

/**
 * Feedback from members to the staff of a site: sending (plain text, at most 5 per member in
 * 10 minutes, counted in the database so every process agrees) and the back office's inbox.
 */
export function feedbackService(db: Kysely<DB>, clock: { now(): number } = { now: Date.now }) {
  const repo = feedbackRepository(db);

  return {
    /** `content` is already plain text, trimmed and within bounds (the contract's schema). */
    async send(site: Site, userId: number, content: string): Promise<void> {
      const now = clock.now();
      const result = await repo.insertWithinLimit(
        { siteId: site.tws_id, userId, content, now },
        { max: FEEDBACK_RULE.perWindow, since: now - FEEDBACK_RULE.windowMs },
      );
      if (result.stored) return;
      // A place frees up when the oldest send of the window leaves it.
      const freeAt = result.recent[result.recent.length - FEEDBACK_RULE.perWindow]! + FEEDBACK_RULE.windowMs;
      const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
      throw ApiError.throttled('feedback.tooMany', seconds, { minutes: Math.ceil(seconds / 60) });
    },

    async list(site: Site, query: { tufb_status?: number; keyword?: string; cursor?: string; page_size: number }) {
      const after = decodeCursor(query.cursor);
      const filter = { siteId: site.tws_id, keyword: query.keyword || undefined };
      const [rows, counts] = await Promise.all([
        repo.page({ ...filter, status: query.tufb_status }, after?.id ?? null, query.page_size + 1),
        repo.countsByStatus(filter),
      ]);
      const more = rows.length > query.page_size;
      const page = more ? rows.slice(0, query.page_size) : rows;
      const last = page[page.length - 1];
      return {
        list: page.map(toItem),
        next_cursor: more && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
        counts: {
          new: counts.get(FEEDBACK_STATUS.new) ?? 0,
          handled: counts.get(FEEDBACK_STATUS.handled) ?? 0,
        },
      };
    },

    /**
     * Marks a feedback handled (by this member, now) or new again, and sets the note when one is
     * given; the audit row is written in the same transaction. A feedback of another site is
     * unknown here (404).
     */
    async handle(
      site: Site,
      staffId: number,
      body: { tufb_id: number; tufb_status: number; tufb_note?: string },
      request: Pick<FastifyRequest, 'ip' | 'id'>,
    ): Promise<FeedbackItem> {
      const now = clock.now();
      const after = await repo.update(
        site.tws_id,
        body.tufb_id,
        (before) => {
          const handled = body.tufb_status === FEEDBACK_STATUS.handled;
          // Handled stays credited to whoever handled it first; a note edit does not take it over.
          const keep = handled && before.status === FEEDBACK_STATUS.handled;
          return {
            status: body.tufb_status,
            note: body.tufb_note ?? before.note,
            handledBy: handled ? (keep ? before.handled_by : staffId) : null,
            handledAt: handled ? (keep ? (before.handled_at ?? now) : now) : null,
          };
        },
        (trx, before, afterRow) =>
          recordAudit(trx, {
            actorId: staffId,
            siteId: site.tws_id,
            action: 'feedback.handle',
            targetKind: 'feedback',
            targetId: afterRow.id,
            before: auditState(before),
            after: auditState(afterRow),
            request,
            now,
          }),
      );
      if (!after) throw ApiError.notFound('feedback.notFound');
      return toItem(after);
    },
  };
}
