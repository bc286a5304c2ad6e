import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

const DAY = 86_400_000;

/** One campaign per site, as the demo shows it: a daily free draw, extra draws at 20 points. */
const CAMPAIGNS = [
  {
    siteId: 1,
    title: '存储社区积分抽奖',
    description: '感谢大家对存储社区的支持！每天免费抽奖一次，积分可兑换更多次数，奖品数量有限，抽完即止。',
    prizes: [
      { name: '无线降噪耳机', stock: 2, weight: 1 },
      { name: '《数据存储架构与技术》图书', stock: 10, weight: 5 },
      { name: '存储社区定制马克杯', stock: 20, weight: 10 },
      { name: '社区纪念 T 恤', stock: 30, weight: 15 },
    ],
  },
  {
    siteId: 2,
    title: 'Community points raffle',
    description:
      'Thank you for being part of the community! One free draw a day, more with your points; prizes are limited and go when they are won.',
    prizes: [
      { name: 'Noise-cancelling headphones', stock: 2, weight: 1 },
      { name: '"Data Storage Architecture" book', stock: 10, weight: 5 },
      { name: 'Community mug', stock: 20, weight: 10 },
      { name: 'Community T-shirt', stock: 30, weight: 15 },
    ],
  },
] as const;

/**
 * The raffle's demo content (issue 22 item 5): one running campaign on each site, open for a year
 * from the seeding. Idempotent: nothing happens once a site has a campaign.
 */
export async function seedRaffleDemo(db: Kysely<DB>, opts: { now: number }): Promise<{ seeded: boolean }> {
  if (await db.selectFrom('raffle_campaigns').select('id').limit(1).executeTakeFirst()) return { seeded: false };
  const now = Math.floor(opts.now);
  await db.transaction().execute(async (trx) => {
    for (const c of CAMPAIGNS) {
      const row = await trx
        .insertInto('raffle_campaigns')
        .values({
          site_id: c.siteId,
          title: c.title,
          description: c.description,
          starts_at: now - DAY,
          ends_at: now + 365 * DAY,
          daily_chances: 1,
          chance_price: 20,
          no_prize_weight: 69,
          enabled: 1,
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('raffle_prizes')
        .values(
          c.prizes.map((p, sort) => ({
            campaign_id: Number(row.id),
            name: p.name,
            stock: p.stock,
            weight: p.weight,
            sort,
            created_at: now,
          })),
        )
        .execute();
    }
  });
  return { seeded: true };
}
