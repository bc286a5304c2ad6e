import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { REVIEW_STATUS } from '@portal/contracts/reviews';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';

/** A queue row with its author and decider, as the back office shows it. */
export interface ReviewRow {
  id: number;
  kind: string;
  item_id: number;
  site_id: number;
  author_id: number;
  title: string;
  status: number;
  reason: string;
  submitted_at: number;
  decided_by: number | null;
  decided_at: number | null;
  author_nick_name: string;
  author_avatar_url: string;
  decider_nick_name: string | null;
}

export interface QueueFilter {
  siteId: number;
  status: number;
  kind?: string;
  /** submitted_at below this (older than N days). */
  submittedBefore?: number;
  /** submitted_at at or above this (within N days). */
  submittedSince?: number;
  /** Per kind: which items this member may see; kinds absent are not shown. */
  scopes: { kind: string; where: 'all' | ((eb: ExpressionBuilder<DB, 'review_items'>) => Expression<SqlBool>) }[];
}

const COLUMNS = [
  'review_items.id',
  'review_items.kind',
  'review_items.item_id',
  'review_items.site_id',
  'review_items.author_id',
  'review_items.title',
  'review_items.status',
  'review_items.reason',
  'review_items.submitted_at',
  'review_items.decided_by',
  'review_items.decided_at',
  'author.nick_name as author_nick_name',
  'author.avatar_url as author_avatar_url',
  'decider.nick_name as decider_nick_name',
] as const;

function rows(executor: Executor) {
  return executor
    .selectFrom('review_items')
    .innerJoin('users as author', 'author.id', 'review_items.author_id')
    .leftJoin('users as decider', 'decider.id', 'review_items.decided_by');
}

function normalise(row: ReviewRow): ReviewRow {
  return {
    ...row,
    submitted_at: Number(row.submitted_at),
    decided_at: row.decided_at === null ? null : Number(row.decided_at),
  };
}

export function reviewsRepository(executor: Executor) {
  return {
    /**
     * One page of the queue. Pending items oldest first (first come, first reviewed); decided ones
     * newest first. `after` is the keyset position (submitted_at, id) of the previous page's last row.
     */
    async page(filter: QueueFilter, after: { at: number; id: number } | null, limit: number): Promise<ReviewRow[]> {
      if (filter.scopes.length === 0) return [];
      const ascending = filter.status === REVIEW_STATUS.pending;
      let query = rows(executor)
        .select(COLUMNS)
        .where('review_items.site_id', '=', filter.siteId)
        .where('review_items.status', '=', filter.status);
      if (filter.kind !== undefined) query = query.where('review_items.kind', '=', filter.kind);
      if (filter.submittedBefore !== undefined) {
        query = query.where('review_items.submitted_at', '<', filter.submittedBefore);
      }
      if (filter.submittedSince !== undefined) {
        query = query.where('review_items.submitted_at', '>=', filter.submittedSince);
      }
      query = query.where((eb) =>
        eb.or(
          filter.scopes.map((scope) =>
            scope.where === 'all'
              ? eb('review_items.kind', '=', scope.kind)
              : eb.and([eb('review_items.kind', '=', scope.kind), scope.where(eb)]),
          ),
        ),
      );
      if (after) {
        const op = ascending ? '>' : '<';
        query = query.where((eb) =>
          eb.or([
            eb('review_items.submitted_at', op, after.at),
            eb.and([eb('review_items.submitted_at', '=', after.at), eb('review_items.id', op, after.id)]),
          ]),
        );
      }
      const direction = ascending ? 'asc' : 'desc';
      const found = await query
        .orderBy('review_items.submitted_at', direction)
        .orderBy('review_items.id', direction)
        .limit(limit)
        .execute();
      return found.map(normalise);
    },

    async find(siteId: number, id: number): Promise<ReviewRow | undefined> {
      const row = await rows(executor)
        .select(COLUMNS)
        .where('review_items.site_id', '=', siteId)
        .where('review_items.id', '=', id)
        .executeTakeFirst();
      return row ? normalise(row) : undefined;
    },

    /** Decides a pending item; false when it is no longer pending (someone else decided, or withdrawn). */
    async decideIfPending(
      id: number,
      next: { status: number; reason: string; decidedBy: number; now: number },
    ): Promise<boolean> {
      const result = await executor
        .updateTable('review_items')
        .set({ status: next.status, reason: next.reason, decided_by: next.decidedBy, decided_at: next.now })
        .where('id', '=', id)
        .where('status', '=', REVIEW_STATUS.pending)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
