import { lazySchema, z } from './zod';
import { defineCall, MEMBER, MEMBER_WITH_INFORMATION, PUBLIC } from './call';
import { COMMENT_RULE, commentContentSchema, threadCommentSchema } from './comments';
import { ID_MAX, PAGE_SIZE } from './constants';

/**
 * Comments and replies on topic articles (issue 19, item 5; decision 027): the article page's
 * calls, apart from topics.ts so that only that page loads them.
 */

const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });

/** A comment or reply on a topic article (platform/comments): the fields of a post's, with ttar_id. */
export const articleCommentSchema = lazySchema(() => threadCommentSchema.extend({ ttar_id: z.number() }));
export type ArticleComment = z.infer<typeof articleCommentSchema>;

export const topArticleCommentSchema = lazySchema(() =>
  articleCommentSchema.extend({
    replies: z.array(articleCommentSchema).describe(`the first ${COMMENT_RULE.replyPreview} replies, oldest first`),
    replies_next_cursor: z
      .string()
      .nullable()
      .describe('cursor for articleCommentReplies to continue after the shown replies; null when all are shown'),
  }),
);
export type TopArticleComment = z.infer<typeof topArticleCommentSchema>;

const commentPage = lazySchema(() => ({
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
  limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
}));
const commentIdBody = lazySchema(() => z.strictObject({ tpc_id: id('discuss.rules.commentRequired') }));

export const articleCommentList = defineCall({
  id: 'topic.articleCommentList',
  scope: 'site',
  path: '/api/topic/articleCommentList',
  write: false,
  access: PUBLIC,
  tag: 'topics',
  summary:
    'Top-level comments of an article the viewer may read, oldest first, keyset paged; each with its first replies (oldest first) and reply_count',
  body: lazySchema(() => z.strictObject({ ttar_id: id('topics.rules.articleRequired'), ...commentPage })),
  data: lazySchema(() => z.object({ list: z.array(topArticleCommentSchema), next_cursor: z.string().nullable() })),
});

export const articleCommentReplies = defineCall({
  id: 'topic.articleCommentReplies',
  scope: 'site',
  path: '/api/topic/articleCommentReplies',
  write: false,
  access: PUBLIC,
  tag: 'topics',
  summary: 'Replies under an article comment, oldest first, keyset paged (start with replies_next_cursor)',
  body: lazySchema(() => z.strictObject({ tpc_id: id('discuss.rules.commentRequired'), ...commentPage })),
  data: lazySchema(() => z.object({ list: z.array(articleCommentSchema), next_cursor: z.string().nullable() })),
});

export const articleCommentAdd = defineCall({
  id: 'topic.articleCommentAdd',
  scope: 'site',
  path: '/api/topic/articleCommentAdd',
  write: true,
  access: MEMBER_WITH_INFORMATION,
  tag: 'topics',
  summary:
    'Comments on an approved article, or replies under one of its comments (tpc_parent_id: any comment of the article; a reply to a reply stays on the second level and names whom it answers)',
  body: lazySchema(() =>
    z.strictObject({
      ttar_id: id('topics.rules.articleRequired'),
      tpc_content: commentContentSchema,
      tpc_parent_id: id('discuss.rules.commentRequired').optional().describe('the comment or reply answered'),
    }),
  ),
  data: articleCommentSchema,
});

export const articleCommentDelete = defineCall({
  id: 'topic.articleCommentDelete',
  scope: 'site',
  path: '/api/topic/articleCommentDelete',
  write: true,
  access: MEMBER,
  tag: 'topics',
  summary: "Deletes the viewer's own article comment or reply (soft; its replies leave with a comment); 403 for others",
  body: commentIdBody,
  data: lazySchema(() => z.null()),
});

export const articleCommentLike = defineCall({
  id: 'topic.articleCommentLike',
  scope: 'site',
  path: '/api/topic/articleCommentLike',
  write: true,
  access: MEMBER,
  tag: 'topics',
  summary: "Toggles the viewer's like of an article comment or reply",
  body: commentIdBody,
  data: lazySchema(() => z.object({ is_liked: z.boolean(), like_count: z.number() })),
});
