import { lazySchema, z } from './zod';
import { defineCall, MEMBER, MEMBER_WITH_INFORMATION, permission } from './call';
import { ID_MAX, PAGE_SIZE } from './constants';
import { toPlainText } from './text-rules';
import { PERMISSIONS } from './permissions';

/**
 * The moderator zone (`/{lang}/discuss/moderatorzone`, issue 5 item 6; decisions.md "Content and
 * review": moderators of a board and admins hide, pin, feature, lock and move posts) and reports of
 * posts and comments by members. Moderators hold `post.moderate` for their boards; admins hold it
 * site-wide and so moderate every board of the site. Every moderator action is audited and tells
 * the post's author with an in-site message.
 */

export const REPORT_RULE = {
  reasonMax: 500,
  noteMax: 500,
  /** At most this many reports per member within `windowMs`, counted in the database. */
  perWindow: 10,
  windowMs: 10 * 60_000,
} as const;

export const REPORT_STATUS = { open: 10, handled: 20, dismissed: 30 } as const;
export type ReportStatus = (typeof REPORT_STATUS)[keyof typeof REPORT_STATUS];

export const REPORT_TARGETS = ['post', 'comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const MODERATION_ACTIONS = [
  'hide',
  'unhide',
  'pin',
  'unpin',
  'feature',
  'unfeature',
  'lock',
  'unlock',
  'move',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const POST_FLAGS = ['hidden', 'pinned', 'featured', 'locked'] as const;
export type PostFlag = (typeof POST_FLAGS)[number];

/** The catalogue key of the report call's success msg, shown as the success toast. */
export const REPORT_RECEIVED_KEY = 'moderation.api.reported';

const plainText = (max: number, key: string) =>
  z
    .string({ message: key })
    .transform(toPlainText)
    .pipe(z.string().trim().max(max, { message: key }));

/** A reason typed by a member or a moderator: plain text, 1 to 500 characters once trimmed. */
export const reportReasonSchema = lazySchema(() =>
  z
    .string({ message: 'moderation.api.reasonRequired' })
    .describe('plain text, 1 to 500 characters after trimming')
    .transform(toPlainText)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'moderation.api.reasonRequired' })
        .max(REPORT_RULE.reasonMax, { message: 'moderation.api.reasonTooLong' }),
    ),
);

const idSchema = lazySchema(() => z.number().int().positive().max(ID_MAX));
const cursorSchema = lazySchema(() => z.string().max(200).optional().describe('next_cursor of the previous page'));
const pageSizeSchema = lazySchema(() => z.number().int().min(1).max(50).default(PAGE_SIZE));

export const reportContent = defineCall({
  id: 'moderation.report',
  scope: 'site',
  path: '/api/moderation/report',
  write: true,
  access: MEMBER_WITH_INFORMATION,
  tag: 'moderation',
  summary:
    'Reports a post or a comment to the moderators of its board with a reason (1 to 500 characters). One open report per member and item; at most 10 reports per member in 10 minutes.',
  body: lazySchema(() =>
    z.strictObject({
      target_kind: z.enum(REPORT_TARGETS, { message: 'moderation.api.targetInvalid' }),
      target_id: idSchema,
      reason: reportReasonSchema,
    }),
  ),
  data: lazySchema(() => z.null()),
});

export const boardSchema = lazySchema(() => z.object({ board_id: z.number(), board_name: z.string() }));
export type ModeratedBoard = z.infer<typeof boardSchema>;

export const moderationMyBoards = defineCall({
  id: 'moderation.myBoards',
  scope: 'site',
  path: '/api/moderation/myBoards',
  write: false,
  access: MEMBER,
  tag: 'moderation',
  summary:
    "The boards of this site the signed-in member moderates (every board for admins); empty for members who moderate none. The zone and the post page's moderator menu ask it.",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() =>
    z.object({ list: z.array(boardSchema), all_boards: z.boolean().describe('true for admins of the site') }),
  ),
});

const personSchema = lazySchema(() => z.object({ user_id: z.number(), user_nick_name: z.string() }));

export const moderatedPostSchema = lazySchema(() =>
  z.object({
    tp_id: z.number(),
    tp_title: z.string(),
    tp_type: z.number().describe('10 discussion, 20 question'),
    tp_status: z.number().describe('10 pending review, 20 published, 30 rejected, 40 withdrawn'),
    board_id: z.number().nullable(),
    board_name: z.string(),
    author: personSchema,
    hidden: z.boolean(),
    pinned: z.boolean(),
    featured: z.boolean(),
    locked: z.boolean(),
    open_reports: z.number().describe('open reports of the post and its comments'),
    create_time: z.string().describe('ISO 8601 time'),
  }),
);
export type ModeratedPost = z.infer<typeof moderatedPostSchema>;

