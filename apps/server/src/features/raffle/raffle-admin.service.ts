import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AdminRaffleCampaign, AdminRaffleDraw, RaffleCampaignInput } from '@portal/contracts/raffle-admin';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { ApiError } from '../../http/api-error';
import { invalidField } from '../../http/invalid-field';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { recordAudit } from '../../platform/audit/audit.service';
import { raffleRepository as repo } from './raffle.repository';
import { campaignState } from './raffle.service';

type Request = Pick<FastifyRequest, 'ip' | 'id'>;
type CampaignRow = NonNullable<Awaited<ReturnType<typeof repo.campaign>>>;
type DrawRow = Awaited<ReturnType<typeof repo.draws>>[number];

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** A campaign's values as its audit rows keep them (times as ISO, prizes in their order). */
function auditValues(
  c: CampaignRow,
  prizes: Array<{ id: number; name: string; stock: number; weight: number; image_url: string }>,
) {
  return {
    title: c.title,
    description: c.description,
    starts_at: iso(c.starts_at),
    ends_at: iso(c.ends_at),
    daily_chances: Number(c.daily_chances),
    chance_price: Number(c.chance_price),
    no_prize_weight: Number(c.no_prize_weight),
    enabled: Number(c.enabled) === 1,
    prizes: prizes.map((p) => ({
      id: Number(p.id),
      name: p.name,
      image_url: p.image_url,
      stock: Number(p.stock),
      weight: Number(p.weight),
    })),
  };
}

export function drawView(r: DrawRow): AdminRaffleDraw {
  return {
    draw_id: Number(r.id),
    user_id: Number(r.user_id),
    user_nick_name: r.nick_name,
    user_email: r.email ?? '',
    trp_name: r.prize_name,
    won: r.prize_id !== null,
    chance: r.chance === 'extra' ? 'extra' : 'daily',
    create_time: iso(r.created_at),
  };
}

/**
 * The back office's raffle (decision 037): campaigns and prizes of the managed site, the draw log
 * and the winners' export. Every change is audited in its own transaction.
 */
