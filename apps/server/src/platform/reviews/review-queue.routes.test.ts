import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness } from '../../../test/accounts-harness';
import { staffTestApp } from '../../../test/roles-harness';
import { reviewStates, submitForReview, withdrawFromReview } from './review-queue';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
});
afterAll(async () => t?.close());

const rowOf = (itemId: number) =>
  t.database.db
    .selectFrom('review_items')
    .selectAll()
    .where('kind', '=', 'post')
    .where('item_id', '=', itemId)
    .execute();

describe('the review queue as other features use it', () => {
  it('puts an item in as pending, once per item, and back to pending after a decision', async () => {
    const author = await h.registerMember();
    const db = t.database.db;
    await submitForReview(db, {
      kind: 'post',
      itemId: 9001,
      siteId: 2,
      authorId: author.id,
      title: 'First',
      now: 1000,
    });
    let rows = await rowOf(9001);
    expect(rows.map((r) => [r.site_id, r.author_id, r.title, r.status, r.reason, Number(r.submitted_at)])).toEqual([
      [2, author.id, 'First', 10, '', 1000],
    ]);
    // Decided (rejected with a reason), then edited and submitted again: the same row, pending, cleared.
    await db
      .updateTable('review_items')
      .set({ status: 30, reason: 'Off topic', decided_by: author.id, decided_at: 1500 })
      .where('id', '=', rows[0]!.id)
      .execute();
    await submitForReview(db, {
      kind: 'post',
      itemId: 9001,
      siteId: 2,
      authorId: author.id,
      title: 'Second',
      now: 2000,
    });
    rows = await rowOf(9001);
    expect(
      rows.map((r) => [r.id, r.title, r.status, r.reason, r.decided_by, r.decided_at, Number(r.submitted_at)]),
    ).toEqual([[rows[0]!.id, 'Second', 10, '', null, null, 2000]]);
    // Inside the caller's transaction: rolled back with it.
    await expect(
      db.transaction().execute(async (trx) => {
        await submitForReview(trx, { kind: 'post', itemId: 9002, siteId: 1, authorId: author.id, title: 'T', now: 1 });
        throw new Error('the caller fails');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await rowOf(9002)).toEqual([]);
  });

  it('lets only the author withdraw, only while pending', async () => {
    const author = await h.registerMember();
    const other = await h.registerMember();
    const db = t.database.db;
    await submitForReview(db, { kind: 'post', itemId: 9101, siteId: 1, authorId: author.id, title: 'W', now: 1000 });
    expect(await withdrawFromReview(db, { kind: 'post', itemId: 9101, authorId: other.id, now: 1100 })).toBe(false);
    expect(await withdrawFromReview(db, { kind: 'post', itemId: 9999, authorId: author.id, now: 1100 })).toBe(false);
    expect(await withdrawFromReview(db, { kind: 'post', itemId: 9101, authorId: author.id, now: 1200 })).toBe(true);
    expect(await withdrawFromReview(db, { kind: 'post', itemId: 9101, authorId: author.id, now: 1300 })).toBe(false);
    const [row] = await rowOf(9101);
    expect([row!.status, Number(row!.decided_at)]).toEqual([40, 1200]);
    // A decided item cannot be withdrawn.
    await submitForReview(db, { kind: 'post', itemId: 9102, siteId: 1, authorId: author.id, title: 'D', now: 1000 });
    await db.updateTable('review_items').set({ status: 20 }).where('item_id', '=', 9102).execute();
    expect(await withdrawFromReview(db, { kind: 'post', itemId: 9102, authorId: author.id, now: 1300 })).toBe(false);
  });

  it('reads the latest states of many items, absent when never reviewed', async () => {
    const author = await h.registerMember();
    const db = t.database.db;
    const ids = Array.from({ length: 1200 }, (_, i) => 20_000 + i);
    for (const id of [20_000, 20_700, 21_199]) {
      await submitForReview(db, { kind: 'post', itemId: id, siteId: 1, authorId: author.id, title: `#${id}`, now: 5 });
    }
    await db
      .updateTable('review_items')
      .set({ status: 30, reason: 'Needs sources', decided_at: 77 })
      .where('item_id', '=', 20_700)
      .execute();
    const states = await reviewStates(db, 'post', [...ids, 20_000]);
    expect(states.size).toBe(3);
    expect(states.get(20_000)).toEqual({ status: 10, reason: '', decided_at: null });
    expect(states.get(20_700)).toEqual({ status: 30, reason: 'Needs sources', decided_at: 77 });
    expect(states.get(20_001)).toBeUndefined();
    expect((await reviewStates(db, 'post', [])).size).toBe(0);
  });
});
