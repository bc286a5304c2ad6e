import { useCallback, useEffect, useId, useRef, useState, type ReactElement, type RefObject } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { MESSAGE_POPOVER_WIDTH, MESSAGE_READ } from '@portal/contracts/constants';
import { readMessage, type Message } from '@portal/contracts/messages';
import { DateTime } from '~/components/DateTime';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import {
  loadedMessages,
  markedAllRead,
  markedRead,
  messagesQuery,
  messageTarget,
  type MessagePages,
} from '../api/messages-query';
import './messages.css';
import { withPortalAntd } from '~/lib/PortalAntd';

export interface MessagePopoverProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The bell: focus goes back to it when the popover is closed from the keyboard. */
  bell: RefObject<HTMLButtonElement | null>;
  children: ReactElement;
}

/** Moves the keyboard focus to the panel unless it is already inside it. */
function keepFocusIn(panel: RefObject<HTMLDivElement | null>): void {
  if (!panel.current?.contains(document.activeElement)) panel.current?.focus();
}

/** The message popover of spec 2 (width 400): loaded on demand by the navbar's bell. */
function MessagePopover({ open, onOpenChange, bell, children }: MessagePopoverProps) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => {
    onOpenChange(false);
    bell.current?.focus();
  }, [onOpenChange, bell]);
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      // Keyboard users land in the popover, which lives at the end of the page, not after the bell:
      // once it is shown, since a popup still being placed (without motion, at once) takes no focus.
      afterOpenChange={(shown) => {
        if (shown) keepFocusIn(panel);
      }}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      styles={{ container: { width: MESSAGE_POPOVER_WIDTH, maxWidth: 'calc(100vw - 16px)', padding: 0 } }}
      content={<MessagePanel onClose={close} bell={bell} panel={panel} />}
    >
      {children}
    </Popover>
  );
}

/**
 * The member's messages, newest first, with "load more" and "read all". Pressing a message opens its
 * link (a site path or http(s) URL only) in a new window without access to this one, and marks it
 * read; the server's msg is the success toast (spec 4 and 7). Read messages look read (tfm_status 2).
 */
function MessagePanel({
  onClose,
  bell,
  panel,
}: {
  onClose(): void;
  bell: RefObject<HTMLButtonElement | null>;
  panel: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation('messages');
  const { site, user } = useShell();
  const queryClient = useQueryClient();
  const query = messagesQuery(site, user?.user_id ?? 0);
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(query);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const messages = loadedMessages(data);
  const count = data?.pages[0]?.no_read_count ?? 0;

  // Escape closes it wherever the focus is (a button that became disabled leaves it on the body).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  const update = (change: (pages: MessagePages | undefined) => MessagePages | undefined) =>
    queryClient.setQueryData<MessagePages>(query.queryKey, change);

  const openMessage = async (message: Message) => {
    // Opened at once, inside the press, so that the browser does not take it for a pop-up.
    const target = messageTarget(message.tfm_url, window.location.origin);
    if (target) window.open(target, '_blank', 'noopener,noreferrer');
    if (message.tfm_status === MESSAGE_READ) return;
    const result = await requestClient.call(readMessage, { tfm_id: message.tfm_id }, { siteCode: site.apply_site });
    if (!result.ok) return;
    update((pages) => markedRead(pages, message.tfm_id, result.data.no_read_count));
    toast.success(result.envelope.msg);
  };

  const readAll = async () => {
    setBusy(true);
    const result = await requestClient.call(readMessage, { read_all: 1 }, { siteCode: site.apply_site });
    setBusy(false);
    if (!result.ok) return;
    update((pages) => markedAllRead(pages, result.data.no_read_count));
    toast.success(result.envelope.msg);
    // The button is now disabled and has dropped the focus: keep it in the popover.
    keepFocusIn(panel);
  };

  return (
    <div
      ref={panel}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      className="portal-messages"
      data-testid="messages-panel"
      onBlur={(event) => {
        // Tabbing out of the popover closes it; a click elsewhere is antd's to handle.
        const next = event.relatedTarget as Node | null;
        if (next && !panel.current?.contains(next) && next !== bell.current) onClose();
      }}
    >
      <div className="portal-messages__head">
        <h2 id={headingId} className="portal-messages__title">
          {t('title')}
        </h2>
        <Button
          type="link"
          size="small"
          disabled={count === 0}
          loading={busy}
          onClick={() => void readAll()}
          data-testid="messages-read-all"
        >
          {t('readAll')}
        </Button>
      </div>
      {isPending ? (
        <p className="portal-messages__state" role="status">
          {t('common:loading')}
        </p>
      ) : isError && messages.length === 0 ? (
        <div className="portal-messages__state" role="alert">
          <p>{t('loadFailed')}</p>
          <Button size="small" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : messages.length === 0 ? (
        <p className="portal-messages__state" data-testid="messages-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="portal-messages__list" data-testid="messages-list">
          {messages.map((message) => {
            const unread = message.tfm_status !== MESSAGE_READ;
            const hasLink = messageTarget(message.tfm_url, window.location.origin) !== null;
            return (
              <li key={message.tfm_id}>
                <button
                  type="button"
                  className={`portal-messages__item${unread ? ' is-unread' : ' is-read'}`}
                  data-testid="messages-item"
                  data-read={unread ? 'false' : 'true'}
                  onClick={() => void openMessage(message)}
                >
                  <span className="portal-messages__dot" aria-hidden="true" />
                  <span className="portal-messages__text">
                    <span className="portal-messages__item-title">
                      {unread ? <span className="portal-visually-hidden">{t('unread')}: </span> : null}
                      {message.tfm_title}
                    </span>
                    <span className="portal-messages__content">{message.tfm_content}</span>
                    <span className="portal-messages__time">
                      <DateTime iso={message.create_time} />
                      {hasLink ? <span className="portal-visually-hidden"> ({t('opensInNewWindow')})</span> : null}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {hasNextPage ? (
        <div className="portal-messages__more">
          <Button
            size="small"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
            data-testid="messages-load-more"
          >
            {t('loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export default withPortalAntd(MessagePopover);
