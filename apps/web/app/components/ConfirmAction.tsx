import { cloneElement, Suspense, type ComponentProps, type ReactElement } from 'react';
import { beforeHydration, preloadable } from '~/lib/before-hydration';
import { useTranslation } from '~/lib/use-translation';
import type ConfirmPopconfirm from './ConfirmPopconfirm';

/** Marks every trigger in the page, so the first page knows whether it shows one. */
const MARK = 'data-confirm-action';

// The confirmation popover (and the popover machinery under it) is its own chunk, not in the
// page's. A first page that shows a trigger loads it before it hydrates (lib/before-hydration), so
// the trigger works from the first press; a page without one (a visitor's) never loads it. Until
// it is loaded, the trigger shows as it will: a closed popover is just its trigger.
const { Component: Popconfirm, preload } = preloadable<ComponentProps<typeof ConfirmPopconfirm>>(() =>
  import('./ConfirmPopconfirm').then((m) => m.default),
);
beforeHydration(async () => {
  if (document.querySelector(`[${MARK}]`)) await preload();
});

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
  const trigger = cloneElement(children as ReactElement<Record<string, unknown>>, { [MARK]: '' });
  return (
    <Suspense fallback={trigger}>
      <Popconfirm
        title={title}
        okText={t('ui.confirm')}
        cancelText={t('ui.cancel')}
        onConfirm={onConfirm}
        okButtonProps={danger ? { danger: true } : undefined}
      >
        {trigger}
      </Popconfirm>
    </Suspense>
  );
}
