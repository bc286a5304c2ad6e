import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { badgeText, messagesQuery } from '../api/messages-query';
import type { MessagePopoverProps } from './MessagePopover';

const loadPopover = () => import('./MessagePopover');

function BellIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 002.45-2h-4.9A2.5 2.5 0 0012 22zm7-6V11a7 7 0 00-5.5-6.84V3.5a1.5 1.5 0 00-3 0v.66A7 7 0 005 11v5l-2 2v1h18v-1l-2-2zm-2 1H7v-6a5 5 0 0110 0v6z"
      />
    </svg>
  );
}

/**
 * The navbar's message bell (spec 2): the exact unread count on a badge (99+ above 99), asked again
 * every minute and when the window regains focus. The popover (antd Popover and the list) is a chunk
 * of its own, fetched when the page is idle or on the first press, so the home page stays light.
 */
export function MessageBell() {
  const { t } = useTranslation('messages');
  const { site, user } = useShell();
  const { data } = useInfiniteQuery(messagesQuery(site, user?.user_id ?? 0));
  const count = data?.pages[0]?.no_read_count ?? 0;
  const [open, setOpen] = useState(false);
  const [Popover, setPopover] = useState<ComponentType<MessagePopoverProps> | null>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const focusWhenLoaded = useRef(false);

  const load = useCallback(
    (pressed: boolean) =>
      loadPopover().then(
        (module) => setPopover(() => module.default),
        () => {
          if (!pressed) return;
          setOpen(false);
          toast.error(t('loadFailed'));
        },
      ),
    [t],
  );

  // Fetched while the page is idle, so that a press usually finds it there.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void load(false));
    return () => cancel(handle);
  }, [load]);

  // The popover wraps the same button, which React mounts anew: keep the keyboard focus on it.
  useEffect(() => {
    if (Popover && focusWhenLoaded.current) {
      focusWhenLoaded.current = false;
      bell.current?.focus();
    }
  }, [Popover]);

  const badge = badgeText(count);
  const button = (
    <button
      ref={bell}
      type="button"
      className="portal-messages__bell"
      aria-label={count > 0 ? t('bellUnread', { count }) : t('bell')}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-testid="messages-bell"
      onClick={
        Popover
          ? undefined
          : () => {
              focusWhenLoaded.current = document.activeElement === bell.current;
              setOpen(true);
              void load(true);
            }
      }
    >
      <BellIcon />
      {badge ? (
        <span className="portal-messages__badge" aria-hidden="true" data-testid="messages-badge">
          {badge}
        </span>
      ) : null}
    </button>
  );

  return (
    <div className="portal-header__messages" data-testid="nav-messages">
      {Popover ? (
        <Popover open={open} onOpenChange={setOpen} bell={bell}>
          {button}
        </Popover>
      ) : (
        button
      )}
    </div>
  );
}
