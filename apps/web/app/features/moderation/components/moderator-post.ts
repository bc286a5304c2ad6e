import type { ModeratedPost, ModerationAction } from '@portal/contracts/moderation';

/** The post's state as the detail page (`PostDetail`) or the zone (`ModeratedPost`) has it. */
export interface ModeratorActionsPost {
  tp_id: number;
  tp_title: string;
  tp_board_id: number | null;
  is_hidden: boolean;
  is_pinned: boolean;
  is_featured: boolean;
  is_locked: boolean;
}

/** The actions that apply to a post in its current state, in menu order. */
export function actionsFor(
  post: Pick<ModeratorActionsPost, 'is_hidden' | 'is_pinned' | 'is_featured' | 'is_locked'>,
  canMove: boolean,
): ModerationAction[] {
  return [
    post.is_pinned ? 'unpin' : 'pin',
    post.is_featured ? 'unfeature' : 'feature',
    post.is_locked ? 'unlock' : 'lock',
    post.is_hidden ? 'unhide' : 'hide',
    ...(canMove ? (['move'] as const) : []),
  ];
}

/** A zone row as the menu takes it. */
export function fromModeratedPost(post: ModeratedPost): ModeratorActionsPost {
  return {
    tp_id: post.tp_id,
    tp_title: post.tp_title,
    tp_board_id: post.board_id,
    is_hidden: post.hidden,
    is_pinned: post.pinned,
    is_featured: post.featured,
    is_locked: post.locked,
  };
}
