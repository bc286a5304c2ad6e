import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditAction } from '@portal/contracts/audit';
import type { Site } from '@portal/contracts/sites';
import type { AdminTopic } from '@portal/contracts/topics-admin';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../../platform/audit/audit.service';
import { topicsAdminRepository } from './topics-admin.repository';

type Request = Pick<FastifyRequest, 'ip' | 'id'>;
type Row = Awaited<ReturnType<ReturnType<typeof topicsAdminRepository>['all']>>[number];

interface TopicInput {
  tt_title: string;
  tt_desc: string;
  tt_cover_url: string;
  tt_sort?: number;
}

function topicView(row: Row): AdminTopic {
  return {
    tt_id: row.id,
    tt_title: row.title,
    tt_desc: row.description,
    tt_cover_url: row.cover_url,
    tt_sort: Number(row.sort),
    tt_article_count: Number(row.article_count),
    tt_follower_count: Number(row.follower_count),
    is_archived: row.archived_at !== null,
    create_time: new Date(Number(row.created_at)).toISOString(),
  };
}

/**
 * The back office's topics of a site (issue 19, item 7): list, create, edit, order, archive; each
 * write audited in its transaction. Hosts are granted on the roles screen (role topic_host, scoped).
 */
export function topicsAdminService(db: Kysely<DB>, clock: Clock) {
  const repo = topicsAdminRepository(db);

  async function ownTopic(executor: Executor, site: Site, id: number): Promise<Row> {
    const row = await repo.find(executor, id);
    if (!row || row.site_id !== site.tws_id) throw ApiError.notFound('topics.api.topicNotFound');
    return row;
  }

  async function audited(
    executor: Executor,
    site: Site,
    actorId: number,
    action: AuditAction,
    targetId: number | string,
    request: Request,
    states: { before?: unknown; after?: unknown },
  ) {
    await recordAudit(executor, {
      actorId,
      siteId: site.tws_id,
      action,
      targetKind: 'topic',
      targetId,
      ...states,
      request,
      now: clock.now(),
    });
  }

  return {
    async list(site: Site) {
      return { list: (await repo.all(site.tws_id)).map(topicView) };
    },

    async create(site: Site, actorId: number, input: TopicInput, request: Request): Promise<AdminTopic> {
      return db.transaction().execute(async (trx) => {
        const sort = input.tt_sort ?? (await repo.maxSort(trx, site.tws_id)) + 1;
        const id = await repo.insert(
          trx,
          site.tws_id,
          { title: input.tt_title, description: input.tt_desc, cover_url: input.tt_cover_url, sort },
          clock.now(),
        );
        const topic = topicView((await repo.find(trx, id))!);
        await audited(trx, site, actorId, 'topic.create', id, request, { after: topic });
        return topic;
      });
    },

    async update(site: Site, actorId: number, input: TopicInput & { tt_id: number }, request: Request) {
      return db.transaction().execute(async (trx) => {
        const row = await ownTopic(trx, site, input.tt_id);
        await repo.update(trx, row.id, {
          title: input.tt_title,
          description: input.tt_desc,
          cover_url: input.tt_cover_url,
          sort: input.tt_sort ?? Number(row.sort),
        });
        const topic = topicView((await repo.find(trx, row.id))!);
        await audited(trx, site, actorId, 'topic.update', row.id, request, { before: topicView(row), after: topic });
        return topic;
      });
    },

    /** Sort 1..n in the given order; `ids` must be the site's topics exactly. */
    async reorder(site: Site, actorId: number, ids: number[], request: Request) {
      return db.transaction().execute(async (trx) => {
        const rows = await repo.all(site.tws_id, trx);
        const known = new Set(rows.map((r) => r.id));
        if (rows.length !== ids.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
          throw ApiError.refused('topics.api.reorderMismatch');
        }
        for (const [i, id] of ids.entries()) await repo.update(trx, id, { sort: i + 1 });
        await audited(trx, site, actorId, 'topic.reorder', site.apply_site, request, {
          before: { ids: rows.map((r) => r.id) },
          after: { ids },
        });
        return { list: (await repo.all(site.tws_id, trx)).map(topicView) };
      });
    },

    async archive(site: Site, actorId: number, body: { tt_id: number; archived: boolean }, request: Request) {
      return db.transaction().execute(async (trx) => {
        const row = await ownTopic(trx, site, body.tt_id);
        await repo.update(trx, row.id, { archived_at: body.archived ? (row.archived_at ?? clock.now()) : null });
        const topic = topicView((await repo.find(trx, row.id))!);
        await audited(trx, site, actorId, body.archived ? 'topic.archive' : 'topic.unarchive', row.id, request, {
          before: { is_archived: row.archived_at !== null },
          after: { is_archived: topic.is_archived },
        });
        return topic;
      });
    },
  };
}
