import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { UserBrief } from '@portal/contracts/home';
import { PERMISSIONS } from '@portal/contracts/permissions';
import type { Site } from '@portal/contracts/sites';
import { HOST_ZONE_DAYS, type HostedTopic } from '@portal/contracts/topic-host-zone';
import { DAY_MS } from '../../db/day-counts';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { SignedInMember } from '../../http/register-call';
import type { Clock } from '../../lib/clock';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { recordAudit } from '../../platform/audit/audit.service';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { hostZoneRepository } from './host-zone.repository';
import { topicsRepository } from './topics.repository';
import { reviewsTopic } from './topics.service';

/** Approved articles listed per topic to pick featured ones from. */
const PICK_LIST = 20;

const iso = (ms: number) => new Date(ms).toISOString();
const dayKey = (ms: number) => iso(ms).slice(0, 10);

const blankBrief = (id: number): UserBrief => ({
  user_id: id,
  user_nick_name: '',
  user_avatar_att_url: '',
  user_points_level: 1,
  user_logo_arr: [],
  user_medal: 0,
});

/**
 * The topic host zone (issue 19, item 6; decision 026): what a host decides and picks for the
 * topics they host. Decisions go through the one review queue's calls (`admin.review.decide`, which
 * lets a host decide only their topics' articles); featured picks are the host's own call, audited.
 */
export function hostZoneService(db: Kysely<DB>, clock: Clock) {
  const repo = hostZoneRepository(db);
  const topics = topicsRepository(db);

  /** The topics of the site the member reviews: all for a site-wide reviewer, else the hosted ones. */
  function hostedIds(user: SignedInMember): number[] | null {
    if (user.banned) return [];
    if (user.permissions.has(PERMISSIONS.reviewArticle)) return null;
    return [...(user.scoped.get(PERMISSIONS.reviewArticle) ?? [])];
  }

  /** Oldest first: one entry per UTC day of the window, with that day's counts. */
  function dayList(
    now: number,
    counts: { published: Map<number, number>; follows: Map<number, number>; views: Map<number, number> } | undefined,
  ): HostedTopic['days'] {
    const first = Math.floor(now / DAY_MS) - (HOST_ZONE_DAYS - 1);
    return Array.from({ length: HOST_ZONE_DAYS }, (_, i) => ({
      day: dayKey((first + i) * DAY_MS),
      articles: counts?.published.get(first + i) ?? 0,
      followers: counts?.follows.get(first + i) ?? 0,
      views: counts?.views.get(first + i) ?? 0,
    }));
  }

  return {
    async zone(
      site: Site,
      user: SignedInMember,
      page: { cursor?: string; limit: number },
    ): Promise<{ list: HostedTopic[]; next_cursor: string | null }> {
      const found = await repo.topics(site.tws_id, hostedIds(user), decodeCursor(page.cursor), page.limit + 1);
      const rows = found.slice(0, page.limit);
      const last = rows[rows.length - 1];
      const next_cursor = found.length > page.limit && last ? encodeCursor({ at: last.sort, id: last.id }) : null;
      const ids = rows.map((t) => t.id);
      const now = clock.now();
      const since = (Math.floor(now / DAY_MS) - (HOST_ZONE_DAYS - 1)) * DAY_MS;
      const [views, pending, days] = await Promise.all([repo.views(ids), repo.pending(ids), repo.days(ids, since)]);
      const briefs = await memberBriefs(
        db,
        pending.map((p) => p.author_id),
        site.tws_id,
      );
      const list = await Promise.all(
        rows.map(async (topic): Promise<HostedTopic> => {
          // One indexed walk per topic of the page: the latest of each, featured first.
          const approved = await repo.approved(topic.id, PICK_LIST);
          return {
            tt_id: topic.id,
            tt_title: topic.title,
            tt_article_count: topic.article_count,
            tt_follower_count: topic.follower_count,
            view_count: views.get(topic.id) ?? 0,
            pending: pending
              .filter((p) => p.topic_id === topic.id)
              .map((p) => ({
                review_id: p.review_id,
                ttar_id: p.id,
                ttar_title: p.title,
                author: briefs.get(p.author_id) ?? blankBrief(p.author_id),
                create_time: iso(Number(p.created_at)),
              })),
            articles: approved.map((a) => ({
              ttar_id: a.id,
              ttar_title: a.title,
              view_count: a.view_count,
              is_featured: a.featured_at !== null,
              publish_time: a.published_at === null ? null : iso(Number(a.published_at)),
            })),
            days: dayList(now, days.get(topic.id)),
          };
        }),
      );
      return { list, next_cursor };
    },

    /** A host of the article's topic marks it featured or not (403 for anyone else), audited. */
    async setFeatured(
      site: Site,
      user: SignedInMember,
      body: { ttar_id: number; featured: boolean },
      request: Pick<FastifyRequest, 'ip' | 'id'>,
    ) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const article = await topics.findArticle(trx, body.ttar_id);
        if (!article || article.site_id !== site.tws_id || article.deleted_at !== null) {
          throw ApiError.notFound('topics.api.articleNotFound');
        }
        if (!reviewsTopic(user, article.topic_id)) throw ApiError.forbidden();
        const changed = await repo.setFeatured(trx, article.id, body.featured ? now : null);
        if (!changed && article.featured_at === null && body.featured) {
          // Not approved (a pending, rejected or withdrawn article cannot be featured).
          throw ApiError.notFound('topics.api.articleNotFound');
        }
        if (changed) {
          await recordAudit(trx, {
            actorId: user.id,
            siteId: site.tws_id,
            action: body.featured ? 'article.feature' : 'article.unfeature',
            targetKind: 'article',
            targetId: article.id,
            before: { featured: article.featured_at !== null },
            after: { featured: body.featured },
            request,
            now,
          });
        }
        return { ttar_id: article.id, is_featured: body.featured };
      });
    },
  };
}
