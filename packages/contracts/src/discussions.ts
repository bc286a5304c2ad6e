import { lazySchema, z } from './zod';
import { defineCall, MEMBER, MEMBER_WITH_INFORMATION, permission, PUBLIC } from './call';
import { ID_MAX, PAGE_SIZE, POST_SOURCE_DEFAULT } from './constants';
import { COMMENT_RULE, commentContentSchema, threadCommentSchema } from './comments';
import { userBriefSchema } from './home';
import { PERMISSIONS } from './permissions';
import { isBlankRichText } from './rich-text';
import { attachmentSchema, droppedImagesSchema, REMOTE_IMAGES_DROPPED_MSG } from './uploads';

/**
 * Discussions (spec 3 "Post form", 5 "Post form", 7 `post/add` and `postList`, 9; decisions.md
 * "Content and review"): posts (discussions 10 and questions 20), their linked language versions,
 * attachments, likes, favourites, two levels of comments (a question's top-level comments are its
 * answers, one of which the asker may accept), and the author's own list with review states.
 *
 * Every list is keyset paged (`cursor` → `next_cursor`). Validation messages are catalogue keys
 * (`discuss.rules.*`); refusals and success toasts come from `discuss.api.*`.
 */

export const POST_TYPE = { discussion: 10, question: 20 } as const;
export type PostType = (typeof POST_TYPE)[keyof typeof POST_TYPE];

export const POST_RULE = {
  titleMax: 100,
  /** Sanitised HTML; the editor's 10,000 words with markup fit well within this. */
  contentMax: 200_000,
  /** Attachments per post (the site's `file_config.fileLimit` applies too; default 9). */
  annexMax: 20,
  summaryMax: 200,
  commentMax: COMMENT_RULE.contentMax,
  /** Replies shown under each top-level comment in `comment/list`. */
  replyPreview: COMMENT_RULE.replyPreview,
  /** Pinned posts above the first page of `postList` (with_pinned). */
  pinnedMax: 10,
} as const;

export const POST_SORTS = ['latest', 'hot', 'unanswered'] as const;
export type PostSort = (typeof POST_SORTS)[number];

/**
 * The board rule (decision 024): on a site that has boards a post names one of them; a site with
 * none takes posts without. `boardIds` are the site's boards (`post/formConfig`'s
 * `post_board_list`). Answers the catalogue key of what is wrong, null when the choice is fine.
 * Shared by the publish dialog and the server, so both refuse the same post with the same words.
 */
export function postBoardIssue(
  boardIds: readonly number[],
  boardId: number | null | undefined,
): 'postForm.boardRequired' | 'discuss.api.boardNotFound' | null {
  if (boardId === null || boardId === undefined) return boardIds.length > 0 ? 'postForm.boardRequired' : null;
  return boardIds.includes(boardId) ? null : 'discuss.api.boardNotFound';
}

const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });

// One message per field whatever is wrong with it (missing, wrong type, empty), as spec 5 words it.
const titleSchema = lazySchema(() =>
  z
    .string({ message: 'postForm.titleInvalid' })
    .trim()
    .min(1, { message: 'postForm.titleInvalid' })
    .max(POST_RULE.titleMax, { message: 'discuss.rules.titleTooLong' })
    .describe(`required, 1 to ${POST_RULE.titleMax} characters after trimming`),
);

const contentSchema = lazySchema(() =>
  z
    .string({ message: 'postForm.contentInvalid' })
    .max(POST_RULE.contentMax, { message: 'discuss.rules.contentTooLong' })
    .refine((html) => !isBlankRichText(html), { message: 'postForm.contentInvalid' })
    .describe('rich text (HTML), non-blank once tags, whitespace and &nbsp; are removed; sanitised on the server'),
);

