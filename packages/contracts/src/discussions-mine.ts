import { lazySchema, z } from './zod';
import { defineCall, MEMBER } from './call';
import { PAGE_SIZE } from './constants';
import { userBriefSchema } from './home';

/**
 * The personal centre's discussion sections (issue 22 item 4, decision 038): the posts the member
 * favourited and what others did with the member's posts and comments. Apart from discussions.ts so
 * that only the personal centre loads them. Both list the member's own, from the session: a body
 * never names a member.
 */

const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

const pageQuery = lazySchema(() => ({
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
  limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
}));

export const myFavouritePostSchema = lazySchema(() =>
  z.object({
    tp_id: z.number(),
    tws_id: z.number(),
    tp_title: z.string(),
    tp_type: z.number().describe('10 discussion, 20 question'),
    author: userBriefSchema,
    like_count: z.number(),
    comment_count: z.number(),
    favourite_time: isoTime,
  }),
);
export type MyFavouritePost = z.infer<typeof myFavouritePostSchema>;

export const postMyFavourites = defineCall({
  id: 'post.myFavourites',
  scope: 'site',
  path: '/api/post/myFavourites',
  write: false,
  access: MEMBER,
  tag: 'discussions',
  summary:
    'The posts the viewer favourited, on every site, latest favourite first; keyset paged. Only posts that are public now (published, not hidden, not deleted): a post its author withdrew or a moderator hid leaves the list.',
  body: lazySchema(() => z.strictObject(pageQuery)),
  data: lazySchema(() => z.object({ list: z.array(myFavouritePostSchema), next_cursor: z.string().nullable() })),
});

/**
 * What others did with the member's posts and comments: comments (comments on the member's
 * discussions and replies to the member's comments), answers (answers to the member's questions),
 * likes (of the member's posts and comments), accepted (the member's answers that their askers accepted).
 */
export const INTERACTION_KINDS = ['comments', 'answers', 'likes', 'accepted'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

export const interactionSchema = lazySchema(() =>
  z.object({
    key: z.string().describe('unique in the list: the kind of row and its ids'),
    kind: z.enum(INTERACTION_KINDS),
    target: z
      .enum(['post', 'comment'])
      .describe(
        "what of the member's it concerns: their post, or their comment (a reply, a like of it, an accepted answer)",
      ),
    tp_id: z.number(),
    tws_id: z.number(),
    tp_title: z.string(),
    tpc_id: z.number().nullable().describe('the comment, reply or answer concerned; null for a like of a post'),
    excerpt: z.string().describe('plain-text start of that comment or answer; empty for a like of a post'),
    actor: userBriefSchema.nullable().describe('who did it; for accepted, the asker'),
    create_time: isoTime,
  }),
);
export type Interaction = z.infer<typeof interactionSchema>;

export const postMyInteractions = defineCall({
  id: 'post.myInteractions',
  scope: 'site',
  path: '/api/post/myInteractions',
  write: false,
  access: MEMBER,
  tag: 'discussions',
  summary:
    "What others did with the viewer's posts and comments, on every site, newest first, one kind at a time: comments (on the viewer's discussions, and replies to the viewer's comments), answers (to the viewer's questions), likes (of the viewer's posts and comments), accepted (the viewer's answers accepted by the asker). Only public posts and comments, never the viewer's own actions; keyset paged.",
  body: lazySchema(() =>
    z.strictObject({
      kind: z.enum(INTERACTION_KINDS, { message: 'discuss.rules.interactionKindInvalid' }),
      ...pageQuery,
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(interactionSchema), next_cursor: z.string().nullable() })),
});
