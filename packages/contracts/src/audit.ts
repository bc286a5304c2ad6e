import { MODERATION_ACTIONS, type ModerationAction } from './moderation';
import { REVIEW_KINDS, type ReviewKindCode } from './reviews';

/** Audit actions written as they are. */
const FIXED_ACTIONS = [
  'article.feature',
  'article.unfeature',
  'topic.create',
  'topic.update',
  'topic.reorder',
  'topic.archive',
  'topic.unarchive',
  'topic.uploadCover',
  'journal.categorySave',
  'journal.categoryDelete',
  'journal.issueCreate',
  'journal.issueUpdate',
  'journal.issueDelete',
  'journal.articleSave',
  'journal.articleDelete',
  'journal.uploadCover',
  'banner.create',
  'banner.update',
  'banner.delete',
  'banner.reorder',
  'banner.uploadImage',
  'comment.delete',
  'dictionary.create',
  'dictionary.update',
  'dictionary.delete',
  'dictionary.reorder',
  'expert.grant',
  'expert.revoke',
  'event.create',
  'event.update',
  'event.checkIn',
  'event.undoCheckIn',
  'event.exportSignups',
  'event.deleteQuestion',
  'event.createQuestionnaire',
  'event.updateQuestionnaire',
  'event.deleteQuestionnaire',
  'event.exportQuestionnaire',
  'feedback.handle',
  'message.broadcast',
  'mvp.grant',
  'mvp.term',
  'mvp.end',
  'mvp.expire',
  'page.update',
  'points.updateRule',
  'raffle.create',
  'raffle.update',
  'raffle.exportWinners',
  'raffle.uploadPrizeImage',
  'report.handle',
  'role.create',
  'role.update',
  'role.delete',
  'role.grant',
  'role.revoke',
  'setting.update',
  'setting.uploadImage',
  'user.ban',
  'user.unban',
  'cooperation.pageCreate',
  'cooperation.pageUpdate',
  'cooperation.pageDelete',
  'cooperation.uploadCover',
  'partner.create',
  'partner.update',
  'partner.addMember',
  'partner.removeMember',
] as const;

const REVIEW_DECISIONS = ['approve', 'reject'] as const;

/**
 * Every action the server writes to the audit log (`<domain>.<verb>`): `recordAudit` takes only
 * these, and each has a label in both languages (`admin.auditActions`), so the log never shows a code.
 */
export type AuditAction =
  | (typeof FIXED_ACTIONS)[number]
  | `post.${ModerationAction}`
  | `review.${(typeof REVIEW_DECISIONS)[number]}`;

export const AUDIT_ACTIONS: readonly AuditAction[] = [
  ...FIXED_ACTIONS,
  ...MODERATION_ACTIONS.map((a) => `post.${a}` as const),
  ...REVIEW_DECISIONS.map((d) => `review.${d}` as const),
];

const FIXED_TARGETS = [
  'banner',
  'broadcast',
  'comment',
  'dictionary',
  'event',
  'event_signup',
  'event_question',
  'feedback',
  'journal_category',
  'journal_issue',
  'journal_article',
  'page',
  'points_rule',
  'raffle_campaign',
  'post',
  'report',
  'role',
  'site_settings',
  'topic',
  'upload',
  'user',
  'cooperation_page',
  'partner_company',
] as const;

/** What an audit row is about; labelled in both languages (`admin.auditTargets`). */
export type AuditTargetKind = (typeof FIXED_TARGETS)[number] | ReviewKindCode;

export const AUDIT_TARGET_KINDS: readonly AuditTargetKind[] = [...new Set([...FIXED_TARGETS, ...REVIEW_KINDS])];
