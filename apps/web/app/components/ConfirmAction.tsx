import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from '~/lib/use-translation';

// The confirmation popover (and the popover machinery under it) is fetched after the page, not
// with it: until then its trigger shows as it will, a closed popover being just its trigger.
const Popconfirm = lazy(() => import('./ConfirmPopconfirm'));

/** A button that asks "are you sure?" in a popover before `onConfirm` (delete, accept, withdraw). */
export function ConfirmAction({
  title,
  onConfirm,
  danger = false,
  children,
}: {
  title: string;
  onConfirm(): Promise<void> | void;
  danger?: boolean;
  children: ReactElement;
}) {
  const { t } = useTranslation('discuss');
  return (
    <Suspense fallback={children}>
      <Popconfirm
        title={title}
        okText={t('ui.confirm')}
        cancelText={t('ui.cancel')}
        onConfirm={onConfirm}
        okButtonProps={danger ? { danger: true } : undefined}
      >
        {children}
      </Popconfirm>
    </Suspense>
  );
}
