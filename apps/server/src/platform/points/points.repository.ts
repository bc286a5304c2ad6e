import { PostgresAdapter, type Insertable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { PointsLedgerTable } from '../../db/schema';

/** The item an award is for (a post, a comment, an event...), by its kind and id. */
export interface PointSource {
  kind: string;
  id: number;
}

/** SQLite builds may cap bound variables at 999; a ledger row binds 7. */
const HISTORY_BATCH = 120;

/**
 * The points module's queries: the only code that writes `points_ledger`, `users.points` (the
 * spendable balance) and `users.points_earned` (what levels and medals read, decision 041).
 */
export const pointsRepository = {
  rule(executor: Executor, siteId: number, rule: string) {
    return executor
      .selectFrom('points_rules')
      .select(['amount', 'daily_cap', 'enabled'])
      .where('site_id', '=', siteId)
      .where('rule', '=', rule)
      .executeTakeFirst();
  },

  /**
   * The member's ban, read with the member's row locked until the caller's transaction ends, so that
   * one member's awards and take-backs run one after another: what they count (the day's awards, what
   * is held for an item) is then still true when they write. SQLite runs one writer at a time anyway.
   */
  async lockMember(executor: Executor, userId: number) {
    const query = executor
      .selectFrom('users')
      .select(['banned_until', 'points', 'points_earned'])
      .where('id', '=', userId);
    const isPostgres = executor.getExecutor().adapter instanceof PostgresAdapter;
    return (isPostgres ? query.forUpdate() : query).executeTakeFirst();
  },

  /** What a member holds for one rule and one item: awards minus take-backs. */
  async held(executor: Executor, userId: number, rule: string, source: PointSource): Promise<number> {
    const row = await executor
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('n'))
      .where('source_kind', '=', source.kind)
      .where('source_id', '=', source.id)
      .where('user_id', '=', userId)
      .where('rule', '=', rule)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** How many awards (not take-backs) a member has had by a rule on a site since a time. */
  async awardsSince(executor: Executor, userId: number, siteId: number, rule: string, since: number) {
    const row = await executor
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .where('site_id', '=', siteId)
      .where('rule', '=', rule)
      .where('amount', '>', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /**
   * One ledger row and the member's balance moved by its amount, in the caller's transaction; an
   * award or a take-back (`earned`) moves the earned points too, a spend only the balance.
   */
  async write(executor: Executor, row: Insertable<PointsLedgerTable>, earned: boolean): Promise<void> {
    await executor.insertInto('points_ledger').values(row).execute();
    await executor
      .updateTable('users')
      .set((eb) =>
        earned
          ? { points: eb('points', '+', row.amount), points_earned: eb('points_earned', '+', row.amount) }
          : { points: eb('points', '+', row.amount) },
      )
      .where('id', '=', row.user_id)
      .execute();
  },

  /**
   * Records that a member reached a level; true the first time only (the key holds under races), so
   * the level-up message goes once.
   */
  async reachLevel(executor: Executor, userId: number, level: number, now: number): Promise<boolean> {
    const row = await executor
      .insertInto('points_levels_reached')
      .values({ user_id: userId, level, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'level']).doNothing())
      .returning('level')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Ledger rows (awards) written as they are, and each member's balance and earned points raised by the sum of theirs. */
  async writeHistory(executor: Executor, rows: Insertable<PointsLedgerTable>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += HISTORY_BATCH) {
      await executor
        .insertInto('points_ledger')
        .values(rows.slice(i, i + HISTORY_BATCH))
        .execute();
    }
    const totals = new Map<number, number>();
    for (const r of rows) totals.set(r.user_id, (totals.get(r.user_id) ?? 0) + r.amount);
    for (const [userId, sum] of totals) {
      await executor
        .updateTable('users')
        .set((eb) => ({ points: eb('points', '+', sum), points_earned: eb('points_earned', '+', sum) }))
        .where('id', '=', userId)
        .execute();
    }
  },
};
