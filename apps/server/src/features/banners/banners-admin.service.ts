import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { BANNER_RULE, bannerState, type AdminBanner, type BannerInput } from '@portal/contracts/banners';
import type { Site } from '@portal/contracts/sites';
import { uploadedSiteImage } from '@portal/contracts/text-rules';
import type { BannersTable, DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Executor } from '../../db/executor';
import { bannersRepository, type BannerValues } from './banners.repository';
import type { StorageDriver } from '../../lib/storage';

interface Clock {
  now(): number;
}

type Request = Pick<FastifyRequest, 'ip' | 'id'>;
type Row = Selectable<BannersTable>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function bannerView(row: Row, now: number): AdminBanner {
  const startsAt = row.starts_at === null ? null : Number(row.starts_at);
  const endsAt = row.ends_at === null ? null : Number(row.ends_at);
  return {
    tb_id: row.id,
    tb_title: row.title,
    tb_img_url: row.image_url,
    tb_link_url: row.link_url,
    tb_sort: Number(row.sort),
    tb_start_time: iso(startsAt),
    tb_end_time: iso(endsAt),
    tb_state: bannerState(startsAt, endsAt, now),
    create_time: new Date(Number(row.created_at)).toISOString(),
  };
}

/**
 * The back office's banners of a site: all of them with their derived state, add, replace, delete
 * and order. An uploaded image must still be on disk; each write is audited in its transaction.
 */
export function bannersAdminService(db: Kysely<DB>, deps: { storage: StorageDriver; clock?: Clock }) {
  const repo = bannersRepository(db);
  const clock = deps.clock ?? { now: Date.now };

  async function ownBanner(executor: Executor, site: Site, id: number): Promise<Row> {
    const row = await repo.find(id, executor);
    if (!row || row.site_id !== site.tws_id) throw ApiError.notFound('siteAdmin.banners.notFound');
    return row;
  }

  /** A picture of ours is served from the store: refuse a URL whose object is gone (or was never written). */
  async function checkImage(url: string): Promise<void> {
    const own = uploadedSiteImage(url);
    if (!own) return;
    const stored = await deps.storage.open(`${own.folder}/${own.file}`);
    if (!stored) throw ApiError.refused('siteAdmin.banners.imageMissing');
    await stored.close();
  }

  const values = (input: BannerInput, sort: number): BannerValues => ({
    title: input.tb_title,
    image_url: input.tb_img_url,
    link_url: input.tb_link_url,
    sort,
    starts_at: input.tb_start_time === null ? null : Date.parse(input.tb_start_time),
    ends_at: input.tb_end_time === null ? null : Date.parse(input.tb_end_time),
  });

  return {
    async list(site: Site): Promise<AdminBanner[]> {
      const now = clock.now();
      return (await repo.all(site.tws_id)).map((r) => bannerView(r, now));
    },

    async create(site: Site, actorId: number, input: BannerInput, request: Request): Promise<AdminBanner> {
      await checkImage(input.tb_img_url);
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const stats = await repo.stats(trx, site.tws_id);
        if (stats.banners >= BANNER_RULE.maxPerSite) {
          throw ApiError.refused('siteAdmin.banners.tooMany', { max: BANNER_RULE.maxPerSite });
        }
        const id = await repo.insert(trx, site.tws_id, values(input, input.tb_sort ?? stats.maxSort + 1), now);
        const banner = bannerView((await repo.find(id, trx))!, now);
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'banner.create',
          targetKind: 'banner',
          targetId: id,
          after: banner,
          request,
          now,
        });
        return banner;
      });
    },

    async update(
      site: Site,
      actorId: number,
      input: BannerInput & { tb_id: number },
      request: Request,
    ): Promise<AdminBanner> {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const row = await ownBanner(trx, site, input.tb_id);
        if (input.tb_img_url !== row.image_url) await checkImage(input.tb_img_url);
        await repo.update(trx, row.id, values(input, input.tb_sort ?? Number(row.sort)));
        const banner = bannerView((await repo.find(row.id, trx))!, now);
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'banner.update',
          targetKind: 'banner',
          targetId: row.id,
          before: bannerView(row, now),
          after: banner,
          request,
          now,
        });
        return banner;
      });
    },

    async remove(site: Site, actorId: number, id: number, request: Request): Promise<{ tb_id: number }> {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const row = await ownBanner(trx, site, id);
        await repo.remove(trx, row.id);
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'banner.delete',
          targetKind: 'banner',
          targetId: row.id,
          before: bannerView(row, now),
          request,
          now,
        });
        return { tb_id: row.id };
      });
    },

    /** Sort 1..n in the given order; `ids` must be the site's banners exactly. */
    async reorder(site: Site, actorId: number, ids: number[], request: Request): Promise<AdminBanner[]> {
      return db.transaction().execute(async (trx) => {
        const now = clock.now();
        const rows = await repo.all(site.tws_id, trx);
        const known = new Set(rows.map((r) => r.id));
        if (rows.length !== ids.length || !ids.every((id) => known.has(id))) {
          throw ApiError.refused('siteAdmin.banners.reorderMismatch');
        }
        const sortOf = new Map(rows.map((r) => [r.id, Number(r.sort)]));
        for (const [i, id] of ids.entries()) {
          if (sortOf.get(id) !== i + 1) await repo.setSort(trx, id, i + 1);
        }
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'banner.reorder',
          targetKind: 'banner',
          targetId: site.apply_site,
          before: { ids: rows.map((r) => r.id) },
          after: { ids },
          request,
          now,
        });
        return (await repo.all(site.tws_id, trx)).map((r) => bannerView(r, now));
      });
    },
  };
}
