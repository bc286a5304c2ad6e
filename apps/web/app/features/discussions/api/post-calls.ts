import { commentList, commentReplies, postFormConfig, postInfo, postMine } from '@portal/contracts/discussions';
import { indexStats, postList } from '@portal/contracts/home';
import { moderationPosts } from '@portal/contracts/moderation';
import type { Invalidates } from '~/lib/query/use-call';

/** The calls that show posts (lists, pages, one's own list): refreshed after a post is saved. */
export const POST_CALLS: readonly Invalidates[] = [
  postFormConfig,
  postInfo,
  commentList,
  commentReplies,
  postMine,
  postList,
  moderationPosts,
];

/** What deleting a post makes stale: everything that shows posts, and the home page's counts. */
export const POST_DELETE_CALLS: readonly Invalidates[] = [...POST_CALLS, indexStats];
