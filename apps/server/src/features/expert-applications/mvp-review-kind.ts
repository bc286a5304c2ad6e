import { mvpPagePath } from '@portal/contracts/mvp';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { siteById, type Lang, type Site } from '@portal/contracts/sites';
import { holdsPermission } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { sanitizeRichText } from '../../lib/sanitize';
import type { ReviewKindAdapter } from '../../platform/reviews/review-kinds';
import { parseList, type LinkItem } from './expert-applications.service';
import { escape, linkList } from './expert-review-kind';
import { mvpRepository } from './mvp.repository';
import { decideMvpApplication } from './mvp.service';

/**
 * MVP applications in the one review queue (decision 044), decided by the holders of review.expert
 * (the same staff run both programmes). The item shows every field; approval awards a term of a
 * year (from the current term's end for a renewal) with the mvp role and badge 20. The queue
 * messages the member and audits.
 */
export const mvpReviewKind: ReviewKindAdapter = {
  kind: 'mvp',
  permission: PERMISSIONS.reviewExpert,

  queueScope(user) {
    return holdsPermission(user, PERMISSIONS.reviewExpert) ? 'all' : 'none';
  },

  async mayReview(executor, user, itemId) {
    if (!(await mvpRepository(executor).applicationById(itemId))) return 'gone';
    return holdsPermission(user, PERMISSIONS.reviewExpert);
  },

  async render(executor, itemId, lang: Lang) {
    const repo = mvpRepository(executor);
    const row = await repo.applicationById(itemId);
    if (!row) return null;
    const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `mvpApplyApi.review.${key}`, vars);
    const fieldIds = parseList<number>(row.field_ids);
    const names = new Map((await repo.dictionaryNames(fieldIds)).map((d) => [d.id, d.label]));
    const contributions = parseList<LinkItem>(row.contributions);
    const paragraphs = row.biography
      .split(/\n+/)
      .filter((p) => p.trim() !== '')
      .map((p) => `<p>${escape(p)}</p>`)
      .join('');
    const html = [
      `<h3>${escape(t('biography'))}</h3>`,
      paragraphs || '<p>-</p>',
      `<h3>${escape(t('contributions', { count: contributions.length }))}</h3>`,
      linkList(contributions),
    ].join('');
    return {
      title: translate(lang, 'mvpApplyApi.queueTitle', { name: row.real_name }),
      // Built from escaped text, and sanitised on the way out like every rendered item.
      html: sanitizeRichText(html),
      site_name: siteById(row.site_id)?.lang === 'en' ? 'English' : '中文',
      facts: [
        { label: t('realName'), value: row.real_name },
        { label: t('company'), value: row.company },
        { label: t('jobTitle'), value: row.job_title },
        { label: t('areas'), value: fieldIds.map((id) => names.get(id) ?? String(id)).join(', ') || '-' },
        { label: t('biographyLength'), value: String(row.biography.length) },
        { label: t('pastAwards'), value: String(await repo.awardCount(row.user_id)) },
      ],
      attachments: [],
    };
  },

  previewUrl(site: Site) {
    return mvpPagePath(site.prefix);
  },

  async applyDecision(executor, itemId, status, now) {
    return decideMvpApplication(executor, itemId, status, now);
  },
};
