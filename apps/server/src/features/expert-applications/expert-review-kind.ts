import { APPLICATION_STATUS, expertApplicationPath } from '@portal/contracts/expert-applications';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { siteById, type Lang, type Site } from '@portal/contracts/sites';
import { attachmentAddress } from '@portal/contracts/uploads';
import { holdsPermission } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { sanitizeRichText } from '../../lib/sanitize';
import type { ReviewKindAdapter } from '../../platform/reviews/review-kinds';
import { expertApplicationsRepository } from './expert-applications.repository';
import { parseList, type LinkItem } from './expert-applications.service';

export const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function linkList(items: readonly LinkItem[]): string {
  if (items.length === 0) return '<p>-</p>';
  const rows = items.map((item) =>
    item.url
      ? `<li><a href="${escape(item.url)}" target="_blank" rel="noopener noreferrer nofollow">${escape(item.title)}</a> <span>${escape(item.url)}</span></li>`
      : `<li>${escape(item.title)}</li>`,
  );
  return `<ol>${rows.join('')}</ol>`;
}

/**
 * Expert applications in the one review queue (issue 21 item 3, decision 036), decided by holders of
 * review.expert on the application's site. The item shows every field and the photo. Approval makes
 * the member a resident expert (the expert role on every site, user_expert 20, badge 10, the fields
 * of expertise, company, title and industry of the application); rejection leaves the application
 * with the member to edit and resubmit. The queue messages the member and audits the decision.
 */
export const expertReviewKind: ReviewKindAdapter = {
  kind: 'expert',
  permission: PERMISSIONS.reviewExpert,

  queueScope(user) {
    return holdsPermission(user, PERMISSIONS.reviewExpert) ? 'all' : 'none';
  },

  async mayReview(executor, user, itemId) {
    const row = await expertApplicationsRepository(executor).byId(itemId);
    if (!row) return 'gone';
    return holdsPermission(user, PERMISSIONS.reviewExpert);
  },

  async render(executor, itemId, lang: Lang) {
    const repo = expertApplicationsRepository(executor);
    const row = await repo.byId(itemId);
    if (!row) return null;
    const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `expertApplyApi.review.${key}`, vars);
    const fieldIds = parseList<number>(row.field_ids);
    const names = new Map(
      (await repo.dictionaryNames([...fieldIds, ...(row.industry_id === null ? [] : [row.industry_id])])).map((d) => [
        d.id,
        d.label,
      ]),
    );
    const photo =
      row.photo_att_id !== null && row.photo_key ? attachmentAddress(row.photo_att_id, row.photo_key) : null;
    const contributions = parseList<LinkItem>(row.contributions);
    const recommendations = parseList<LinkItem>(row.recommendations);
    const paragraphs = row.biography
      .split(/\n+/)
      .filter((p) => p.trim() !== '')
      .map((p) => `<p>${escape(p)}</p>`)
      .join('');
    const html = [
      photo ? `<p><img src="${escape(photo)}" alt="${escape(t('photo'))}" width="240"></p>` : `<p>${t('noPhoto')}</p>`,
      `<h3>${escape(t('biography'))}</h3>`,
      paragraphs || '<p>-</p>',
      `<h3>${escape(t('contributions', { count: contributions.length }))}</h3>`,
      linkList(contributions),
      `<h3>${escape(t('recommendations', { count: recommendations.length }))}</h3>`,
      linkList(recommendations),
    ].join('');
    return {
      title: translate(lang, 'expertApplyApi.queueTitle', { name: row.real_name }),
      // Built from escaped text, and sanitised on the way out like every rendered item.
      html: sanitizeRichText(html),
      site_name: siteById(row.site_id)?.lang === 'en' ? 'English' : '中文',
      facts: [
        { label: t('realName'), value: row.real_name },
        { label: t('company'), value: row.company },
        { label: t('jobTitle'), value: row.job_title },
        { label: t('industry'), value: row.industry_id === null ? '-' : (names.get(row.industry_id) ?? '-') },
        { label: t('fields'), value: fieldIds.map((id) => names.get(id) ?? String(id)).join(', ') || '-' },
        { label: t('biographyLength'), value: String(row.biography.length) },
      ],
      attachments: [],
    };
  },

  previewUrl(site: Site) {
    return expertApplicationPath(site.prefix);
  },

  async applyDecision(executor, itemId, status, now) {
    const repo = expertApplicationsRepository(executor);
    const row = await repo.byId(itemId);
    if (!row) return false;
    await repo.setStatus(row.id, status, now);
    if (status === REVIEW_STATUS.approved) {
      await repo.makeExpert(row.user_id, now, {
        company: row.company,
        job_title: row.job_title,
        industry_id: row.industry_id,
        field_ids: parseList<number>(row.field_ids),
      });
    }
    return status === REVIEW_STATUS.approved || status === APPLICATION_STATUS.rejected;
  },
};
