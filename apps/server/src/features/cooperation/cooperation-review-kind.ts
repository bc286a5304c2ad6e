import { cooperationApplyPath } from '@portal/contracts/cooperation';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { siteById, type Lang, type Site } from '@portal/contracts/sites';
import { holdsPermission } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { sanitizeRichText } from '../../lib/sanitize';
import type { ReviewKindAdapter } from '../../platform/reviews/review-kinds';
import { cooperationRepository } from './cooperation.repository';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Cooperation applications in the one review queue (decision 045), decided by holders of
 * review.cooperation on the application's site. The item shows every field. Approval makes the
 * applicant's company a partner company (the one of the same name when it exists), the applicant
 * its member, and grants the enterprise role (badge 50); rejection leaves the application with the
 * member to edit and resubmit. The queue messages the member and audits the decision.
 */
export const cooperationReviewKind: ReviewKindAdapter = {
  kind: 'cooperation',
  permission: PERMISSIONS.reviewCooperation,

  queueScope(user) {
    return holdsPermission(user, PERMISSIONS.reviewCooperation) ? 'all' : 'none';
  },

  async mayReview(executor, user, itemId) {
    const row = await cooperationRepository(executor).applicationById(itemId);
    if (!row) return 'gone';
    return holdsPermission(user, PERMISSIONS.reviewCooperation);
  },

  async render(executor, itemId, lang: Lang) {
    const repo = cooperationRepository(executor);
    const row = await repo.applicationById(itemId);
    if (!row) return null;
    const t = (key: string) => translate(lang, `cooperationApi.review.${key}`);
    const existing = await repo.companyByName(row.company);
    const paragraphs = row.intent
      .split(/\n+/)
      .filter((p) => p.trim() !== '')
      .map((p) => `<p>${escape(p)}</p>`)
      .join('');
    return {
      title: translate(lang, 'cooperationApi.queueTitle', { company: row.company }),
      // Built from escaped text, and sanitised on the way out like every rendered item.
      html: sanitizeRichText(`<h3>${escape(t('intent'))}</h3>${paragraphs || '<p>-</p>'}`),
      site_name: siteById(row.site_id)?.lang === 'en' ? 'English' : '中文',
      facts: [
        { label: t('company'), value: row.company },
        { label: t('existing'), value: existing ? existing.name : t('newCompany') },
        { label: t('contactName'), value: row.contact_name },
        { label: t('phone'), value: row.phone || '-' },
        { label: t('email'), value: row.email || '-' },
        { label: t('intentLength'), value: String(row.intent.length) },
      ],
      attachments: [],
    };
  },

  previewUrl(site: Site) {
    return cooperationApplyPath(site.prefix);
  },

  async applyDecision(executor, itemId, status, now) {
    const repo = cooperationRepository(executor);
    const row = await repo.applicationById(itemId);
    if (!row) return false;
    if (status !== REVIEW_STATUS.approved) {
      await repo.setApplicationStatus(row.id, status, now);
      return true;
    }
    const company =
      (await repo.companyByName(row.company))?.id ??
      (await repo.insertCompany({ name: row.company, website: '', summary: '', listed: 1, now }));
    // A member belongs to one company: one who joined another since applying keeps it.
    await repo.addMember(company, row.user_id, null, now);
    await repo.grantPartnerRole(row.user_id, now);
    await repo.setApplicationStatus(row.id, status, now, company);
    return true;
  },
};
