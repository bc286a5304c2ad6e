import { lazySchema, z } from './zod';
import { defineCall, permission } from './call';
import { ID_MAX, PAGE_SIZE, REVIEW_STATUS } from './constants';
import { PERMISSIONS } from './permissions';

/**
 * The one review queue of the back office (decisions.md "Content and review"; issue 5 item 7).
 * Everything that goes through review is an item of some kind in the same queue: discussion posts
 * now; topic articles, e-magazine submissions and applications join by registering a kind on the
 * server. Statuses: 10 pending, 20 approved (published), 30 rejected (with a reason shown to the
 * author), 40 withdrawn (by the author, only while pending).
 */

export { REVIEW_STATUS };
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];
export const REVIEW_STATUSES: readonly ReviewStatus[] = Object.values(REVIEW_STATUS);

/** The kinds in the queue; a later kind is added here and registered on the server. */
export const REVIEW_KINDS = ['post', 'article', 'expert', 'journal', 'mvp', 'cooperation'] as const;
export type ReviewKindCode = (typeof REVIEW_KINDS)[number];

/**
 * The queue's calls let in whoever reviews some kind somewhere (site-wide staff, a board's moderators,
 * a topic's hosts); each kind's adapter then decides which items they see and may decide.
 */
const REVIEWERS = permission(PERMISSIONS.reviewPost, {
  orPermissions: [
    PERMISSIONS.reviewArticle,
    PERMISSIONS.reviewExpert,
    PERMISSIONS.reviewJournal,
    PERMISSIONS.reviewCooperation,
  ],
});

export const REVIEW_RULE = {
  reasonMax: 500,
  /** At most this many items in one bulk decision. */
  batchMax: 50,
  /** The age filter counts whole days, up to ten years. */
  daysMax: 3650,
} as const;

export const REVIEW_DECISIONS = ['approve', 'reject'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

export const reviewItemSchema = lazySchema(() =>
  z.object({
    review_id: z.number(),
    kind: z.enum(REVIEW_KINDS),
    item_id: z
      .number()
      .describe("the item's id within its kind (for posts: the post id; for expert: the application id)"),
    title: z.string().describe('the title when submitted; plain text'),
    status: z.number().describe('10 pending, 20 approved, 30 rejected, 40 withdrawn'),
    reason: z.string().describe("the rejection's reason; '' otherwise"),
    author: z.object({ user_id: z.number(), user_nick_name: z.string(), user_avatar_att_url: z.string() }),
    submit_time: isoTime,
    decide_time: isoTime.nullable(),
    decider_nick_name: z.string().nullable(),
    preview_url: z.string().describe('where members see the item (the author preview while it is not published)'),
  }),
);
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewAttachmentSchema = lazySchema(() =>
  z.object({
    att_id: z.number(),
    att_title: z.string(),
    att_url: z.string(),
    att_size: z.number(),
  }),
);

export const reviewContentSchema = lazySchema(() =>
  z.object({
    title: z.string(),
    html: z.string().describe('sanitised on the server; rendered as members see it'),
    site_name: z.string(),
    /** Facts of the item shown above the content (board, type, industry...), already worded. */
    facts: z.array(z.object({ label: z.string(), value: z.string() })),
    attachments: z.array(reviewAttachmentSchema),
  }),
);

const kindSchema = lazySchema(() => z.enum(REVIEW_KINDS, { message: 'reviews.api.kindInvalid' }));
const statusSchema = lazySchema(() =>
  z
    .number({ message: 'reviews.api.statusInvalid' })
    .int({ message: 'reviews.api.statusInvalid' })
    .refine((v) => (REVIEW_STATUSES as readonly number[]).includes(v), { message: 'reviews.api.statusInvalid' }),
);
const daysSchema = lazySchema(() =>
  z
    .number({ message: 'reviews.api.daysInvalid' })
    .int({ message: 'reviews.api.daysInvalid' })
    .min(0, { message: 'reviews.api.daysInvalid' })
    .max(REVIEW_RULE.daysMax, { message: 'reviews.api.daysInvalid' }),
);

export const adminReviewList = defineCall({
  id: 'admin.review.list',
  scope: 'site',
  path: '/admin/review/list',
  write: false,
  access: REVIEWERS,
  tag: 'reviews',
  summary:
    "The managed site's review queue: filter by kind, status (pending by default) and age; pending items oldest first, decided ones newest first; keyset paged. Moderators see their boards' posts only, topic hosts their topics' articles.",
  body: lazySchema(() =>
    z.strictObject({
      kind: kindSchema.optional().describe('every kind when omitted'),
      status: statusSchema.default(REVIEW_STATUS.pending),
      older_than_days: daysSchema.optional().describe('submitted at least this many days ago'),
      newer_than_days: daysSchema.optional().describe('submitted within this many days'),
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
      page_size: z.number().int().min(1).max(50).default(PAGE_SIZE),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(reviewItemSchema), next_cursor: z.string().nullable() })),
});

export const adminReviewInfo = defineCall({
  id: 'admin.review.info',
  scope: 'site',
  path: '/admin/review/info',
  write: false,
  access: REVIEWERS,
  tag: 'reviews',
  summary: 'One item of the queue with its content rendered as members will see it',
  body: lazySchema(() => z.strictObject({ review_id: z.number().int().positive().max(ID_MAX) })),
  data: lazySchema(() => reviewItemSchema.extend({ content: reviewContentSchema })),
});

export const adminReviewDecide = defineCall({
  id: 'admin.review.decide',
  scope: 'site',
  path: '/admin/review/decide',
  write: true,
  access: REVIEWERS,
  tag: 'reviews',
  summary:
    'Approves or rejects (with a reason) one or many pending items. Each item is decided once: when another staff member decided it first, its result says who and when. Each decision messages the author and is audited.',
  body: lazySchema(() =>
    z
      .strictObject({
        ids: z
          .array(z.number().int().positive().max(ID_MAX), { message: 'reviews.api.idsRequired' })
          .min(1, { message: 'reviews.api.idsRequired' })
          .max(REVIEW_RULE.batchMax, { message: 'reviews.api.tooMany' })
          .describe('review_id of each item, at most 50'),
        decision: z.enum(REVIEW_DECISIONS, { message: 'reviews.api.decisionInvalid' }),
        reason: z
          .string({ message: 'reviews.api.reasonRule' })
          .trim()
          .max(REVIEW_RULE.reasonMax, { message: 'reviews.api.reasonRule' })
          .optional()
          .describe('required to reject: 1 to 500 characters'),
      })
      .superRefine((body, ctx) => {
        if (body.decision === 'reject' && !body.reason) {
          ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reviews.api.reasonRequired' });
        }
      }),
  ),
  data: lazySchema(() =>
    z.object({
      decided: z.number().describe('how many items this call decided'),
      results: z.array(
        z.object({
          review_id: z.number(),
          ok: z.boolean().describe('true when this call decided the item'),
          status: z.number().describe("the item's status now"),
          msg: z.string().describe('what happened to this item, in the site language'),
        }),
      ),
    }),
  ),
});

export const reviewCalls = [adminReviewList, adminReviewInfo, adminReviewDecide] as const;
