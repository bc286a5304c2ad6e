import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from '~/lib/use-translation';
import { PUBLISH_EVENT } from '~/components/layout/PublishMenu';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import type { PublishArticleDialogProps } from './PublishArticleDialog';
import { readPublishArticleDetail, type ArticleEdit } from './publish-article-events';

/**
 * Mounted once by the shell: opens the topic article dialog when the publish menu's "topic article"
 * entry or a topic's page asks for it. The dialog (the form and the editor) is its own chunk,
 * fetched on the first opening, so no page pays for it up front.
 */
export function PublishArticleHost() {
  const { t } = useTranslation('topicForm');
  const signedIn = useShell().user !== null;
  const [Dialog, setDialog] = useState<ComponentType<PublishArticleDialogProps> | null>(null);
  const [request, setRequest] = useState<{
    topicId?: number;
    edit?: ArticleEdit;
    open: boolean;
    seq: number;
  } | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let seq = 0;
    const onOpen = (event: Event) => {
      const detail = readPublishArticleDetail(event);
      if (!detail) return;
      seq += 1;
      const mine = seq;
      import('./PublishArticleDialog').then(
        (module) => {
          setDialog(() => module.default);
          setRequest({ topicId: detail.topicId, edit: detail.edit, open: true, seq: mine });
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
      key={request.seq}
      open={request.open}
      topicId={request.topicId}
      edit={request.edit}
      onClose={() => setRequest((current) => current && { ...current, open: false })}
    />
  );
}
