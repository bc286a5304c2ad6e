import { useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { ModeratedPost, ModerationAction } from '@portal/contracts/moderation';
import { actionsFor, type ModeratorActionsPost } from './moderator-post';
import { useMayModerate, useMyBoards } from '../api/my-boards';
import { PostActionDialog } from './PostActionDialog';
import './moderation.css';
import { withPortalAntd } from '~/lib/PortalAntd';

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