/** The post form of spec 3 as `post/add` takes it; `post/edit` takes the same fields and `tp_id`. */
export const postFormShape = lazySchema(() => ({
  tp_title: titleSchema,
  tp_hy_dd_id: id('postForm.industryRequired').describe(
    "industry: a dictionary entry id (dd_id) of this site's industries",
  ),
  tp_cj_dd_id: id('postForm.sceneRequired').describe("scene: a dictionary entry id (dd_id) of this site's scenes"),
  tp_content: contentSchema,
  tp_source: z
    .number({ message: 'discuss.rules.sourceInvalid' })
    .int({ message: 'discuss.rules.sourceInvalid' })
    .positive({ message: 'discuss.rules.sourceInvalid' })
    .max(ID_MAX, { message: 'discuss.rules.sourceInvalid' })
    .default(POST_SOURCE_DEFAULT)
    .describe('the source by its dictionary CODE (post_source_list value), default 10'),
  tp_type: z
    .union([z.literal(POST_TYPE.discussion), z.literal(POST_TYPE.question)], { message: 'discuss.rules.typeInvalid' })
    .default(POST_TYPE.discussion)
    .describe('10 discussion, 20 question'),
  tp_board_id: id('discuss.rules.boardInvalid')
    .nullable()
    .optional()
    .describe(
      "board: a dictionary entry id of this site's boards; required when the site has boards (400 naming tp_board_id), omitted on a site without any",
    ),
  tp_annex: z
    .array(id('discuss.rules.annexInvalid'), { message: 'discuss.rules.annexInvalid' })
    .max(POST_RULE.annexMax, { message: 'discuss.rules.annexTooMany' })
    .default([])
    .describe('att_id of attachments the author uploaded, in order'),
  other_lang: z
    .array(id('discuss.rules.otherLangInvalid'), { message: 'discuss.rules.otherLangInvalid' })
    .max(5, { message: 'discuss.rules.otherLangInvalid' })
    .default([])
    .describe('tws_id of other sites to publish linked language versions in (post/add only; ignored by post/edit)'),
}));

export const postFormSchema = lazySchema(() => z.strictObject(postFormShape));
export type PostForm = z.input<typeof postFormSchema>;

const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));
const labelValue = lazySchema(() => z.object({ label: z.string(), value: z.number() }));

/** The form's lists (spec 3 "Lists feeding it"; spec 7 "post form config"). */
export const postFormConfig = defineCall({
  id: 'post.formConfig',
  scope: 'site',
  path: '/api/post/formConfig',
  write: false,
  access: PUBLIC,
  tag: 'discussions',
  summary:
    "The post form's lists: industries and scenes (value = dd_id), sources (value = CODE), boards (value = dd_id), the other sites for language versions, and the viewer's user_expert (10 when signed out)",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() =>
    z.object({
      post_ins_list: z.array(labelValue),
      post_scene_list: z.array(labelValue),
      post_source_list: z.array(labelValue),
      post_board_list: z.array(labelValue),
      other_lang: z.array(z.object({ tws_id: z.number(), tws_name: z.string() })),
      user_expert: z.number(),
      source_default: z.number(),
      file_limit: z.number().describe("the site's file_config.fileLimit: attachments per post"),
    }),
  ),
});

export const postAdd = defineCall({
  id: 'post.add',
  scope: 'site',
  path: '/api/post/add',
  write: true,
  access: permission(PERMISSIONS.postPublish, { completeInformation: true }),
  tag: 'discussions',
  summary:
    'Publishes a post (spec 3 form; tp_type 10 discussion / 20 question; a board of the site, required when the site has boards). Rich text is sanitised; industry, scene, board are entries of this site; tp_annex are att_ids of the author; is_expert is 20 when the author is an expert; other_lang creates linked versions in those sites in the same transaction. status 10 when the site reviews posts, else 20; msg is the success toast.',
  body: postFormSchema,
  data: lazySchema(() =>
    z.object({
      tp_id: z.number(),
      status: z.number().describe('10 pending review, 20 published'),
      linked: z.array(z.object({ tws_id: z.number(), tp_id: z.number(), status: z.number() })),
      dropped_images: droppedImagesSchema,
    }),
  ),
});