export const moderationPosts = defineCall({
  id: 'moderation.posts',
  scope: 'site',
  path: '/api/moderation/posts',
  write: false,
  access: permission(PERMISSIONS.postModerate),
  tag: 'moderation',
  summary:
    'Posts of the boards the moderator holds (hidden ones included, deleted ones not), newest first, keyset paged; filter by board, by a flag and by having open reports',
  body: lazySchema(() =>
    z.strictObject({
      board_id: idSchema.optional().describe('one of my boards; all of them when omitted'),
      flag: z.enum(POST_FLAGS, { message: 'moderation.api.flagInvalid' }).optional(),
      reported: z.boolean().optional().describe('only posts with open reports'),
      cursor: cursorSchema,
      page_size: pageSizeSchema,
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(moderatedPostSchema), next_cursor: z.string().nullable() })),
});

export const reportItemSchema = lazySchema(() =>
  z.object({
    report_id: z.number(),
    target_kind: z.enum(REPORT_TARGETS),
    target_id: z.number(),
    tp_id: z.number(),
    tp_title: z.string(),
    board_id: z.number().nullable(),
    board_name: z.string(),
    content_text: z.string().describe('the reported post or comment as plain text, at most 300 characters'),
    content_author: personSchema,
    content_deleted: z.boolean().describe('the reported comment or post has been deleted since'),
    reason: z.string().describe('plain text as typed; show it as text'),
    reporter: personSchema,
    status: z.number().describe('10 open, 20 handled, 30 dismissed'),
    note: z.string(),
    handler_nick_name: z.string().nullable(),
    create_time: z.string().describe('ISO 8601 time'),
    handled_time: z.string().nullable(),
  }),
);
export type ReportItem = z.infer<typeof reportItemSchema>;

export const moderationReports = defineCall({
  id: 'moderation.reports',
  scope: 'site',
  path: '/api/moderation/reports',
  write: false,
  access: permission(PERMISSIONS.postModerate),
  tag: 'moderation',
  summary: 'Reports of posts and comments of my boards, newest first, keyset paged; open ones by default',
  body: lazySchema(() =>
    z.strictObject({
      board_id: idSchema.optional(),
      status: z
        .union([z.literal(REPORT_STATUS.open), z.literal(REPORT_STATUS.handled), z.literal(REPORT_STATUS.dismissed)], {
          message: 'moderation.api.statusInvalid',
        })
        .default(REPORT_STATUS.open),
      cursor: cursorSchema,
      page_size: pageSizeSchema,
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(reportItemSchema), next_cursor: z.string().nullable() })),
});

export const moderationHandleReport = defineCall({
  id: 'moderation.handleReport',
  scope: 'site',
  path: '/api/moderation/report/handle',
  write: true,
  access: permission(PERMISSIONS.postModerate),
  tag: 'moderation',
  summary:
    'Closes an open report as handled (20) or dismissed (30) with an optional note; a report already closed is refused. Audited.',
  body: lazySchema(() =>
    z.strictObject({
      report_id: idSchema,
      status: z.union([z.literal(REPORT_STATUS.handled), z.literal(REPORT_STATUS.dismissed)], {
        message: 'moderation.api.statusInvalid',
      }),
      note: plainText(REPORT_RULE.noteMax, 'moderation.api.noteTooLong').optional(),
    }),
  ),
  data: reportItemSchema,
});

export const moderationAct = defineCall({
  id: 'moderation.act',
  scope: 'site',
  path: '/api/moderation/post/act',
  write: true,
  access: permission(PERMISSIONS.postModerate),
  tag: 'moderation',
  summary:
    'A moderator action on a post of one of my boards: hide (with a reason), unhide, pin, unpin, feature, unfeature, lock, unlock, or move to another board I hold. Audited; the author is told by an in-site message. An action that changes nothing (already pinned...) is refused.',
  body: lazySchema(() =>
    z.strictObject({
      tp_id: idSchema,
      action: z.enum(MODERATION_ACTIONS, { message: 'moderation.api.actionInvalid' }),
      reason: plainText(REPORT_RULE.reasonMax, 'moderation.api.reasonTooLong')
        .optional()
        .describe('required to hide: plain text, 1 to 500 characters'),
      board_id: idSchema.optional().describe('required to move: the target board'),
    }),
  ),
  data: moderatedPostSchema,
});

export const moderationDeleteComment = defineCall({
  id: 'moderation.deleteComment',
  scope: 'site',
  path: '/api/moderation/comment/delete',
  write: true,
  access: permission(PERMISSIONS.postModerate),
  tag: 'moderation',
  summary: 'Deletes a comment on a post of one of my boards (soft delete), with an optional reason. Audited.',
  body: lazySchema(() =>
    z.strictObject({
      comment_id: idSchema,
      reason: plainText(REPORT_RULE.reasonMax, 'moderation.api.reasonTooLong').optional(),
    }),
  ),
  data: lazySchema(() => z.null()),
});

export const moderationCalls = [
  reportContent,
  moderationMyBoards,
  moderationPosts,
  moderationReports,
  moderationHandleReport,
  moderationAct,
  moderationDeleteComment,
] as const;
