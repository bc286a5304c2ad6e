import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { STATUS } from '@portal/contracts/envelope';
import { REVIEW_STATUS, type ReviewDecision, type ReviewItem, type ReviewKindCode } from '@portal/contracts/reviews';
import { siteById, type Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { SignedInMember } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { recordAudit } from '../audit/audit.service';
import { notify } from '../messages/messages.service';
import type { ReviewContent, ReviewKindRegistry } from './review-kinds';
import { reviewsRepository, type QueueFilter, type ReviewRow } from './reviews.repository';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** A time in a sentence: `2026-11-22 04:39 UTC`. */
const spoken = (ms: number) => `${iso(ms).slice(0, 16).replace('T', ' ')} UTC`;

export interface DecisionResult {
  review_id: number;
  ok: boolean;
  status: number;
  msg: string;
}

/** Why one item of a decision was not decided by this call, and how the answer says it. */
type Failure = { kind: 'notFound' | 'forbidden' | 'taken' | 'gone'; msgKey: string; vars?: Record<string, unknown> };

class Rollback extends Error {}

function previewUrl(kinds: ReviewKindRegistry, row: ReviewRow): string {
  const adapter = kinds.get(row.kind);
  const site = siteById(row.site_id);
  return adapter && site ? adapter.previewUrl(site, row.item_id) : '';
}

function toItem(kinds: ReviewKindRegistry, row: ReviewRow): ReviewItem {
  return {
    review_id: row.id,
    kind: row.kind as ReviewItem['kind'],
    item_id: row.item_id,
    title: row.title,
    status: row.status,
    reason: row.reason,
    author: {
      user_id: row.author_id,
      user_nick_name: row.author_nick_name,
      user_avatar_att_url: row.author_avatar_url,
    },
    submit_time: iso(row.submitted_at),
    decide_time: row.decided_at === null ? null : iso(row.decided_at),
    decider_nick_name: row.decider_nick_name,
    preview_url: previewUrl(kinds, row),
  };
}

/**
 * The back office's review queue: the list of a site's items (filtered by kind, status and age,
 * and by what the member may review), one item rendered as members will see it, and decisions.
 * Each item is decided in its own transaction by a conditional update (`where status = 10`), so
 * of two staff deciding at once exactly one wins; the item's kind applies the decision to the item,
 * and the author's message and the audit row are written in the same transaction.
 */
export function reviewsService(
  db: Kysely<DB>,
  kinds: ReviewKindRegistry,
  clock: { now(): number } = { now: Date.now },
) {
  async function decideOne(
    site: Site,
    staff: SignedInMember,
    id: number,
    decision: ReviewDecision,
    reason: string,
    request: Pick<FastifyRequest, 'ip' | 'id'>,
  ): Promise<{ result: DecisionResult; failure?: Failure }> {
    const t = (key: string, vars?: Record<string, unknown>) => translate(site.lang, key, vars);
    const status = decision === 'approve' ? REVIEW_STATUS.approved : REVIEW_STATUS.rejected;
    let failure: Failure | undefined;
    let finalStatus = 0;
    try {
      await db.transaction().execute(async (trx) => {
        const repo = reviewsRepository(trx);
        const row = await repo.find(site.tws_id, id);
        const adapter = row ? kinds.get(row.kind) : undefined;
        if (!row || !adapter) {
          failure = { kind: 'notFound', msgKey: 'reviews.api.notFound' };
          return;
        }
        finalStatus = row.status;
        const may = await adapter.mayReview(trx, staff, row.item_id);
        if (may === 'gone') {
          failure = { kind: 'gone', msgKey: 'reviews.api.itemGone' };
          return;
        }
        if (!may) {
          failure = { kind: 'forbidden', msgKey: 'reviews.api.forbidden' };
          return;
        }
        const now = clock.now();
        const won = await repo.decideIfPending(id, { status, reason, decidedBy: staff.id, now });
        if (!won) {
          // Someone decided it first (or the author withdrew it): say who and when, change nothing.
          const current = (await repo.find(site.tws_id, id)) ?? row;
          finalStatus = current.status;
          failure =
            current.status === REVIEW_STATUS.withdrawn
              ? {
                  kind: 'taken',
                  msgKey: 'reviews.api.alreadyWithdrawn',
                  vars: { time: spoken(current.decided_at ?? now) },
                }
              : {
                  kind: 'taken',
                  msgKey: 'reviews.api.alreadyDecided',
                  vars: {
                    nick: current.decider_nick_name ?? '-',
                    time: spoken(current.decided_at ?? now),
                    status: t(`reviews.status.${current.status}`),
                  },
                };
          return;
        }
        if (!(await adapter.applyDecision(trx, row.item_id, status, now))) {
          failure = { kind: 'gone', msgKey: 'reviews.api.itemGone' };
          throw new Rollback();
        }
        await notify(trx, row.author_id, {
          kind: decision === 'approve' ? 'review_approved' : 'review_rejected',
          params: { title: row.title, reason },
          url: previewUrl(kinds, row),
          siteId: row.site_id,
        });
        await recordAudit(trx, {
          actorId: staff.id,
          siteId: row.site_id,
          action: `review.${decision}`,
          // The queue holds only the review kinds of the contracts (review_items.kind).
          targetKind: row.kind as ReviewKindCode,
          targetId: row.item_id,
          before: { review_id: row.id, status: row.status, title: row.title },
          after: { review_id: row.id, status, reason },
          request,
          now,
        });
        finalStatus = status;
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
    const failed = failure as Failure | undefined;
    if (failed) {
      return {
        result: { review_id: id, ok: false, status: finalStatus, msg: t(failed.msgKey, failed.vars) },
        failure: failed,
      };
    }
    const done = status === REVIEW_STATUS.approved ? 'reviews.api.approved' : 'reviews.api.rejected';
    return { result: { review_id: id, ok: true, status, msg: t(done) } };
  }

  return {
    async list(
      site: Site,
      user: SignedInMember,
      query: {
        kind?: string;
        status: number;
        older_than_days?: number;
        newer_than_days?: number;
        cursor?: string;
        page_size: number;
      },
    ): Promise<{ list: ReviewItem[]; next_cursor: string | null }> {
      const after = decodeCursor(query.cursor);
      const now = clock.now();
      const scopes: QueueFilter['scopes'] = [];
      for (const adapter of kinds.values()) {
        if (query.kind !== undefined && adapter.kind !== query.kind) continue;
        const where = adapter.queueScope(user);
        if (where !== 'none') scopes.push({ kind: adapter.kind, where });
      }
      const rows = await reviewsRepository(db).page(
        {
          siteId: site.tws_id,
          status: query.status,
          kind: query.kind,
          submittedBefore: query.older_than_days === undefined ? undefined : now - query.older_than_days * DAY,
          submittedSince: query.newer_than_days === undefined ? undefined : now - query.newer_than_days * DAY,
          scopes,
        },
        after,
        query.page_size + 1,
      );
      const more = rows.length > query.page_size;
      const page = more ? rows.slice(0, query.page_size) : rows;
      const last = page[page.length - 1];
      return {
        list: page.map((row) => toItem(kinds, row)),
        next_cursor: more && last ? encodeCursor({ at: last.submitted_at, id: last.id }) : null,
      };
    },

    async info(site: Site, user: SignedInMember, id: number): Promise<ReviewItem & { content: ReviewContent }> {
      const row = await reviewsRepository(db).find(site.tws_id, id);
      const adapter = row ? kinds.get(row.kind) : undefined;
      if (!row || !adapter) throw ApiError.notFound('reviews.api.notFound');
      const may = await adapter.mayReview(db, user, row.item_id);
      if (may === 'gone') throw ApiError.notFound('reviews.api.itemGone');
      if (!may) throw ApiError.forbidden('reviews.api.forbidden');
      const content = await adapter.render(db, row.item_id, site.lang);
      if (!content) throw ApiError.notFound('reviews.api.itemGone');
      return { ...toItem(kinds, row), content };
    },

    /**
     * Decides each item on its own: results in the order asked. When none was decided by this call
     * the answer is a refusal carrying the first item's reason (404, 403, or 409 when taken).
     */
    async decide(
      site: Site,
      staff: SignedInMember,
      body: { ids: number[]; decision: ReviewDecision; reason?: string },
      request: Pick<FastifyRequest, 'ip' | 'id'>,
    ): Promise<{ decided: number; results: DecisionResult[] }> {
      const ids = [...new Set(body.ids)];
      const reason = body.decision === 'reject' ? (body.reason ?? '') : '';
      const outcomes = [];
      for (const id of ids) outcomes.push(await decideOne(site, staff, id, body.decision, reason, request));
      const results = outcomes.map((o) => o.result);
      const decided = results.filter((r) => r.ok).length;
      const firstFailure = outcomes[0]?.failure;
      if (decided === 0 && firstFailure) {
        const data = { decided, results };
        const { msgKey, vars } = firstFailure;
        if (firstFailure.kind === 'notFound') throw new ApiError(404, STATUS.notFound, msgKey, vars, data);
        if (firstFailure.kind === 'forbidden') throw new ApiError(403, STATUS.forbidden, msgKey, vars, data);
        throw ApiError.refused(msgKey, vars, data);
      }
      return { decided, results };
    },
  };
}
