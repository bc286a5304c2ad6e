import { lazySchema, z } from './zod';
import { defineCall } from './call';
import { ID_MAX, PAGE_SIZE } from './constants';
import { PERMISSIONS } from './permissions';
import { toPlainText } from './text-rules';

/**
 * Feedback (spec 2 "Dialogs", 3 "Feedback", 7 `feedBack`; decisions.md Back office "feedback
 * inbox"). A member writes plain text into the 560 px dialog; staff read it in the back office,
 * mark it handled with a note, or open it again.
 */

export const FEEDBACK_RULE = {
  contentMax: 5000,
  noteMax: 500,
  keywordMax: 50,
  /** At most this many feedbacks per member within `windowMs`, counted in the database. */
  perWindow: 5,
  windowMs: 10 * 60_000,
} as const;

export const FEEDBACK_STATUS = { new: 10, handled: 20 } as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUS)[keyof typeof FEEDBACK_STATUS];

/** The catalogue key of `feedBack`'s success msg, which the page shows as a success toast (spec 7). */
export const FEEDBACK_RECEIVED_KEY = 'feedback.received';

const statusSchema = lazySchema(() =>
  z.union([z.literal(FEEDBACK_STATUS.new), z.literal(FEEDBACK_STATUS.handled)], {
    message: 'feedback.statusInvalid',
  }),
);

/** What the member typed: plain text, 1 to 5,000 characters once trimmed. */
export const feedbackContentSchema = lazySchema(() =>
  z
    .string({ message: 'feedback.contentRequired' })
    .describe('plain text, 1 to 5,000 characters after trimming; control characters are dropped')
    .transform(toPlainText)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'feedback.contentRequired' })
        .max(FEEDBACK_RULE.contentMax, { message: 'feedback.contentTooLong' }),
    ),
);

export const feedBack = defineCall({
  id: 'index.feedBack',
  scope: 'site',
  path: '/api/index/feedBack',
  write: true,
  access: { kind: 'permission', permission: PERMISSIONS.feedbackSend },
  tag: 'feedback',
  summary:
    'Sends feedback to the staff of the site (plain text, 1 to 5,000 characters). At most 5 per member in 10 minutes; the msg thanks the member.',
  body: lazySchema(() => z.strictObject({ tufb_content: feedbackContentSchema })),
  data: lazySchema(() => z.null()),
});

export const feedbackItemSchema = lazySchema(() =>
  z.object({
    tufb_id: z.number(),
    tufb_content: z.string().describe('plain text as sent; show it as text, never as HTML'),
    tufb_status: z.number().describe('10 new, 20 handled'),
    tufb_note: z.string().describe("staff's note"),
    user: z.object({ user_id: z.number(), user_nick_name: z.string(), user_avatar_att_url: z.string() }),
    user_contact_email: z.string().describe("the sender's contact email, empty when not given"),
    user_contact_mobile: z.string().describe("the sender's contact mobile, empty when not given"),
    create_time: z.string().describe('ISO 8601 time'),
    handled_time: z.string().nullable().describe('ISO 8601 time, null while new'),
    handler_nick_name: z.string().nullable(),
  }),
);
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const adminFeedbackList = defineCall({
  id: 'admin.feedback.list',
  scope: 'site',
  path: '/admin/feedback/list',
  write: false,
  access: { kind: 'permission', permission: PERMISSIONS.feedbackManage },
  tag: 'feedback',
  summary:
    "The site's feedback inbox, newest first, keyset paged; filter by status and by a keyword in the text or the sender's nickname",
  body: lazySchema(() =>
    z.strictObject({
      tufb_status: statusSchema.optional().describe('10 new, 20 handled; both when omitted'),
      keyword: z
        .string({ message: 'feedback.keywordRule' })
        .trim()
        .max(FEEDBACK_RULE.keywordMax, { message: 'feedback.keywordRule' })
        .optional(),
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
      page_size: z.number().int().min(1).max(50).default(PAGE_SIZE),
    }),
  ),
  data: lazySchema(() =>
    z.object({
      list: z.array(feedbackItemSchema),
      next_cursor: z.string().nullable(),
      counts: z
        .object({ new: z.number(), handled: z.number() })
        .describe('feedbacks of the site per status, with the keyword applied'),
    }),
  ),
});

export const adminFeedbackHandle = defineCall({
  id: 'admin.feedback.handle',
  scope: 'site',
  path: '/admin/feedback/handle',
  write: true,
  access: { kind: 'permission', permission: PERMISSIONS.feedbackManage },
  tag: 'feedback',
  summary: 'Marks a feedback handled (20) or new again (10), with a note; recorded in the audit log',
  body: lazySchema(() =>
    z.strictObject({
      tufb_id: z.number().int().positive().max(ID_MAX),
      tufb_status: statusSchema,
      tufb_note: z
        .string({ message: 'feedback.noteRule' })
        .describe('plain text, at most 500 characters after trimming')
        .transform(toPlainText)
        .pipe(z.string().trim().max(FEEDBACK_RULE.noteMax, { message: 'feedback.noteRule' }))
        .optional()
        .describe("staff's note, plain text of at most 500 characters; kept as it is when omitted"),
    }),
  ),
  data: feedbackItemSchema,
});

export const feedbackCalls = [feedBack, adminFeedbackList, adminFeedbackHandle] as const;
