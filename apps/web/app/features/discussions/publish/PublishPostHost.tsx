import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from '~/lib/use-translation';
import { PUBLISH_EVENT } from '~/components/layout/PublishMenu';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import type { PublishPostDialogProps } from './PublishPostDialog';
import { readPublishPostDetail, type PublishPostDetail } from './publish-post-events';

/**
 * Mounted once by the navbar: opens the publish-post dialog when the publish menu's "post" entry,
 * the discussions page or a post's "edit" asks for it. The dialog (the form, the editor and the
 * upload component) is its own chunk, fetched on the first opening, so no page pays for it up
 * front; a failed fetch is tried again on the next opening.
 */
export function PublishPostHost() {
  const { t } = useTranslation('postForm');
  const signedIn = useShell().user !== null;
  const [Dialog, setDialog] = useState<ComponentType<PublishPostDialogProps> | null>(null);
  const [request, setRequest] = useState<(PublishPostDetail & { open: boolean; seq: number }) | null>(null);

  useEffect(() => {
    // Visitors are sent to login before anything dispatches; nothing to open for them.
    if (!signedIn) return;
    let seq = 0;
    const onOpen = (event: Event) => {
      const detail = readPublishPostDetail(event);
      if (!detail) return;
      seq += 1;
      const mine = seq;
      import('./PublishPostDialog').then(
        (module) => {
          setDialog(() => module.default);
          setRequest({ ...detail, open: true, seq: mine });
        },
        () => toast.error(t('loadFailed')),
      );
    };
    window.addEventListener(PUBLISH_EVENT, onOpen);
    return () => window.removeEventListener(PUBLISH_EVENT, onOpen);
  }, [t, signedIn]);

  if (!signedIn || !Dialog || !request) return null;
  return (
    <Dialog
      // A new post and each post edited get a fresh form; reopening "new post" keeps the same one.
      key={request.postId ? `edit-${request.postId}-${request.seq}` : 'new'}
      open={request.open}
      postId={request.postId}
      boardId={request.boardId}
      onClose={() => setRequest((current) => current && { ...current, open: false })}
    />
  );
}
