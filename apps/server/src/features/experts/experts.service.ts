import type { Kysely } from 'kysely';
import { EXPERT_FLAG, FOLLOWED_FLAG } from '@portal/contracts/constants';
import type {
  ExpertCard,
  ExpertContentItem,
  ExpertListKind,
  ExpertMember,
  ExpertProfile,
  ExpertProgrammeRole,
  ExpertSort,
  ExpertTab,
} from '@portal/contracts/experts';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import type { AuthoredContent, AuthoredKind, FollowDirectory } from '../../platform/kit/feature';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { expertsRepository } from './experts.repository';

/** What the experts directory reads through other domains (decision 034). */
export interface ExpertsReaders {
  authored: readonly AuthoredContent[];
  follows: FollowDirectory | undefined;
}

export function expertsService(db: Kysely<DB>, readers: ExpertsReaders = { authored: [], follows: undefined }) {
  const repo = expertsRepository(db);
  const countOf = (kind: AuthoredKind, siteId: number, ids: readonly number[]) => {
    const source = readers.authored.find((a) => a.kind === kind);
    return source ? source.count(db, siteId, ids) : Promise.resolve(new Map<number, number>());
  };

  return {
    /**
     * One page of the experts directory: who they are, their badges, what they wrote here, how many
     * follow them and whether the viewer does.
     */
    async directory(
      site: Site,
      filters: { industry?: number | undefined; field?: number | undefined },
      viewerId: number | null,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ list: ExpertCard[]; next_cursor: string | null }> {
      const after = decodeCursor(cursor);
      const rows = await repo.directory(filters, after, limit + 1);
      const page = rows.slice(0, limit);
      const ids = page.map((r) => r.id);
      const [briefs, fieldRows, articles, answers, followed] = await Promise.all([
        memberBriefs(db, ids, site.tws_id),
        repo.fields(ids),
        countOf('articles', site.tws_id, ids),
        countOf('answers', site.tws_id, ids),
        viewerId !== null && readers.follows
          ? readers.follows.followed(db, viewerId, ids)
          : Promise.resolve(new Set<number>()),
      ]);
      const fields = new Map<number, number[]>();
      for (const r of fieldRows) (fields.get(r.user_id) ?? fields.set(r.user_id, []).get(r.user_id)!).push(r.field_id);
      const list: ExpertCard[] = page.flatMap((u) => {
        const brief = briefs.get(u.id);
        if (!brief) return [];
        return [
          {
            ...brief,
            user_company: inSiteScript(u.company, site),
            user_job_title: inSiteScript(u.job_title, site),
            user_industry: u.industry_id,
            field_ids: fields.get(u.id) ?? [],
            topic_article_count: articles.get(u.id) ?? 0,
            answer_count: answers.get(u.id) ?? 0,
            user_fans_count: u.fans_count,
            have_be_follow: followed.has(u.id) ? FOLLOWED_FLAG : 0,
          },
        ];
      });
      const last = page[page.length - 1];
      return {
        list,
        next_cursor: rows.length > limit && last ? encodeCursor({ at: last.fans_count, id: last.id }) : null,
      };
    },

    /** An expert's profile (their page's head); 404 for a member who is not an active expert. */
    async profile(site: Site, userId: number, viewerId: number | null): Promise<ExpertProfile> {
      const row = await repo.expert(userId);
      if (!row) throw ApiError.notFound('experts.expertNotFound');
      const ids = [row.id];
      const [briefs, fieldRows, articles, answers, posts, followed] = await Promise.all([
        memberBriefs(db, ids, site.tws_id),
        repo.fields(ids),
        countOf('articles', site.tws_id, ids),
        countOf('answers', site.tws_id, ids),
        countOf('posts', site.tws_id, ids),
        viewerId !== null && readers.follows
          ? readers.follows.followed(db, viewerId, ids)
          : Promise.resolve(new Set<number>()),
      ]);
      const brief = briefs.get(row.id);
      if (!brief) throw ApiError.notFound('experts.expertNotFound');
      return {
        ...brief,
        user_company: inSiteScript(row.company, site),
        user_job_title: inSiteScript(row.job_title, site),
        user_industry: row.industry_id,
        field_ids: fieldRows.map((f) => f.field_id),
        topic_article_count: articles.get(row.id) ?? 0,
        answer_count: answers.get(row.id) ?? 0,
        post_count: posts.get(row.id) ?? 0,
        user_fans_count: row.fans_count,
        have_be_follow: followed.has(row.id) ? FOLLOWED_FLAG : 0,
      };
    },

    /** One tab of an expert's page, keyset paged; 404 for a member who is not an active expert. */
    async content(
      site: Site,
      body: { user_id: number; tab: ExpertTab; type: ExpertSort; cursor?: string | undefined; limit: number },
    ): Promise<{ list: ExpertContentItem[]; next_cursor: string | null }> {
      const after = decodeCursor(body.cursor);
      if (!(await repo.expert(body.user_id))) throw ApiError.notFound('experts.expertNotFound');
      const source = readers.authored.find((a) => a.kind === body.tab);
      if (!source) return { list: [], next_cursor: null };
      const rows = await source.list(db, site.tws_id, body.user_id, body.type, after, body.limit + 1);
      const page = rows.slice(0, body.limit);
      const last = page[page.length - 1];
      return {
        list: page.map((r) => ({
          id: r.id,
          target_id: r.target_id,
          title: r.title,
          excerpt: r.excerpt,
          like_count: r.like_count,
          comment_count: r.comment_count,
          create_time: new Date(r.created_at).toISOString(),
        })),
        next_cursor:
          rows.length > body.limit && last
            ? encodeCursor({ at: body.type === 'hot' ? last.like_count : last.created_at, id: last.id })
            : null,
      };
    },

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
        next_cursor: rows.length > limit && last ? encodeCursor({ at: last.points_earned, id: last.id }) : null,
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
