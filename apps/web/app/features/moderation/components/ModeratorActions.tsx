import { useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { ModeratedPost, ModerationAction } from '@portal/contracts/moderation';
import { useMayModerate, useMyBoards } from '../api/moderation-queries';
import { PostActionDialog } from './PostActionDialog';
import './moderation.css';
import { withPortalAntd } from '~/lib/PortalAntd';

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

/**
 * The moderator's menu on a post (pin, feature, lock, hide and their opposites, move), for those who
 * moderate the post's board and for admins; renders nothing for everybody else. Each choice asks
 * for confirmation (a reason to hide, a board to move to); the post's page and the zone's lists are
 * refreshed afterwards, and `onChanged` gets the post's new state.
 */
function ModeratorActionsView({
  post,
  onChanged,
  size,
}: {
  post: ModeratorActionsPost;
  onChanged?(post: ModeratedPost): void;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation('moderation');
  const allowed = useMayModerate(post.tp_board_id);
  const boards = useMyBoards();
  const [action, setAction] = useState<ModerationAction | null>(null);
  if (!allowed) return null;
  const canMove = (boards.data?.list ?? []).some((b) => b.board_id !== post.tp_board_id);

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: actionsFor(post, canMove).map((a) => ({
            key: a,
            label: <span data-testid={`moderation-action-${a}`}>{t(`ui.action_${a}`)}</span>,
            danger: a === 'hide',
          })),
          onClick: ({ key }) => setAction(key as ModerationAction),
        }}
      >
        <Button size={size} data-testid="moderator-actions">
          {t('ui.moderate')}
        </Button>
      </Dropdown>
      {action && (
        <PostActionDialog
          post={{ tp_id: post.tp_id, tp_title: post.tp_title, board_id: post.tp_board_id }}
          action={action}
          onClose={() => setAction(null)}
          onDone={onChanged}
        />
      )}
    </>
  );
}

/** Drawn in a lazy chunk of the post page: it brings antd's provider along (lib/PortalAntd.tsx). */
export const ModeratorActions = withPortalAntd(ModeratorActionsView);