export function raffleAdminService(db: Kysely<DB>, clock: Clock) {
  async function views(executor: Executor, rows: CampaignRow[]): Promise<AdminRaffleCampaign[]> {
    const ids = rows.map((r) => Number(r.id));
    const [prizes, figures] = await Promise.all([repo.prizes(executor, ids), repo.figures(executor, ids)]);
    const now = clock.now();
    return rows.map((c) => ({
      trc_id: Number(c.id),
      trc_title: c.title,
      trc_description: c.description,
      trc_start_time: iso(c.starts_at),
      trc_end_time: iso(c.ends_at),
      trc_daily_chances: Number(c.daily_chances),
      trc_chance_price: Number(c.chance_price),
      trc_no_prize_weight: Number(c.no_prize_weight),
      trc_enabled: Number(c.enabled) === 1,
      trc_state: campaignState(c, now),
      draws: figures.draws.get(Number(c.id)) ?? 0,
      prizes: prizes
        .filter((p) => Number(p.campaign_id) === Number(c.id))
        .map((p) => ({
          trp_id: Number(p.id),
          trp_name: p.name,
          trp_img_url: p.image_url,
          trp_stock: Number(p.stock),
          trp_weight: Number(p.weight),
          won: figures.won.get(Number(p.id)) ?? 0,
        })),
      update_time: iso(c.updated_at),
    }));
  }

  async function one(executor: Executor, site: Site, id: number): Promise<AdminRaffleCampaign> {
    const row = await repo.campaign(executor, site.tws_id, id);
    if (!row) throw ApiError.notFound('raffleApi.campaignNotFound');
    return (await views(executor, [row]))[0]!;
  }

  const campaignValues = (body: RaffleCampaignInput) => ({
    title: body.trc_title,
    description: body.trc_description,
    starts_at: Date.parse(body.trc_start_time),
    ends_at: Date.parse(body.trc_end_time),
    daily_chances: body.trc_daily_chances,
    chance_price: body.trc_chance_price,
    no_prize_weight: body.trc_no_prize_weight,
    enabled: body.trc_enabled ? 1 : 0,
  });

  return {
    async list(site: Site, cursor: string | undefined, limit: number) {
      const after = decodeCursor(cursor);
      const rows = await repo.campaigns(db, site.tws_id, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        list: await views(db, page),
        next_cursor:
          rows.length > limit && last ? encodeCursor({ at: Number(last.starts_at), id: Number(last.id) }) : null,
      };
    },

    async create(site: Site, actorId: number, body: RaffleCampaignInput, request: Request) {
      if (body.prizes.some((p) => p.trp_id !== undefined))
        throw invalidField(site.lang, 'prizes', 'raffleAdmin.rules.prizeUnknown');
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertCampaign(trx, {
          site_id: site.tws_id,
          ...campaignValues(body),
          created_by: actorId,
          created_at: now,
          updated_at: now,
        });
        for (const [sort, p] of body.prizes.entries()) {
          await repo.insertPrize(trx, {
            campaign_id: id,
            name: p.trp_name,
            image_url: p.trp_img_url,
            stock: p.trp_stock,
            weight: p.trp_weight,
            sort,
            created_at: now,
          });
        }
        const after = (await repo.campaign(trx, site.tws_id, id))!;
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'raffle.create',
          targetKind: 'raffle_campaign',
          targetId: id,
          before: null,
          after: auditValues(after, await repo.prizes(trx, [id])),
          request,
          now,
        });
        return one(trx, site, id);
      });
    },

    async update(site: Site, actorId: number, body: RaffleCampaignInput & { trc_id: number }, request: Request) {
      const now = clock.now();
      const id = body.trc_id;
      return db.transaction().execute(async (trx) => {
        const before = await repo.campaign(trx, site.tws_id, id);
        if (!before) throw ApiError.notFound('raffleApi.campaignNotFound');
        const prizesBefore = await repo.prizes(trx, [id]);
        const known = new Set(prizesBefore.map((p) => Number(p.id)));
        if (body.prizes.some((p) => p.trp_id !== undefined && !known.has(p.trp_id))) {
          throw invalidField(site.lang, 'prizes', 'raffleAdmin.rules.prizeUnknown');
        }
        const kept = new Set(body.prizes.flatMap((p) => (p.trp_id === undefined ? [] : [p.trp_id])));
        const removed = [...known].filter((pid) => !kept.has(pid));
        const { won } = await repo.figures(trx, [id]);
        if (removed.some((pid) => (won.get(pid) ?? 0) > 0)) {
          throw invalidField(site.lang, 'prizes', 'raffleAdmin.rules.prizeWon');
        }
        await repo.updateCampaign(trx, id, { ...campaignValues(body), updated_at: now });
        await repo.deletePrizes(trx, removed);
        for (const [sort, p] of body.prizes.entries()) {
          const values = { name: p.trp_name, image_url: p.trp_img_url, stock: p.trp_stock, weight: p.trp_weight, sort };
          if (p.trp_id === undefined) await repo.insertPrize(trx, { campaign_id: id, ...values, created_at: now });
          else await repo.updatePrize(trx, p.trp_id, values);
        }
        const after = (await repo.campaign(trx, site.tws_id, id))!;
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'raffle.update',
          targetKind: 'raffle_campaign',
          targetId: id,
          before: auditValues(before, prizesBefore),
          after: auditValues(after, await repo.prizes(trx, [id])),
          request,
          now,
        });
        return one(trx, site, id);
      });
    },

    async draws(site: Site, body: { trc_id: number; won_only: boolean; cursor?: string; limit: number }) {
      const c = await repo.campaign(db, site.tws_id, body.trc_id);
      if (!c) throw ApiError.notFound('raffleApi.campaignNotFound');
      const after = decodeCursor(body.cursor);
      const rows = await repo.draws(db, body.trc_id, body.won_only, after?.id ?? null, body.limit + 1);
      const page = rows.slice(0, body.limit);
      const last = page.at(-1);
      return {
        list: page.map(drawView),
        next_cursor:
          rows.length > body.limit && last ? encodeCursor({ at: Number(last.created_at), id: Number(last.id) }) : null,
      };
    },

    /** The campaign the export is of, on the managed site; 404 otherwise. */
    async exportHead(site: Site, id: number) {
      const c = await repo.campaign(db, site.tws_id, id);
      if (!c) throw ApiError.notFound('raffleApi.campaignNotFound');
      return { title: c.title };
    },

    /** A campaign's winners, newest first, in batches, at most `maxRows`. */
    async *exportRows(id: number, maxRows: number): AsyncGenerator<AdminRaffleDraw> {
      let before: number | null = null;
      let sent = 0;
      while (sent < maxRows) {
        const want = Math.min(500, maxRows - sent);
        const rows = await repo.draws(db, id, true, before, want);
        for (const r of rows) yield drawView(r);
        sent += rows.length;
        const last = rows.at(-1);
        if (!last || rows.length < want) break;
        before = Number(last.id);
      }
    },

    async auditExport(site: Site, actorId: number, id: number, request: Request) {
      await recordAudit(db, {
        actorId,
        siteId: site.tws_id,
        action: 'raffle.exportWinners',
        targetKind: 'raffle_campaign',
        targetId: id,
        after: null,
        request,
        now: clock.now(),
      });
    },
  };
}