export const postEdit = defineCall({
  id: 'post.edit',
  scope: 'site',
  path: '/api/post/edit',
  write: true,
  access: permission(PERMISSIONS.postPublish, { completeInformation: true }),
  tag: 'discussions',
  summary:
    "Edits the author's own post (403 otherwise; linked versions are edited apart). Editing a rejected or withdrawn post resubmits it (10) when the site reviews posts, else publishes it (20).",
  body: lazySchema(() => z.strictObject({ tp_id: id('discuss.rules.postRequired'), ...postFormShape })),
  data: lazySchema(() => z.object({ tp_id: z.number(), status: z.number(), dropped_images: droppedImagesSchema })),
});

const postIdBody = lazySchema(() => z.strictObject({ tp_id: id('discuss.rules.postRequired') }));

export const postDelete = defineCall({
  id: 'post.delete',
  scope: 'site',
  path: '/api/post/delete',
  write: true,
  access: MEMBER,
  tag: 'discussions',
  summary: "Deletes the author's own post (soft; 403 for others, moderators use the moderator zone)",
  body: postIdBody,
  data: lazySchema(() => z.null()),
});

export const postWithdraw = defineCall({
  id: 'post.withdraw',
  scope: 'site',
  path: '/api/post/withdraw',
  write: true,
  access: MEMBER,
  tag: 'discussions',
  summary: "Withdraws the author's own post while it is pending review (status 40); refused (201) otherwise",
  body: postIdBody,
  data: lazySchema(() => z.object({ tp_id: z.number(), status: z.number() })),
});

/** tp_annex in answers: {att_id, att_title, att_url (download address), att_size}. */
export const attachmentOutSchema = attachmentSchema;

export const commentSchema = lazySchema(() => threadCommentSchema.extend({ tp_id: z.number() }));
export type PostComment = z.infer<typeof commentSchema>;

export const topCommentSchema = lazySchema(() =>
  commentSchema.extend({
    replies: z.array(commentSchema).describe(`the first ${POST_RULE.replyPreview} replies, oldest first`),
    replies_next_cursor: z
      .string()
      .nullable()
      .describe('cursor for comment/replies to continue after the shown replies; null when all are shown'),
  }),
);
export type TopComment = z.infer<typeof topCommentSchema>;

export const linkedVersionSchema = lazySchema(() =>
  z.object({ tws_id: z.number(), tp_id: z.number(), lang: z.string() }),
);

export const postDetailSchema = lazySchema(() =>
  z.object({
    tp_id: z.number(),
    tws_id: z.number(),
    tp_title: z.string(),
    tp_summary: z.string().describe('plain-text start of the content, for the description meta'),
    tp_content: z.string().describe('sanitised HTML'),
    tp_type: z.number(),
    tp_hy_dd_id: z.number().nullable(),
    tp_hy_name: z.string(),
    tp_cj_dd_id: z.number().nullable(),
    tp_cj_name: z.string(),
    tp_source: z.number(),
    tp_source_name: z.string(),
    tp_board_id: z.number().nullable(),
    tp_board_name: z.string(),
    tp_annex: z.array(attachmentOutSchema),
    is_expert: z.number(),
    status: z.number().describe('10 pending, 20 published, 30 rejected, 40 withdrawn'),
    review_reason: z.string().nullable().describe('reason of a rejection, for the author and staff only'),
    is_preview: z.boolean().describe('the post is not public: only its author and staff see it'),
    is_hidden: z.boolean(),
    is_pinned: z.boolean(),
    is_featured: z.boolean(),
    is_locked: z.boolean(),
    view_count: z.number(),
    like_count: z.number(),
    favourite_count: z.number(),
    comment_count: z.number().describe('comments and replies'),
    answer_count: z.number().describe('top-level comments (answers of a question)'),
    is_liked: z.boolean(),
    is_favourited: z.boolean(),
    is_mine: z.boolean(),
    can_moderate: z.boolean().describe('the viewer moderates this board or is staff'),
    author: userBriefSchema.extend({ user_expert: z.number() }),
    linked: z.array(linkedVersionSchema).describe('the other language versions that are public (or the viewer’s own)'),
    accepted_comment_id: z.number().nullable(),
    accepted_answer: commentSchema.nullable(),
    create_time: isoTime,
    update_time: isoTime,
    last_activity_time: isoTime,
  }),
);
export type PostDetail = z.infer<typeof postDetailSchema>;

