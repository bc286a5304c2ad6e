import type { Kysely } from 'kysely';
import { DASHBOARD_DAYS, type AdminContext, type AdminDashboard } from '@portal/contracts/admin';
import { PERMISSION_LIST, PERMISSIONS } from '@portal/contracts/permissions';
import { SITES, type Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { siteAccess } from '../../platform/roles/access';
import { DAY_MS, type DayCounts } from '../../db/day-counts';
import type { DashboardFigure, DashboardFigures } from '../../platform/kit/feature';
import { adminRepository } from './admin.repository';

/** The zone the dashboard's days are cut in when the request names none: the site's own. */
const SITE_OFFSET_MINUTES: Record<Site['lang'], number> = { zh: 8 * 60, en: 0 };

/** One entry per day from `firstDay` to `lastDay`, days without rows at 0. */
export function fillDays(counts: DayCounts, firstDay: number, lastDay: number) {
  const days = [];
  for (let day = firstDay; day <= lastDay; day += 1) {
    days.push({ day: new Date(day * DAY_MS).toISOString().slice(0, 10), count: counts.get(day) ?? 0 });
  }
  return days;
}

const sum = (entries: ReadonlyArray<{ count: number }>) => entries.reduce((total, e) => total + e.count, 0);

/** Permissions in the order of the permission list, so the answer is stable. */
function ordered(permissions: ReadonlySet<string>): string[] {
  return PERMISSION_LIST.filter((p) => permissions.has(p));
}

/**
 * The back office's frame: the sites a member may manage are those where they hold `admin.access`
 * site-wide (a moderator's board permissions do not open the back office). Read fresh on every
 * call, so a revoked role closes the back office at the next request.
 */
export function adminService(
  db: Kysely<DB>,
  dashboardFigures: readonly DashboardFigure[],
  clock: { now(): number } = { now: Date.now },
) {
  const repo = adminRepository(db);

  /** Every domain's part of the dashboard, counted at once; a figure no domain gives is 0. */
  async function dashboard(window: Parameters<DashboardFigure>[1]): Promise<DashboardFigures> {
    const parts = await Promise.all(dashboardFigures.map((figure) => figure(db, window)));
    return Object.assign(
      {
        membersTotal: 0,
        memberDays: new Map(),
        posts: 0,
        postDays: new Map(),
        articlesPending: 0,
        articlesApproved: 0,
        events: 0,
        feedbackOpen: 0,
        messages: 0,
      } satisfies DashboardFigures,
      ...parts,
    );
  }

  return {
    /**
     * The dashboard of one site. Days are cut in the staff member's zone (`offsetMinutes` east of
     * UTC, from the spec-7 headers) so that "today" is their today; the site's zone otherwise.
     */
    async dashboard(site: Site, offsetMinutes: number | null): Promise<AdminDashboard> {
      const now = clock.now();
      const offsetMs = (offsetMinutes ?? SITE_OFFSET_MINUTES[site.lang]) * 60_000;
      const today = Math.floor((now + offsetMs) / DAY_MS);
      const firstDay = today - (DASHBOARD_DAYS - 1);
      const since = firstDay * DAY_MS - offsetMs;
      const figures = await dashboard({ siteId: site.tws_id, since, offsetMs });
      const members = fillDays(figures.memberDays, firstDay, today);
      return {
        generated_at: new Date(now).toISOString(),
        members: { total: figures.membersTotal, new_7d: sum(members.slice(-7)), new_30d: sum(members) },
        posts: figures.posts,
        articles_pending: figures.articlesPending,
        articles_approved: figures.articlesApproved,
        events: figures.events,
        feedback_open: figures.feedbackOpen,
        messages_30d: figures.messages,
        trends: { members, posts: fillDays(figures.postDays, firstDay, today) },
      };
    },

    async context(userId: number): Promise<AdminContext> {
      const [card, ...accesses] = await Promise.all([
        repo.memberCard(userId),
        ...SITES.map((site) => siteAccess(db, userId, site.tws_id)),
      ]);
      if (!card) throw ApiError.unauthorized();
      const sites = SITES.flatMap((site, i) => {
        const access = accesses[i]!;
        if (!access.permissions.has(PERMISSIONS.adminAccess)) return [];
        // A permission held in some boards or topics counts too (a topic host's review.article opens the
        // queue screen); the calls behind it show and decide only what is in their scope.
        const held = new Set([...access.permissions, ...access.scoped.keys()]);
        return [{ tws_id: site.tws_id, apply_site: site.apply_site, permissions: ordered(held) }];
      });
      if (sites.length === 0) throw ApiError.forbidden();
      return {
        user: { user_id: card.id, user_nick_name: card.nick_name, user_avatar_att_url: card.avatar_url },
        sites,
      };
    },
  };
}
