import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { hashToken } from '../features/accounts/sessions.service';

const DAY = 86_400_000;

/** What bench/raffle.mjs draws with: the campaign, its prizes' stock, and the members' session tokens. */
export interface RaffleBenchFacts {
  campaignId: number;
  /** The English site's code, where the campaign runs. */
  siteCode: 'protal_en';
  stock: number;
  tokens: string[];
}

/**
 * The draw benchmark's data: a running campaign on the English site (one free draw a day, prizes
 * whose stock runs out during the run, so both the winning and the sold-out paths are measured)
 * and `members` members, each with a session and more bought chances than a run can spend.
 */
export async function seedBenchRaffle(
  db: Kysely<DB>,
  opts: { members: number; now: number },
): Promise<RaffleBenchFacts> {
  const now = opts.now;
  const stockEach = 100;
  return db.transaction().execute(async (trx) => {
    const campaign = await trx
      .insertInto('raffle_campaigns')
      .values({
        site_id: 2,
        title: 'Bench raffle',
        starts_at: now - DAY,
        ends_at: now + 30 * DAY,
        daily_chances: 1,
        chance_price: 1,
        no_prize_weight: 90,
        enabled: 1,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const campaignId = Number(campaign.id);
    await trx
      .insertInto('raffle_prizes')
      .values(
        [5, 5].map((weight, sort) => ({
          campaign_id: campaignId,
          name: `Bench prize ${sort + 1}`,
          stock: stockEach,
          weight,
          sort,
          created_at: now,
        })),
      )
      .execute();
    const tokens: string[] = [];
    for (let i = 0; i < opts.members; i++) {
      const tag = crypto.randomBytes(5).toString('hex');
      const user = await trx
        .insertInto('users')
        .values({
          email: `raffle-${tag}@bench.example.com`,
          nick_name: `Drawer ${tag}`,
          password_hash: null,
          is_edit: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = crypto.randomBytes(32).toString('base64url');
      await trx
        .insertInto('sessions')
        .values({
          user_id: Number(user.id),
          token_hash: hashToken(token),
          created_at: now,
          last_seen_at: now,
          expires_at: now + 30 * DAY,
          revoked_at: null,
        })
        .execute();
      await trx
        .insertInto('raffle_members')
        .values({ campaign_id: campaignId, user_id: Number(user.id), extra_chances: 10_000_000 })
        .execute();
      tokens.push(token);
    }
    return { campaignId, siteCode: 'protal_en', stock: 2 * stockEach, tokens };
  });
}
