import { useCallback } from 'react';
import { PUBLISH_EVENT } from '~/components/layout/PublishMenu';
import { useMemberGate } from './use-member-gate';

/**
 * Opens the publish-post dialog (the navbar's publish event, which the dialog's host listens for):
 * `publish(boardId?)` for a new post, `edit(postId)` for one's own. A visitor goes to login first.
 */
export function usePostDialog() {
  const { gate } = useMemberGate();
  const open = useCallback(
    (detail: { postId?: number; boardId?: number }) =>
      gate(() => window.dispatchEvent(new CustomEvent(PUBLISH_EVENT, { detail: { kind: 'post', ...detail } }))),
    [gate],
  );
  return {
    publish: useCallback((boardId?: number) => open(boardId ? { boardId } : {}), [open]),
    edit: useCallback((postId: number) => open({ postId }), [open]),
  };
}
