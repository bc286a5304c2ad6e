import type { Insertable, Updateable } from 'kysely';
import type { RaffleCampaignsTable, RafflePrizesTable } from '../../db/schema';
import type { Executor } from '../../db/executor';

const CAMPAIGN_COLUMNS = [
  'id',
  'site_id',
  'title',
  'description',
  'starts_at',
  'ends_at',
  'daily_chances',
  'chance_price',
  'no_prize_weight',
  'enabled',
  'updated_at',
] as const;

const PRIZE_COLUMNS = ['id', 'campaign_id', 'name', 'image_url', 'stock', 'weight', 'sort'] as const;

/** The raffle's queries (decision 037); the only code that writes the raffle's tables. */
export const raffleRepository = {
  campaign(executor: Executor, siteId: number, id: number) {
    return executor
      .selectFrom('raffle_campaigns')
      .select(CAMPAIGN_COLUMNS)
      .where('id', '=', id)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
  },

  /**
   * The campaign the raffle page shows: the running one that started last, else the next to start,
   * else the one that ended last; hidden campaigns never.
   */
  async shownCampaign(executor: Executor, siteId: number, now: number) {
    const base = () =>
      executor
        .selectFrom('raffle_campaigns')
        .select(CAMPAIGN_COLUMNS)
        .where('site_id', '=', siteId)
        .where('enabled', '=', 1);
    return (
      (await base()
        .where('starts_at', '<=', now)
        .where('ends_at', '>', now)
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()) ??
      (await base()
        .where('starts_at', '>', now)
        .orderBy('starts_at', 'asc')
        .orderBy('id', 'asc')
        .limit(1)
        .executeTakeFirst()) ??
      (await base()
        .where('ends_at', '<=', now)
        .orderBy('ends_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst())
    );
  },

  prizes(executor: Executor, campaignIds: number[]) {
    if (campaignIds.length === 0) return Promise.resolve([]);
    return executor
      .selectFrom('raffle_prizes')
      .select(PRIZE_COLUMNS)
      .where('campaign_id', 'in', campaignIds)
      .orderBy('campaign_id')
      .orderBy('sort')
      .orderBy('id')
      .execute();
  },

  /** A member's chances row; the draws and purchases update it by conditions, so it must exist first. */
  async ensureMember(executor: Executor, campaignId: number, userId: number) {
    await executor
      .insertInto('raffle_members')
      .values({ campaign_id: campaignId, user_id: userId })
      .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doNothing())
      .execute();
  },

  member(executor: Executor, campaignId: number, userId: number) {
    return executor
      .selectFrom('raffle_members')
      .select(['day', 'day_draws', 'extra_chances'])
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  },

  /**
   * Spends one of today's free draws, in one conditional update: a later day starts a new count, the
   * same day counts up to the campaign's number, an earlier day (the zone moved back) gives nothing.
   * True when a draw was spent; racing draws cannot both spend the last one.
   */
  async takeDaily(executor: Executor, campaignId: number, userId: number, today: number, perDay: number) {
    const result = await executor
      .updateTable('raffle_members')
      .set((eb) => ({
        day: today,
        day_draws: eb
          .case()
          .when('day', '=', today)
          .then(eb('day_draws', '+', 1))
          .else(1)
          .end(),
      }))
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('day', '<', today), eb.and([eb('day', '=', today), eb('day_draws', '<', perDay)])]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Spends one bought chance; true when there was one (a conditional update, safe under races). */
  async takeExtra(executor: Executor, campaignId: number, userId: number) {
    const result = await executor
      .updateTable('raffle_members')
      .set((eb) => ({ extra_chances: eb('extra_chances', '-', 1) }))
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', userId)
      .where('extra_chances', '>', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async addExtra(executor: Executor, campaignId: number, userId: number, count: number) {
    await executor
      .updateTable('raffle_members')
      .set((eb) => ({ extra_chances: eb('extra_chances', '+', count) }))
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', userId)
      .execute();
  },

  /**
   * Takes one of a prize's stock; true when one was left. The condition is checked on the row as it
   * is when the update runs (PostgreSQL re-reads a row a concurrent draw just changed; SQLite has
   * one writer), so a prize is never given more often than its stock.
   */
  async takePrize(executor: Executor, prizeId: number) {
    const result = await executor
      .updateTable('raffle_prizes')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .where('id', '=', prizeId)
      .where('stock', '>', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async insertDraw(
    executor: Executor,
    row: { campaignId: number; userId: number; prizeId: number | null; prizeName: string; chance: string; now: number },
  ): Promise<number> {
    const inserted = await executor
      .insertInto('raffle_draws')
      .values({
        campaign_id: row.campaignId,
        user_id: row.userId,
        prize_id: row.prizeId,
        prize_name: row.prizeName,
        chance: row.chance,
        created_at: row.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  },

  /** A member's wins on a site's campaigns, newest first, from before the draw `beforeId`. */
  myPrizes(executor: Executor, siteId: number, userId: number, beforeId: number | null, limit: number) {
    let query = executor
      .selectFrom('raffle_draws as d')
      .innerJoin('raffle_campaigns as c', 'c.id', 'd.campaign_id')
      .leftJoin('raffle_prizes as p', 'p.id', 'd.prize_id')
      .select(['d.id', 'd.campaign_id', 'c.title', 'd.prize_name', 'p.image_url', 'd.created_at'])
      .where('d.user_id', '=', userId)
      .where('c.site_id', '=', siteId)
      .where('d.prize_id', 'is not', null);
    if (beforeId !== null) query = query.where('d.id', '<', beforeId);
    return query.orderBy('d.id', 'desc').limit(limit).execute();
  },

  /** A campaign's draws (winning ones only, or all) with the member, newest first, from before `beforeId`. */
  draws(executor: Executor, campaignId: number, wonOnly: boolean, beforeId: number | null, limit: number) {
    let query = executor
      .selectFrom('raffle_draws as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select(['d.id', 'd.user_id', 'u.nick_name', 'u.email', 'd.prize_id', 'd.prize_name', 'd.chance', 'd.created_at'])
      .where('d.campaign_id', '=', campaignId);
    if (wonOnly) query = query.where('d.prize_id', 'is not', null);
    if (beforeId !== null) query = query.where('d.id', '<', beforeId);
    return query.orderBy('d.id', 'desc').limit(limit).execute();
  },

  /** How often each prize of the campaigns was won, and how many draws each campaign had. */
  async figures(executor: Executor, campaignIds: number[]) {
    if (campaignIds.length === 0) return { won: new Map<number, number>(), draws: new Map<number, number>() };
    const rows = await executor
      .selectFrom('raffle_draws')
      .select((eb) => ['campaign_id', 'prize_id', eb.fn.countAll<number>().as('n')])
      .where('campaign_id', 'in', campaignIds)
      .groupBy(['campaign_id', 'prize_id'])
      .execute();
    const won = new Map<number, number>();
    const draws = new Map<number, number>();
    for (const r of rows) {
      const n = Number(r.n);
      draws.set(Number(r.campaign_id), (draws.get(Number(r.campaign_id)) ?? 0) + n);
      if (r.prize_id !== null) won.set(Number(r.prize_id), n);
    }
    return { won, draws };
  },

  /** A site's campaigns, the latest window first, after the keyset position `after`. */
  campaigns(executor: Executor, siteId: number, after: { at: number; id: number } | null, limit: number) {
    let query = executor.selectFrom('raffle_campaigns').select(CAMPAIGN_COLUMNS).where('site_id', '=', siteId);
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('starts_at', '<', after.at), eb.and([eb('starts_at', '=', after.at), eb('id', '<', after.id)])]),
      );
    }
    return query.orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  },

  async insertCampaign(executor: Executor, values: Insertable<RaffleCampaignsTable>): Promise<number> {
    const row = await executor.insertInto('raffle_campaigns').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  },

  async updateCampaign(executor: Executor, id: number, values: Updateable<RaffleCampaignsTable>) {
    await executor.updateTable('raffle_campaigns').set(values).where('id', '=', id).execute();
  },

  async insertPrize(executor: Executor, values: Insertable<RafflePrizesTable>) {
    await executor.insertInto('raffle_prizes').values(values).execute();
  },

  async updatePrize(executor: Executor, id: number, values: Updateable<RafflePrizesTable>) {
    await executor.updateTable('raffle_prizes').set(values).where('id', '=', id).execute();
  },

  async deletePrizes(executor: Executor, ids: number[]) {
    if (ids.length > 0) await executor.deleteFrom('raffle_prizes').where('id', 'in', ids).execute();
  },
};
