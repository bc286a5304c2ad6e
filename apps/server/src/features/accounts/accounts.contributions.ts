import { sql } from 'kysely';
import { countAll, dayOf, toDayCounts } from '../../db/day-counts';
import type { DashboardFigure, DictionaryUse, HomeFigure } from '../../platform/kit/feature';

/** Active accounts, shared by both sites. */
export const memberCount: HomeFigure = {
  key: 'member_count',
  async count(db) {
    const row = await db.selectFrom('users').select(countAll.as('n')).where('status', '=', 1).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

/** Accounts in total and new ones per day (users_created keeps this to the window's rows). */
export const memberDashboard: DashboardFigure = async (db, window) => {
  const [total, days] = await Promise.all([
    memberCount.count(db, window.siteId),
    db
      .selectFrom('users')
      .select([dayOf('created_at', window.offsetMs).as('day'), countAll.as('n')])
      .where('created_at', '>=', window.since)
      .groupBy(sql`1`)
      .execute(),
  ]);
  return { membersTotal: total, memberDays: toDayCounts(days) };
};

/** Members whose industry an entry is. */
export const memberIndustries: DictionaryUse = {
  kind: 'industry',
  usage: 'members',
  async count(executor, entry) {
    const row = await executor
      .selectFrom('users')
      .select(countAll.as('n'))
      .where('industry_id', '=', entry.id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};
