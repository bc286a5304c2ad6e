import { lazySchema, z } from './zod';
import { defineCall, MEMBER } from './call';
import { PAGE_SIZE } from './constants';
import { userBriefSchema } from './home';

/** The author's own topic articles (personal centre), apart from topics.ts so that only that page loads them. */

const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

export const myArticleSchema = lazySchema(() =>
  z.object({
    ttar_id: z.number(),
    tws_id: z.number(),
    tt_id: z.number(),
    tt_title: z.string(),
    ttar_title: z.string(),
    status: z.number().describe('10 pending, 20 approved, 30 rejected, 40 withdrawn'),
    review_reason: z.string().nullable().describe('the reason of a rejection; null otherwise'),
    view_count: z.number(),
    comment_count: z.number(),
    create_time: isoTime,
    update_time: isoTime,
  }),
);
export type MyArticle = z.infer<typeof myArticleSchema>;

export const topicArticleMine = defineCall({
  id: 'topic.articleMine',
  scope: 'site',
  path: '/api/topic/articleMine',
  write: false,
  access: MEMBER,
  tag: 'topics',
  summary:
    "The viewer's own topic articles on every site (personal centre), newest first, keyset paged, with their review status and a rejection's reason; deleted ones left out",
  body: lazySchema(() =>
    z.strictObject({
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
      limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(myArticleSchema), next_cursor: z.string().nullable() })),
});

export const myFavouriteArticleSchema = lazySchema(() =>
  z.object({
    ttar_id: z.number(),
    tws_id: z.number(),
    tt_id: z.number(),
    tt_title: z.string(),
    ttar_title: z.string(),
    author_id: z.number(),
    author_nick_name: z.string(),
    like_count: z.number(),
    comment_count: z.number(),
    favourite_time: isoTime,
  }),
);
export type MyFavouriteArticle = z.infer<typeof myFavouriteArticleSchema>;

export const topicArticleMyFavourites = defineCall({
  id: 'topic.articleMyFavourites',
  scope: 'site',
  path: '/api/topic/articleMyFavourites',
  write: false,
  access: MEMBER,
  tag: 'topics',
  summary:
    'The topic articles the viewer favourited, on every site, latest favourite first, keyset paged; only articles that are public now (approved, not deleted)',
  body: lazySchema(() =>
    z.strictObject({
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
      limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(myFavouriteArticleSchema), next_cursor: z.string().nullable() })),
});

/**
 * What others said to the member on topic articles (the personal centre's interactions): a comment
 * on one of the member's articles, or a reply to one of the member's comments (under it, or naming
 * them) on any article.
 */
export const myArticleInteractionSchema = lazySchema(() =>
  z.object({
    key: z.string().describe('unique in the list: the kind of row and the comment'),
    target: z
      .enum(['article', 'comment'])
      .describe("what of the member's it concerns: their article (a comment on it), or their comment (a reply)"),
    ttar_id: z.number(),
    tws_id: z.number(),
    ttar_title: z.string(),
    tpc_id: z.number().describe('the comment or reply received'),
    excerpt: z.string().describe('plain-text start of that comment or reply'),
    actor: userBriefSchema.nullable().describe('who wrote it'),
    create_time: isoTime,
  }),
);
export type MyArticleInteraction = z.infer<typeof myArticleInteractionSchema>;

export const topicArticleMyInteractions = defineCall({
  id: 'topic.articleMyInteractions',
  scope: 'site',
  path: '/api/topic/articleMyInteractions',
  write: false,
  access: MEMBER,
  tag: 'topics',
  summary:
    "Comments on the viewer's topic articles and replies to the viewer's article comments, on every site, newest first, keyset paged; only public articles (approved, not deleted) and comments that show, never the viewer's own",
  body: lazySchema(() =>
    z.strictObject({
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
      limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(myArticleInteractionSchema), next_cursor: z.string().nullable() })),
});