export const postInfo = defineCall({
  id: 'post.info',
  scope: 'site',
  path: '/api/post/info',
  write: false,
  access: PUBLIC,
  tag: 'discussions',
  summary:
    'A post of the site: public when published, not hidden, not deleted; otherwise only its author and moderators/staff see it (is_preview true), others get 404. Counts a view of a public post, once per member (or, for a visitor, per address) in ten minutes.',
  body: lazySchema(() => z.strictObject({ tp_id: id('discuss.rules.postRequired') })),
  data: postDetailSchema,
});

export const postLike = defineCall({
  id: 'post.like',
  scope: 'site',
  path: '/api/post/like',
  write: true,
  access: MEMBER,
  tag: 'discussions',
  summary: 'Toggles the viewer’s like of a public post; answers the new state and count',
  body: postIdBody,
  data: lazySchema(() => z.object({ is_liked: z.boolean(), like_count: z.number() })),
});

export const postFavourite = defineCall({
  id: 'post.favourite',
  scope: 'site',
  path: '/api/post/favourite',
  write: true,
  access: MEMBER,
  tag: 'discussions',
  summary: 'Toggles the viewer’s favourite of a public post; answers the new state and count',
  body: postIdBody,
  data: lazySchema(() => z.object({ is_favourited: z.boolean(), favourite_count: z.number() })),
});

export const postAcceptAnswer = defineCall({
  id: 'post.acceptAnswer',
  scope: 'site',
  path: '/api/post/acceptAnswer',
  write: true,
  access: MEMBER,
  tag: 'discussions',
  summary:
    'The asker of a question accepts one answer (a top-level comment by someone else); accepting another moves it. 403 for anyone but the asker.',
  body: lazySchema(() =>
    z.strictObject({ tp_id: id('discuss.rules.postRequired'), tpc_id: id('discuss.rules.commentRequired') }),
  ),
  data: lazySchema(() => z.object({ accepted_comment_id: z.number() })),
});

const pageQuery = lazySchema(() => ({
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
  limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
}));

export const commentList = defineCall({
  id: 'comment.list',
  scope: 'site',
  path: '/api/comment/list',
  write: false,
  access: PUBLIC,
  tag: 'discussions',
  summary:
    'Top-level comments (answers) of a visible post, oldest first, keyset paged; each with its first replies (oldest first) and reply_count',
  body: lazySchema(() => z.strictObject({ tp_id: id('discuss.rules.postRequired'), ...pageQuery })),
  data: lazySchema(() => z.object({ list: z.array(topCommentSchema), next_cursor: z.string().nullable() })),
});

export const commentReplies = defineCall({
  id: 'comment.replies',
  scope: 'site',
  path: '/api/comment/replies',
  write: false,
  access: PUBLIC,
  tag: 'discussions',
  summary: 'Replies under a comment, oldest first, keyset paged (start with replies_next_cursor)',
  body: lazySchema(() => z.strictObject({ tpc_id: id('discuss.rules.commentRequired'), ...pageQuery })),
  data: lazySchema(() => z.object({ list: z.array(commentSchema), next_cursor: z.string().nullable() })),
});

