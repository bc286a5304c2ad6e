import { useEffect, useState, type ComponentType } from 'react';
import { PUBLISH_EVENT } from '~/components/layout/PublishMenu';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import type { JournalSubmitDialogProps } from './JournalSubmitDialog';
import { readJournalSubmitDetail } from './journal-submit-events';

/**
 * Mounted once by the shell: opens the e-magazine submission dialog when the publish menu's
 * "e-magazine submission" entry or the member's list of submissions asks for it. The dialog (the
 * form, the editor, the upload and its texts) is its own chunk, fetched on the first opening.
 */
export function JournalSubmitHost() {
  const { t } = useTranslation('journal');
  const signedIn = useShell().user !== null;
  const [Dialog, setDialog] = useState<ComponentType<JournalSubmitDialogProps> | null>(null);
  const [request, setRequest] = useState<{ edit?: number; open: boolean; seq: number } | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let seq = 0;
    const onOpen = (event: Event) => {
      const detail = readJournalSubmitDetail(event);
      if (!detail) return;
      seq += 1;
      const mine = seq;
      import('./JournalSubmitDialog').then(
        (module) => {
          setDialog(() => module.default);
          setRequest({ edit: detail.edit, open: true, seq: mine });
        },
        () => toast.error(t('ui.submitLoadFailed')),
      );
    };
    window.addEventListener(PUBLISH_EVENT, onOpen);
    return () => window.removeEventListener(PUBLISH_EVENT, onOpen);
  }, [signedIn, t]);

  if (!signedIn || !Dialog || !request) return null;
  return (
    <Dialog
      // A new submission keeps its form between openings; each one edited gets a fresh one.
      key={request.edit ? `edit-${request.edit}-${request.seq}` : 'new'}
      open={request.open}
      edit={request.edit}
      onClose={() => setRequest((current) => current && { ...current, open: false })}
    />
  );
}
