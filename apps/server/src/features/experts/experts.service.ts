import type { Kysely } from 'kysely';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import type { ExpertListKind, ExpertMember, ExpertProgrammeRole } from '@portal/contracts/experts';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { expertsRepository } from './experts.repository';

export function expertsService(db: Kysely<DB>) {
  const repo = expertsRepository(db);

  return {
    /** One page of the MVP page's list: who they are, their programmes and what they wrote here. */
    async list(site: Site, kind: ExpertListKind, cursor: string | undefined, limit: number) {
      const after = decodeCursor(cursor);
      // One extra row tells whether another page exists without a count query.
      const rows = await repo.listed(site.tws_id, kind, after, limit + 1);
      const page = rows.slice(0, limit);
      const ids = page.map((r) => r.id);
      const [briefs, roleRows, posts, articles] = await Promise.all([
        memberBriefs(db, ids, site.tws_id),
        repo.programmeRoles(ids),
        repo.publishedPostCounts(site.tws_id, ids),
        repo.approvedArticleCounts(site.tws_id, ids),
      ]);

      const roles = new Map<number, Set<ExpertProgrammeRole>>();
      const add = (id: number, role: ExpertProgrammeRole) =>
        (roles.get(id) ?? roles.set(id, new Set()).get(id)!).add(role);
      for (const r of roleRows) {
        if (r.role === 'expert') add(r.user_id, 'expert');
        // An MVP of the other site is not an MVP here.
        if (r.role === 'mvp' && (r.site_id === null || r.site_id === site.tws_id)) add(r.user_id, 'mvp');
      }

      const list: ExpertMember[] = page.flatMap((u) => {
        const brief = briefs.get(u.id);
        if (!brief) return [];
        if (u.user_expert === EXPERT_FLAG.expert) add(u.id, 'expert');
        return [
          {
            ...brief,
            user_company: inSiteScript(u.company, site),
            user_job_title: inSiteScript(u.job_title, site),
            post_count: posts.get(u.id) ?? 0,
            topic_article_count: articles.get(u.id) ?? 0,
            roles: [...(roles.get(u.id) ?? [])].sort(),
          },
        ];
      });
      const last = page[page.length - 1];
      return {
        list,
        next_cursor: rows.length > limit && last ? encodeCursor({ at: last.points, id: last.id }) : null,
      };
    },
  };
}

export type ExpertsService = ReturnType<typeof expertsService>;

/** Han, kana and hangul: text a reader of the English site cannot read. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;

/**
 * A member's free-text profile field as a site's MVP page shows it (decision 023): the English site
 * leaves out a job title or company written in Chinese rather than show it untranslated.
 */
export function inSiteScript(text: string, site: Site): string {
  return site.lang !== 'zh' && CJK.test(text) ? '' : text;
}
