import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINT_RULE, POINT_RULE_DEFAULTS, POINT_RULES, type PointRule } from '@portal/contracts/points';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { award, takeBack, type PointSource } from './points.service';

// The points module on the real database of each mode (a route test by name so that it runs on SQLite
// and on PostgreSQL): it has no route of its own, so it is driven directly, as domains call it.

let t: TestApp;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);
let sourceSeq = 1;
const newSource = (kind = 'post'): PointSource => ({ kind, id: sourceSeq++ });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

let memberSeq = 0;
async function member(): Promise<number> {
  memberSeq += 1;
  const row = await db()
    .insertInto('users')
    .values({
      email: `points-${memberSeq}@test.example.com`,
      mobile: null,
      nick_name: `Points ${memberSeq}`,
      password_hash: null,
      industry_id: null,
      created_at: NOW,
      updated_at: NOW,
      banned_until: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const give = (userId: number, rule: PointRule, source: PointSource, now = NOW, siteId = 1) =>
  db()
    .transaction()
    .execute((trx) => award(trx, { userId, siteId, rule, source, now }));
const takeAway = (userId: number, rule: PointRule, source: PointSource, now = NOW, siteId = 1) =>
  db()
    .transaction()
    .execute((trx) => takeBack(trx, { userId, siteId, rule, source, now }));

async function total(userId: number): Promise<number> {
  return Number(
    (await db().selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow()).points,
  );
}
async function ledger(userId: number) {
  return db()
    .selectFrom('points_ledger')
    .select(['rule', 'amount', 'source_kind', 'source_id', 'site_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
async function setRule(
  siteId: number,
  rule: PointRule,
  values: { amount?: number; daily_cap?: number | null; enabled?: number },
) {
  await db()
    .updateTable('points_rules')
    .set({ ...values, updated_at: Date.now() })
    .where('site_id', '=', siteId)
    .where('rule', '=', rule)
    .execute();
}

describe('the points rules', () => {
  it('start as decisions.md’s defaults on both sites', async () => {
    const rows = await db().selectFrom('points_rules').selectAll().orderBy('site_id').orderBy('rule').execute();
    expect(rows).toHaveLength(2 * POINT_RULES.length);
    for (const siteId of [1, 2]) {
      for (const rule of POINT_RULES) {
        const row = rows.find((r) => r.site_id === siteId && r.rule === rule);
        expect(row, `${siteId} ${rule}`).toMatchObject({
          amount: POINT_RULE_DEFAULTS[rule].amount,
          daily_cap: POINT_RULE_DEFAULTS[rule].dailyCap,
          enabled: 1,
        });
      }
    }
    expect(POINT_RULE_DEFAULTS.comment).toEqual({ amount: 1, dailyCap: 20 });
    expect(POINT_RULE_DEFAULTS.emagazine_approved.amount).toBe(50);
  });
});

describe('award and takeBack', () => {
  it('award once per member, rule and item; again after a take-back', async () => {
    const id = await member();
    const post = newSource();
    expect(await give(id, POINT_RULE.postPublished, post)).toBe(5);
    expect(await give(id, POINT_RULE.postPublished, post)).toBe(0);
    expect(await total(id)).toBe(5);
    // Another rule for the same item, and the same rule for another item, are awards of their own.
    const other = newSource();
    expect(await give(id, POINT_RULE.postPublished, other)).toBe(5);
    expect(await total(id)).toBe(10);
    expect(await takeAway(id, POINT_RULE.postPublished, post)).toBe(5);
    expect(await give(id, POINT_RULE.postPublished, post)).toBe(5);
    expect(await total(id)).toBe(10);
    expect((await ledger(id)).map((r) => r.amount)).toEqual([5, 5, -5, 5]);
  });

  it('takes back what was awarded for the item, once; nothing held is nothing taken', async () => {
    const id = await member();
    const comment = newSource('comment');
    expect(await takeAway(id, POINT_RULE.answerAccepted, comment)).toBe(0);
    expect(await ledger(id)).toEqual([]);
    await give(id, POINT_RULE.comment, comment);
    await give(id, POINT_RULE.answerAccepted, comment);
    expect(await total(id)).toBe(11);
    expect(await takeAway(id, POINT_RULE.answerAccepted, comment)).toBe(10);
    expect(await takeAway(id, POINT_RULE.answerAccepted, comment)).toBe(0);
    expect(await total(id)).toBe(1);
    expect(await ledger(id)).toEqual([
      { rule: 'comment', amount: 1, source_kind: 'comment', source_id: comment.id, site_id: 1 },
      { rule: 'answer_accepted', amount: 10, source_kind: 'comment', source_id: comment.id, site_id: 1 },
      { rule: 'answer_accepted', amount: -10, source_kind: 'comment', source_id: comment.id, site_id: 1 },
    ]);
  });

  it('a disabled rule awards nothing, on its own site only; a take-back still takes back', async () => {
    const id = await member();
    const held = newSource('activity');
    await give(id, POINT_RULE.eventSignUp, held);
    await setRule(1, POINT_RULE.eventSignUp, { enabled: 0 });
    try {
      expect(await give(id, POINT_RULE.eventSignUp, newSource('activity'))).toBe(0);
      expect(await give(id, POINT_RULE.eventSignUp, newSource('activity'), NOW, 2)).toBe(3);
      expect(await takeAway(id, POINT_RULE.eventSignUp, held)).toBe(3);
      expect(await total(id)).toBe(3);
    } finally {
      await setRule(1, POINT_RULE.eventSignUp, { enabled: 1 });
    }
  });

  it('a changed amount applies to the next award only; a take-back returns what was awarded', async () => {
    const id = await member();
    const first = newSource('topic_article');
    const second = newSource('topic_article');
    expect(await give(id, POINT_RULE.topicArticleApproved, first)).toBe(20);
    await setRule(1, POINT_RULE.topicArticleApproved, { amount: 35 });
    try {
      expect(await give(id, POINT_RULE.topicArticleApproved, second)).toBe(35);
      expect((await ledger(id)).map((r) => r.amount)).toEqual([20, 35]);
      expect(await takeAway(id, POINT_RULE.topicArticleApproved, first)).toBe(20);
      expect(await total(id)).toBe(35);
    } finally {
      await setRule(1, POINT_RULE.topicArticleApproved, { amount: 20 });
    }
  });

  it('holds the daily cap over 24 hours and per site; a take-back does not give the allowance back', async () => {
    const id = await member();
    const comments = Array.from({ length: 20 }, () => newSource('comment'));
    for (const [i, c] of comments.entries()) expect(await give(id, POINT_RULE.comment, c, NOW + i)).toBe(1);
    expect(await give(id, POINT_RULE.comment, newSource('comment'), NOW + 100)).toBe(0);
    expect(await takeAway(id, POINT_RULE.comment, comments[0]!, NOW + 200)).toBe(1);
    expect(await give(id, POINT_RULE.comment, newSource('comment'), NOW + 300)).toBe(0);
    // The other site's rule has its own count.
    expect(await give(id, POINT_RULE.comment, newSource('comment'), NOW + 300, 2)).toBe(1);
    // A rolling day: 24 hours after the first award, that award no longer counts, the others still do.
    expect(await give(id, POINT_RULE.comment, newSource('comment'), NOW + DAY)).toBe(1);
    expect(await give(id, POINT_RULE.comment, newSource('comment'), NOW + DAY)).toBe(0);
    expect(await give(id, POINT_RULE.comment, newSource('comment'), NOW + DAY + 1)).toBe(1);
    expect(await total(id)).toBe(20 - 1 + 1 + 2);
    // A cap an admin lowers applies at once.
    await setRule(1, POINT_RULE.comment, { daily_cap: 1 });
    try {
      const next = await member();
      expect(await give(next, POINT_RULE.comment, newSource('comment'))).toBe(1);
      expect(await give(next, POINT_RULE.comment, newSource('comment'))).toBe(0);
    } finally {
      await setRule(1, POINT_RULE.comment, { daily_cap: 20 });
    }
  });

  it('a banned member earns nothing while banned, and still loses what goes', async () => {
    const id = await member();
    const earned = newSource();
    await give(id, POINT_RULE.postPublished, earned);
    await db()
      .updateTable('users')
      .set({ banned_until: NOW + DAY })
      .where('id', '=', id)
      .execute();
    expect(await give(id, POINT_RULE.postPublished, newSource())).toBe(0);
    expect(await give(id, POINT_RULE.dailySignIn, newSource('day'))).toBe(0);
    expect(await takeAway(id, POINT_RULE.postPublished, earned)).toBe(5);
    expect(await total(id)).toBe(0);
    // Once the ban has run out, points come again.
    expect(await give(id, POINT_RULE.dailySignIn, newSource('day'), NOW + DAY + 1)).toBe(2);
  });

  it('commits or rolls back with the caller’s transaction', async () => {
    const id = await member();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await award(trx, { userId: id, siteId: 1, rule: POINT_RULE.postPublished, source: newSource(), now: NOW });
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect(await total(id)).toBe(0);
    expect(await ledger(id)).toEqual([]);
  });
});

describe('1,000 awards at once', () => {
  it('keep every total equal to its ledger, each item awarded once and the daily cap held', async () => {
    const members = [await member(), await member()];
    // Per member: 250 comments (capped at 20 a day) and 250 awards for 50 events, each asked 5 times.
    const events = members.map(() => Array.from({ length: 50 }, () => newSource('activity')));
    const calls: Array<Promise<number>> = [];
    for (let i = 0; i < 250; i++) {
      for (const [m, userId] of members.entries()) {
        calls.push(give(userId, POINT_RULE.comment, newSource('comment'), NOW + i));
        calls.push(give(userId, POINT_RULE.eventAttended, events[m]![i % 50]!, NOW + i));
      }
    }
    expect(calls).toHaveLength(1000);
    const awarded = await Promise.all(calls);
    expect(awarded.reduce((a, b) => a + b, 0)).toBe(2 * (20 * 1 + 50 * 10));
    for (const userId of members) {
      const rows = await ledger(userId);
      expect(rows.filter((r) => r.rule === 'comment')).toHaveLength(20);
      const perEvent = new Map<number, number>();
      for (const r of rows.filter((r) => r.rule === 'event_attended')) {
        perEvent.set(r.source_id!, (perEvent.get(r.source_id!) ?? 0) + 1);
      }
      expect(perEvent.size).toBe(50);
      expect([...perEvent.values()].every((n) => n === 1)).toBe(true);
      const sum = rows.reduce((a, r) => a + r.amount, 0);
      expect(sum).toBe(20 + 500);
      expect(await total(userId)).toBe(sum);
    }
  });
});
