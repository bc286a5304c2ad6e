import type { Executor } from '../../db/executor';

/**
 * Points of the discussions (decisions.md "Points"): a published post 5, a comment 1 (at most 20 a
 * day), an accepted answer 10; deleting the content (or moving the acceptance) takes them back. One
 * ledger row per award or take-back; users.points is the cached total the levels read. The amounts
 * are the decisions' defaults; when admins get to edit the rules, read them here.
 */
export const POINT_RULES = {
  postPublished: { rule: 'post_published', amount: 5 },
  comment: { rule: 'comment', amount: 1, perDay: 20 },
  answerAccepted: { rule: 'answer_accepted', amount: 10 },
} as const;

const DAY = 86_400_000;

type Source = { kind: 'post' | 'comment'; id: number };

async function write(
  executor: Executor,
  entry: { userId: number; siteId: number; rule: string; amount: number; source: Source; now: number },
) {
  await executor
    .insertInto('points_ledger')
    .values({
      user_id: entry.userId,
      site_id: entry.siteId,
      rule: entry.rule,
      amount: entry.amount,
      source_kind: entry.source.kind,
      source_id: entry.source.id,
      created_at: entry.now,
    })
    .execute();
  await executor
    .updateTable('users')
    .set((eb) => ({ points: eb('points', '+', entry.amount) }))
    .where('id', '=', entry.userId)
    .execute();
}

/** What a member holds now for one rule and one item (awards minus take-backs). */
async function held(executor: Executor, userId: number, rule: string, source: Source): Promise<number> {
  const row = await executor
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('n'))
    .where('user_id', '=', userId)
    .where('rule', '=', rule)
    .where('source_kind', '=', source.kind)
    .where('source_id', '=', source.id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Awards a rule for an item the member cannot hold points for yet (a new post). */
export async function award(
  executor: Executor,
  entry: { userId: number; siteId: number; rule: { rule: string; amount: number }; source: Source; now: number },
): Promise<void> {
  await write(executor, { ...entry, rule: entry.rule.rule, amount: entry.rule.amount });
}

/** Awards a rule for an item once (nothing when the member holds it already). */
export async function awardOnce(
  executor: Executor,
  award: { userId: number; siteId: number; rule: { rule: string; amount: number }; source: Source; now: number },
): Promise<void> {
  if ((await held(executor, award.userId, award.rule.rule, award.source)) > 0) return;
  await write(executor, { ...award, rule: award.rule.rule, amount: award.rule.amount });
}

/** A comment's point, unless the member has had the day's 20 already (a rolling 24 hours). */
export async function awardComment(
  executor: Executor,
  award: { userId: number; siteId: number; commentId: number; now: number },
): Promise<void> {
  const rule = POINT_RULES.comment;
  const row = await executor
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', award.userId)
    .where('created_at', '>', award.now - DAY)
    .where('rule', '=', rule.rule)
    .where('amount', '>', 0)
    .executeTakeFirst();
  if (Number(row?.n ?? 0) >= rule.perDay) return;
  await write(executor, {
    userId: award.userId,
    siteId: award.siteId,
    rule: rule.rule,
    amount: rule.amount,
    source: { kind: 'comment', id: award.commentId },
    now: award.now,
  });
}

/** Takes back what a member holds for a rule and an item (when the content goes). */
export async function takeBack(
  executor: Executor,
  entry: { userId: number; siteId: number; rule: string; source: Source; now: number },
): Promise<void> {
  const amount = await held(executor, entry.userId, entry.rule, entry.source);
  if (amount <= 0) return;
  await write(executor, { ...entry, amount: -amount });
}
