import { lazySchema, z } from './zod';
import { userBriefSchema } from './home';

/**
 * Comments as every commented kind shows them (posts, topic articles; server `platform/comments`,
 * web `components/comments`): two levels, a comment and the replies under it, oldest first
 * (decision 022); plain text, shown as text. Each kind's calls add the id of what is commented.
 */

export const COMMENT_RULE = {
  contentMax: 5000,
  /** Replies shown under each top-level comment in a list's first answer. */
  replyPreview: 3,
} as const;

export const commentContentSchema = lazySchema(() =>
  z
    .string({ message: 'discuss.rules.commentRequired' })
    .transform((v) => v.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'discuss.rules.commentRequired' })
        .max(COMMENT_RULE.contentMax, { message: 'discuss.rules.commentTooLong' }),
    )
    .describe(`plain text, 1 to ${COMMENT_RULE.contentMax} characters after trimming`),
);

export const threadCommentSchema = lazySchema(() =>
  z.object({
    tpc_id: z.number(),
    tpc_parent_id: z
      .number()
      .nullable()
      .describe('null: a comment (answer of a question); else the comment replied under'),
    tpc_content: z.string().describe('plain text; show it as text, never as HTML'),
    author: userBriefSchema,
    reply_to: z
      .object({ user_id: z.number(), user_nick_name: z.string() })
      .nullable()
      .describe('the member a reply answers (replies to replies)'),
    like_count: z.number(),
    reply_count: z.number(),
    is_liked: z.boolean(),
    is_mine: z.boolean(),
    is_accepted: z.boolean(),
    create_time: z.string().describe('ISO 8601 time'),
  }),
);
/** A comment or reply, whatever it is on. */
export type ThreadComment = z.infer<typeof threadCommentSchema>;

export type TopThreadComment = ThreadComment & { replies: ThreadComment[]; replies_next_cursor: string | null };
