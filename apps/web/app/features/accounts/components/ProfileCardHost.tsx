import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from '~/lib/use-translation';
import { PROFILE_CARD_EVENT, readProfileCardDetail } from '~/components/profile-card/profile-card-events';
import { toast } from '~/lib/toast';
import type { ProfileCardDialogProps } from './ProfileCardDialog';

/**
 * Mounted once by the root: opens the profile card when an avatar or nickname asks for it. The
 * dialog (antd Modal and Tooltip with it) is its own chunk, fetched on the first opening, so no
 * page pays for it up front; a failed fetch is tried again on the next opening.
 */
export function ProfileCardHost() {
  const { t } = useTranslation('auth');
  const [Dialog, setDialog] = useState<ComponentType<ProfileCardDialogProps> | null>(null);
  const [card, setCard] = useState<{ userId: number; open: boolean } | null>(null);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const detail = readProfileCardDetail(event);
      if (!detail) return;
      import('./ProfileCardDialog').then(
        (module) => {
          setDialog(() => module.default);
          setCard({ userId: detail.userId, open: true });
        },
        () => toast.error(t('profileLoadFailed')),
      );
    };
    window.addEventListener(PROFILE_CARD_EVENT, onOpen);
    return () => window.removeEventListener(PROFILE_CARD_EVENT, onOpen);
  }, [t]);

  if (!Dialog || !card) return null;
  return (
    <Dialog
      userId={card.userId}
      open={card.open}
      onClose={() => setCard((current) => current && { ...current, open: false })}
      afterClose={() => setCard(null)}
    />
  );
}
