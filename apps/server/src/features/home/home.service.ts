import type { Kysely } from 'kysely';
import { PAGE_SIZE, SEARCH_KEYWORD_MAX } from '@portal/contracts/constants';
import type { LivelyUser } from '@portal/contracts/home';
import { SITES, type Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { HomeFigure, HomeFigureKey } from '../../platform/kit/feature';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { livelyMembers } from '../../platform/points/lively-members';
import { readSiteSettings } from '../../platform/settings/settings.service';

const DAY = 86_400_000;

/**
 * The home page's own calls: its statistics (each figure counted by the domain that owns it), the
 * lively members, and the shell's site data. Banners, events, topics, posts and the About page are
 * their domains' calls.
 */
export function homeService(db: Kysely<DB>, figures: readonly HomeFigure[], clock: Clock) {
  return {
    async stats(site: Site): Promise<Record<HomeFigureKey, number>> {
      const stats: Record<HomeFigureKey, number> = {
        member_count: 0,
        expert_count: 0,
        activity_count: 0,
        topic_article_count: 0,
        post_count: 0,
      };
      const counts = await Promise.all(figures.map((figure) => figure.count(db, site.tws_id)));
      figures.forEach((figure, i) => (stats[figure.key] += counts[i]!));
      return stats;
    },

    async livelyUsers(site: Site, limit: number): Promise<LivelyUser[]> {
      const rows = await livelyMembers(db, site.tws_id, clock.now() - 30 * DAY, limit);
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
  };
}
