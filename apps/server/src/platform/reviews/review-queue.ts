import { REVIEW_STATUS } from '@portal/contracts/reviews';
import type { Executor } from '../../db/executor';

/**
 * The review queue as other features see it: an item enters it (or enters it again after an edit),
 * its author withdraws it while it waits, and its latest state is read back. Deciding is the back
 * office's (reviews.service.ts). Each function runs on the caller's executor, so an item and its
 * queue row change in one transaction.
 */
export type ReviewKind = 'post' | 'article' | 'expert' | 'journal' | 'mvp' | 'cooperation';

/** Ids per query when reading states, well below SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

/** The item enters (or re-enters) the queue as pending (10); an old decision and reason are cleared. */
export async function submitForReview(
  executor: Executor,
  item: { kind: ReviewKind; itemId: number; siteId: number; authorId: number; title: string; now: number },
): Promise<void> {
  const title = item.title.slice(0, 500);
  await executor
    .insertInto('review_items')
    .values({
      kind: item.kind,
      item_id: item.itemId,
      site_id: item.siteId,
      author_id: item.authorId,
      title,
      status: REVIEW_STATUS.pending,
      reason: '',
      submitted_at: item.now,
      decided_by: null,
      decided_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['kind', 'item_id']).doUpdateSet({
        site_id: item.siteId,
        author_id: item.authorId,
        title,
        status: REVIEW_STATUS.pending,
        reason: '',
        submitted_at: item.now,
        decided_by: null,
        decided_at: null,
      }),
    )
    .execute();
}

/**
 * The author withdraws the item while it is pending: true when it was pending (and the author's)
 * and is now withdrawn (40); false when it was decided, withdrawn already, someone else's or unknown.
 */
export async function withdrawFromReview(
  executor: Executor,
  item: { kind: ReviewKind; itemId: number; authorId: number; now: number },
): Promise<boolean> {
  const result = await executor
    .updateTable('review_items')
    .set({ status: REVIEW_STATUS.withdrawn, decided_by: item.authorId, decided_at: item.now, reason: '' })
    .where('kind', '=', item.kind)
    .where('item_id', '=', item.itemId)
    .where('author_id', '=', item.authorId)
    .where('status', '=', REVIEW_STATUS.pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The latest review state of items (for "my posts" and preview banners); items never reviewed are absent. */
export async function reviewStates(
  executor: Executor,
  kind: ReviewKind,
  itemIds: number[],
): Promise<Map<number, { status: number; reason: string; decided_at: number | null }>> {
  const states = new Map<number, { status: number; reason: string; decided_at: number | null }>();
  const ids = [...new Set(itemIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await executor
      .selectFrom('review_items')
      .select(['item_id', 'status', 'reason', 'decided_at'])
      .where('kind', '=', kind)
      .where('item_id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) {
      states.set(row.item_id, {
        status: row.status,
        reason: row.reason,
        decided_at: row.decided_at === null ? null : Number(row.decided_at),
      });
    }
  }
  return states;
}
