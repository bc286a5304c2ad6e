import { journalSubmissionPreviewPath } from '@portal/contracts/journal-submissions';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { POINT_RULE } from '@portal/contracts/points';
import { REVIEW_STATUS } from '@portal/contracts/reviews';
import type { Site } from '@portal/contracts/sites';
import { attachmentAddress } from '@portal/contracts/uploads';
import { holdsPermission } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { sanitizeRichText } from '../../lib/sanitize';
import { award } from '../../platform/points/points.service';
import type { ReviewKindAdapter } from '../../platform/reviews/review-kinds';
import { annexIds, journalSubmissionsRepository } from './journal-submissions.repository';
import { SUBMISSION_KIND, SUBMISSION_POINTS_KIND } from './journal-submissions.service';

/**
 * E-magazine submissions in the review queue (decisions.md "Content and review": editors, i.e.
 * admins with review.journal, site-wide). Acceptance earns the e-magazine points once (the ledger
 * holds them per submission, whatever edits follow) and lets editors place the submission into an
 * issue; rejection keeps it with the author, who sees the reason and may edit and resubmit it.
 */
export const journalReviewKind: ReviewKindAdapter = {
  kind: SUBMISSION_KIND,
  permission: PERMISSIONS.reviewJournal,

  queueScope(user) {
    return holdsPermission(user, PERMISSIONS.reviewJournal) ? 'all' : 'none';
  },

  async mayReview(executor, user, itemId) {
    const row = await journalSubmissionsRepository(executor).find(itemId);
    if (!row) return 'gone';
    return holdsPermission(user, PERMISSIONS.reviewJournal);
  },

  async render(executor, itemId, lang) {
    const repo = journalSubmissionsRepository(executor);
    const row = await repo.find(itemId);
    if (!row) return null;
    const [labels, attachments] = await Promise.all([
      repo.entryLabels(executor, row.site_id, [row.industry_id, row.scene_id]),
      repo.attachments(annexIds(row.annex)),
    ]);
    const t = (key: string) => translate(lang, `journalForm.facts.${key}`);
    return {
      title: row.title,
      // Stored sanitised; sanitised again on the way out, never trusted.
      html: sanitizeRichText(row.content),
      site_name: row.site_id === 2 ? 'English' : '中文',
      facts: [
        { label: t('name'), value: row.name },
        { label: t('nick'), value: row.nick_name },
        { label: t('mobile'), value: row.mobile },
        { label: t('email'), value: row.email },
        { label: t('industry'), value: labels.get(row.industry_id)?.label ?? '-' },
        { label: t('field'), value: labels.get(row.scene_id)?.label ?? '-' },
      ],
      attachments: attachments.map((a) => ({
        att_id: Number(a.id),
        att_title: a.title,
        att_url: attachmentAddress(Number(a.id), a.access_key),
        att_size: Number(a.size),
      })),
    };
  },

  /** The submission as it would read online, for its author and the editors (the page refuses others). */
  previewUrl(site: Site, itemId: number) {
    return journalSubmissionPreviewPath(site.prefix, itemId);
  },

  async applyDecision(executor, itemId, status, now) {
    const row = await executor
      .updateTable('journal_submissions')
      .set({ status, updated_at: now })
      .where('id', '=', itemId)
      .returning(['author_id', 'site_id'])
      .executeTakeFirst();
    if (!row) return false;
    if (status === REVIEW_STATUS.approved) {
      await award(executor, {
        userId: row.author_id,
        siteId: row.site_id,
        rule: POINT_RULE.emagazineApproved,
        source: { kind: SUBMISSION_POINTS_KIND, id: itemId },
        now,
      });
    }
    return true;
  },
};
