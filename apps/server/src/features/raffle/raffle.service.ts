import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  RAFFLE_CHANCE,
  RAFFLE_POINTS,
  type RaffleCampaign,
  type RaffleChance,
  type RaffleChances,
  type RaffleMyPrize,
  type RafflePrize,
  type RaffleWinner,
} from '@portal/contracts/raffle';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { ApiError } from '../../http/api-error';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { maskName } from '../../lib/mask';
import { notify } from '../../platform/messages/messages.service';
import { dayInZone } from '../../platform/points/points-member.service';
import { spend } from '../../platform/points/points.service';
import { raffleRepository as repo } from './raffle.repository';

type CampaignRow = NonNullable<Awaited<ReturnType<typeof repo.campaign>>>;
type PrizeRow = Awaited<ReturnType<typeof repo.prizes>>[number];

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export function campaignState(c: Pick<CampaignRow, 'starts_at' | 'ends_at'>, now: number) {
  if (now < Number(c.starts_at)) return 'upcoming' as const;
  return now < Number(c.ends_at) ? ('running' as const) : ('ended' as const);
}

/** What the raffle page shows of a campaign and its prizes: each outcome's share while all are in stock. */
function campaignView(
  c: CampaignRow,
  prizes: PrizeRow[],
  now: number,
): { campaign: RaffleCampaign; prizes: RafflePrize[] } {
  const total = Number(c.no_prize_weight) + prizes.reduce((sum, p) => sum + Number(p.weight), 0);
  const share = (w: number) => (total > 0 ? w / total : 0);
  return {
    campaign: {
      trc_id: Number(c.id),
      trc_title: c.title,
      trc_description: c.description,
      trc_start_time: iso(c.starts_at),
      trc_end_time: iso(c.ends_at),
      trc_daily_chances: Number(c.daily_chances),
      trc_chance_price: Number(c.chance_price),
      trc_no_prize_chance: share(Number(c.no_prize_weight)),
      trc_state: campaignState(c, now),
    },
    prizes: prizes.map((p) => ({
      trp_id: Number(p.id),
      trp_name: p.name,
      trp_img_url: p.image_url,
      trp_stock: Number(p.stock),
      trp_chance: share(Number(p.weight)),
    })),
  };
}

/**
 * Picks a draw's outcome among the prizes in stock and "no prize", by weight, with a cryptographic
 * random source (`crypto.randomInt`, uniform without modulo bias). Null: no prize.
 */
export function pickOutcome<P extends { weight: number }>(prizes: readonly P[], noPrizeWeight: number): P | null {
  const total = noPrizeWeight + prizes.reduce((sum, p) => sum + p.weight, 0);
  if (total <= 0) return null;
  let ticket = crypto.randomInt(total);
  for (const prize of prizes) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  return null;
}

/**
 * The raffle page's calls (decision 037): the shown campaign, the viewer's chances, the draw, extra
 * chances bought with points, the viewer's prizes and the masked winners. Days are those of the
 * viewer's zone (spec 7's time-zone header, else the site's).
 */
