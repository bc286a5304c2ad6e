import { createContext, useContext, type ReactNode } from 'react';
import type { PostComment, PostDetail } from '@portal/contracts/discussions';

/**
 * Tools of other features shown on a post's page (moderator actions, report buttons). The route
 * module hands them in, so this feature does not reach into another one's internals.
 */
export interface DiscussionSlots {
  /** Beside the post's own actions. */
  postTools?(post: PostDetail): ReactNode;
  /** Beside a comment's or reply's own tools. */
  commentTools?(comment: PostComment, post: PostDetail): ReactNode;
}

export const DiscussionSlotsContext = createContext<DiscussionSlots>({});

export const useDiscussionSlots = () => useContext(DiscussionSlotsContext);
