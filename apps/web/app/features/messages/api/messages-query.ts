import type { InfiniteData } from '@tanstack/react-query';
import { MESSAGE_READ, PAGE_SIZE } from '@portal/contracts/constants';
import { frontMsgList, isSafeMessageUrl, type Message } from '@portal/contracts/messages';
import type { CallData } from '@portal/contracts/call';
import type { Site } from '@portal/contracts/sites';
import { callPagesQuery } from '~/lib/query/use-call';

export type MessagePage = CallData<typeof frontMsgList>;
export type MessagePages = InfiniteData<MessagePage, string | null>;

/** The bell asks again this often while the page is visible, and whenever the window regains focus. */
export const MESSAGE_POLL_MS = 60_000;

/**
 * The member's inbox on a site, in keyset pages ("load more"); the first page also carries the exact
 * unread count the bell shows. Asked silently: a background poll that fails must not raise a toast
 * every minute, so the popover shows the failure in place instead. The key holds the member, so one
 * member's messages are never shown to the next who signs in without a page load.
 */
export const messagesQuery = (site: Site, userId: number) =>
  callPagesQuery(
    frontMsgList,
    site.apply_site,
    { page_size: PAGE_SIZE },
    {
      list: 'inbox',
      owner: userId,
      silent: true,
      staleTime: 0,
      refetchInterval: MESSAGE_POLL_MS,
      refetchOnWindowFocus: true,
    },
  );

/** What the badge says: the exact count up to 99, then "99+"; nothing when all is read. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** Every loaded message once, newest first (a message moved by a refetch is not shown twice). */
export function loadedMessages(data: MessagePages | undefined): Message[] {
  const seen = new Set<number>();
  const list: Message[] = [];
  for (const page of data?.pages ?? []) {
    for (const message of page.userFrontMsgList) {
      if (seen.has(message.tfm_id)) continue;
      seen.add(message.tfm_id);
      list.push(message);
    }
  }
  return list;
}

/** The cache after the server marked one message read and answered the unread count left. */
export function markedRead(data: MessagePages | undefined, id: number, count: number): MessagePages | undefined {
  if (!data) return data;
  const read = (m: Message) => (m.tfm_id === id ? { ...m, tfm_status: MESSAGE_READ } : m);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      userFrontMsgList: page.userFrontMsgList.map(read),
      noReadArr: page.noReadArr.filter((m) => m.tfm_id !== id),
      no_read_count: count,
    })),
  };
}

/** The cache after "read all": every loaded message read, and the count the server answered. */
export function markedAllRead(data: MessagePages | undefined, count: number): MessagePages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      userFrontMsgList: page.userFrontMsgList.map((m) => ({ ...m, tfm_status: MESSAGE_READ })),
      noReadArr: [],
      no_read_count: count,
    })),
  };
}

/**
 * Where clicking a message goes, as an absolute URL, or null: a path of this site or an http(s) URL
 * that passes the same check as the server's; anything else (`javascript:`...) is never opened.
 */
export function messageTarget(url: string, origin: string): string | null {
  if (url === '' || !isSafeMessageUrl(url)) return null;
  try {
    return new URL(url, origin).href;
  } catch {
    return null;
  }
}
