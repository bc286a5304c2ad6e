import { ACTIVITY_STATE, PAGE_SIZE, SEARCH_KEYWORD_MAX } from '@portal/contracts/constants';
import type { ActivitySummary, Banner, LivelyUser, TopicSummary } from '@portal/contracts/home';
import { SITES, type Site } from '@portal/contracts/sites';
import type { Kysely } from 'kysely';
import type { ActivitiesTable, DB } from '../../db/schema';
import type { Selectable } from 'kysely';
import { ApiError } from '../../http/api-error';
import { sanitizeRichText } from '../../lib/sanitize';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { readSiteSettings } from '../../platform/settings/settings.service';
import { homeRepository } from './home.repository';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Event state is derived from time, never stored (decisions.md, Events). */
export function activityState(
  a: Pick<Selectable<ActivitiesTable>, 'signup_starts_at' | 'signup_ends_at' | 'starts_at' | 'ends_at'>,
  now: number,
): number {
  if (now >= a.ends_at) return ACTIVITY_STATE.ended;
  if (now >= a.starts_at) return ACTIVITY_STATE.inProgress;
  if (now >= a.signup_starts_at && now < a.signup_ends_at) return ACTIVITY_STATE.registering;
  return ACTIVITY_STATE.notStarted;
}

interface Clock {
  now(): number;
}

export function homeService(db: Kysely<DB>, clock: Clock = { now: Date.now }) {
  const repo = homeRepository(db);

  return {
    async banners(site: Site): Promise<Banner[]> {
      const rows = await repo.liveBanners(site.tws_id, clock.now());
      return rows.map((b) => ({
        tb_id: b.id,
        tb_title: b.title,
        tb_img_url: b.image_url,
        tb_link_url: b.link_url,
        tb_sort: b.sort,
      }));
    },

    async stats(site: Site) {
      const s = await repo.stats(site.tws_id);
      return {
        member_count: s.members,
        expert_count: s.experts,
        activity_count: s.activities,
        topic_article_count: s.articles,
        post_count: s.posts,
      };
    },

    async activities(site: Site, limit: number): Promise<ActivitySummary[]> {
      const now = clock.now();
      const rows = await repo.latestActivities(site.tws_id, limit);
      return rows.map((a) => ({
        ta_id: a.id,
        ta_title: a.title,
        ta_cover_url: a.cover_url,
        ta_is_online: a.is_online === 1,
        ta_address: a.address,
        ta_start_time: iso(a.starts_at),
        ta_end_time: iso(a.ends_at),
        ta_signup_start_time: iso(a.signup_starts_at),
        ta_signup_end_time: iso(a.signup_ends_at),
        ta_state: activityState(a, now),
        ta_signup_count: a.signup_count,
        ta_capacity: a.capacity,
      }));
    },

    async topics(site: Site, limit: number): Promise<TopicSummary[]> {
      const rows = await repo.topics(site.tws_id, limit);
      return rows.map((t) => ({
        tt_id: t.id,
        tt_title: t.title,
        tt_desc: t.description,
        tt_cover_url: t.cover_url,
        tt_article_count: t.article_count,
      }));
    },

    async livelyUsers(site: Site, limit: number): Promise<LivelyUser[]> {
      const rows = await repo.livelyUsers(site.tws_id, clock.now() - 30 * DAY, limit);
      const briefs = await memberBriefs(
        db,
        rows.map((r) => r.user_id),
        site.tws_id,
      );
      return rows.flatMap((r) => {
        const brief = briefs.get(r.user_id);
        return brief ? [{ ...brief, recent_points: Number(r.recent_points) }] : [];
      });
    },

    /** The shell's settings: the same reader as the back office's, so what staff save shows at once. */
    async commonData(site: Site) {
      const s = await readSiteSettings(db, site.tws_id);
      return {
        contact_email: s.contact_email,
        website: s.website,
        qr_code_url: s.qr_code_url,
        copyright: s.copyright,
        image_config: s.image_config,
        file_config: s.file_config,
        page_size: PAGE_SIZE,
        search_max: SEARCH_KEYWORD_MAX,
        permission_switch: s.permission_switch,
      };
    },

    currSiteData(site: Site) {
      return {
        tws_id: site.tws_id,
        apply_site: site.apply_site,
        twss_lang: site.lang,
        tws_name: site.tws_name,
        lang_list: SITES.map((s) => ({ twss_lang: s.lang, tws_name: s.tws_name, tws_id: s.tws_id })),
      };
    },

    async about(site: Site) {
      const page = await repo.page(site.tws_id, 'about');
      if (!page) throw ApiError.notFound('errors.pageNotFound');
      return { title: page.title, content: sanitizeRichText(page.body_html), update_time: iso(page.updated_at) };
    },
  };
}