export const commentAdd = defineCall({
  id: 'comment.add',
  scope: 'site',
  path: '/api/comment/add',
  write: true,
  access: MEMBER_WITH_INFORMATION,
  tag: 'discussions',
  summary:
    'Comments on a visible post (an answer when the post is a question), or replies under a comment (tpc_parent_id: any comment of the post; a reply to a reply stays on the second level and names whom it answers). Refused on locked posts.',
  body: lazySchema(() =>
    z.strictObject({
      tp_id: id('discuss.rules.postRequired'),
      tpc_content: commentContentSchema,
      tpc_parent_id: id('discuss.rules.commentRequired').optional().describe('the comment or reply answered'),
    }),
  ),
  data: commentSchema,
});

export const commentDelete = defineCall({
  id: 'comment.delete',
  scope: 'site',
  path: '/api/comment/delete',
  write: true,
  access: MEMBER,
  tag: 'discussions',
  summary: "Deletes the viewer's own comment or reply (soft; its replies leave with a comment); 403 for others",
  body: lazySchema(() => z.strictObject({ tpc_id: id('discuss.rules.commentRequired') })),
  data: lazySchema(() => z.null()),
});

export const commentLike = defineCall({
  id: 'comment.like',
  scope: 'site',
  path: '/api/comment/like',
  write: true,
  access: MEMBER,
  tag: 'discussions',
  summary: "Toggles the viewer's like of a comment or reply",
  body: lazySchema(() => z.strictObject({ tpc_id: id('discuss.rules.commentRequired') })),
  data: lazySchema(() => z.object({ is_liked: z.boolean(), like_count: z.number() })),
});

export const myPostSchema = lazySchema(() =>
  z.object({
    tp_id: z.number(),
    tws_id: z.number(),
    tp_title: z.string(),
    tp_type: z.number(),
    status: z.number().describe('10 pending, 20 published, 30 rejected, 40 withdrawn'),
    review_reason: z.string().nullable(),
    is_hidden: z.boolean(),
    view_count: z.number(),
    like_count: z.number(),
    comment_count: z.number(),
    create_time: isoTime,
    update_time: isoTime,
  }),
);
export type MyPost = z.infer<typeof myPostSchema>;

export const postMine = defineCall({
  id: 'post.mine',
  scope: 'site',
  path: '/api/post/mine',
  write: false,
  access: MEMBER,
  tag: 'discussions',
  summary: "The viewer's posts on every site (not deleted), newest first, with status and review reason; keyset paged",
  body: lazySchema(() =>
    z.strictObject({
      status: z
        .union([z.literal(10), z.literal(20), z.literal(30), z.literal(40)], { message: 'discuss.rules.statusInvalid' })
        .optional(),
      tp_type: z
        .union([z.literal(POST_TYPE.discussion), z.literal(POST_TYPE.question)], {
          message: 'discuss.rules.typeInvalid',
        })
        .optional()
        .describe('only discussions (10) or only questions (20); both when omitted'),
      ...pageQuery,
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(myPostSchema), next_cursor: z.string().nullable() })),
});

/** The catalogue keys of the success toasts. */
export const DISCUSS_MSG = {
  published: 'discuss.api.published',
  submitted: 'discuss.api.submittedForReview',
  updated: 'discuss.api.updated',
  deleted: 'discuss.api.deleted',
  withdrawn: 'discuss.api.withdrawn',
  commented: 'discuss.api.commented',
  answered: 'discuss.api.answered',
  accepted: 'discuss.api.accepted',
  imagesDropped: REMOTE_IMAGES_DROPPED_MSG,
} as const;

export const discussionCalls = [
  postFormConfig,
  postAdd,
  postEdit,
  postDelete,
  postWithdraw,
  postInfo,
  postLike,
  postFavourite,
  postAcceptAnswer,
  commentList,
  commentReplies,
  commentAdd,
  commentDelete,
  commentLike,
  postMine,
] as const;