export function raffleService(db: Kysely<DB>, clock: Clock) {
  async function chancesOf(executor: Executor, c: CampaignRow, userId: number, today: number): Promise<RaffleChances> {
    const [row, user] = await Promise.all([
      repo.member(executor, Number(c.id), userId),
      executor.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    const perDay = Number(c.daily_chances);
    const day = row ? Number(row.day) : 0;
    const used = row ? Number(row.day_draws) : 0;
    const dailyLeft = day < today ? perDay : day === today ? Math.max(0, perDay - used) : 0;
    return { daily_left: dailyLeft, extra_chances: row ? Number(row.extra_chances) : 0, points: Number(user.points) };
  }

  /** The campaign of the call, on the call's site, running now; refusals otherwise. */
  async function runningCampaign(executor: Executor, site: Site, id: number, now: number) {
    const c = await repo.campaign(executor, site.tws_id, id);
    if (!c || Number(c.enabled) !== 1) throw ApiError.notFound('raffleApi.campaignNotFound');
    if (campaignState(c, now) !== 'running') throw ApiError.refused('raffleApi.notRunning');
    return c;
  }

  return {
    async current(site: Site, viewerId: number | null, zone: string) {
      const now = clock.now();
      const c = await repo.shownCampaign(db, site.tws_id, now);
      if (!c) return { campaign: null, prizes: [], chances: null };
      const view = campaignView(c, await repo.prizes(db, [Number(c.id)]), now);
      const chances = viewerId === null ? null : await chancesOf(db, c, viewerId, dayInZone(now, zone));
      return { ...view, chances };
    },

    async draw(site: Site, userId: number, campaignId: number, zone: string) {
      const now = clock.now();
      const today = dayInZone(now, zone);
      return db.transaction().execute(async (trx) => {
        const c = await runningCampaign(trx, site, campaignId, now);
        await repo.ensureMember(trx, campaignId, userId);
        let chance: RaffleChance;
        if (
          Number(c.daily_chances) > 0 &&
          (await repo.takeDaily(trx, campaignId, userId, today, Number(c.daily_chances)))
        ) {
          chance = RAFFLE_CHANCE.daily;
        } else if (await repo.takeExtra(trx, campaignId, userId)) {
          chance = RAFFLE_CHANCE.extra;
        } else {
          throw ApiError.refused('raffleApi.noChance');
        }
        // A prize a concurrent draw took the last of leaves the pool, and the outcome is drawn again
        // among what is left: the odds stay those of the prizes still in stock.
        let pool = (await repo.prizes(trx, [campaignId]))
          .filter((p) => Number(p.stock) > 0 && Number(p.weight) > 0)
          .map((p) => ({ ...p, weight: Number(p.weight) }));
        let won: (typeof pool)[number] | null = null;
        for (;;) {
          const pick = pickOutcome(pool, Number(c.no_prize_weight));
          if (!pick) break;
          if (await repo.takePrize(trx, Number(pick.id))) {
            won = pick;
            break;
          }
          pool = pool.filter((p) => p.id !== pick.id);
        }
        const drawId = await repo.insertDraw(trx, {
          campaignId,
          userId,
          prizeId: won ? Number(won.id) : null,
          prizeName: won?.name ?? '',
          chance,
          now,
        });
        // A winner is told in the site's messages, worded in its language; "no prize" sends nothing.
        if (won) {
          await notify(trx, userId, {
            kind: 'raffle_won',
            params: { prize: won.name, campaign: c.title },
            url: `/${site.prefix}/rafflelandingpage`,
            siteId: site.tws_id,
          });
        }
        return {
          draw_id: drawId,
          prize: won ? { trp_id: Number(won.id), trp_name: won.name, trp_img_url: won.image_url } : null,
          chances: await chancesOf(trx, c, userId, today),
        };
      });
    },

    async buyChances(site: Site, userId: number, campaignId: number, count: number, zone: string) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const c = await runningCampaign(trx, site, campaignId, now);
        const price = Number(c.chance_price);
        if (price <= 0) throw ApiError.refused('raffleApi.notForSale');
        const cost = price * count;
        const paid = await spend(trx, {
          userId,
          siteId: site.tws_id,
          code: RAFFLE_POINTS.rule,
          amount: cost,
          source: { kind: RAFFLE_POINTS.sourceKind, id: campaignId },
          now,
        });
        if (!paid) throw ApiError.refused('raffleApi.notEnoughPoints', { cost });
        await repo.ensureMember(trx, campaignId, userId);
        await repo.addExtra(trx, campaignId, userId, count);
        return { spent: cost, chances: await chancesOf(trx, c, userId, dayInZone(now, zone)) };
      });
    },

    async myPrizes(site: Site, userId: number, cursor: string | undefined, limit: number) {
      const after = decodeCursor(cursor);
      const rows = await repo.myPrizes(db, site.tws_id, userId, after?.id ?? null, limit + 1);
      const page = rows.slice(0, limit);
      const list: RaffleMyPrize[] = page.map((r) => ({
        draw_id: Number(r.id),
        trc_id: Number(r.campaign_id),
        trc_title: r.title,
        trp_name: r.prize_name,
        trp_img_url: r.image_url ?? '',
        create_time: iso(r.created_at),
      }));
      const last = page.at(-1);
      return {
        list,
        next_cursor:
          rows.length > limit && last ? encodeCursor({ at: Number(last.created_at), id: Number(last.id) }) : null,
      };
    },

    async winners(site: Site, campaignId: number, cursor: string | undefined, limit: number) {
      const c = await repo.campaign(db, site.tws_id, campaignId);
      if (!c || Number(c.enabled) !== 1) throw ApiError.notFound('raffleApi.campaignNotFound');
      const after = decodeCursor(cursor);
      const rows = await repo.draws(db, campaignId, true, after?.id ?? null, limit + 1);
      const page = rows.slice(0, limit);
      const list: RaffleWinner[] = page.map((r) => ({
        draw_id: Number(r.id),
        user_nick_name: maskName(r.nick_name),
        trp_name: r.prize_name,
        create_time: iso(r.created_at),
      }));
      const last = page.at(-1);
      return {
        list,
        next_cursor:
          rows.length > limit && last ? encodeCursor({ at: Number(last.created_at), id: Number(last.id) }) : null,
      };
    },
  };
}
