import { describe, expect, it } from 'vitest';
import type { Message } from '@portal/contracts/messages';
import { SITES } from '@portal/contracts/sites';
import {
  badgeText,
  loadedMessages,
  markedAllRead,
  markedRead,
  messagesQuery,
  messageTarget,
  type MessagePage,
  type MessagePages,
} from './messages-query';

const message = (id: number, status = 1): Message => ({
  tfm_id: id,
  tfm_kind: 'follow',
  tfm_title: `Title ${id}`,
  tfm_content: `Content ${id}`,
  tfm_url: '',
  tfm_status: status,
  create_time: new Date(1_700_000_000_000 + id).toISOString(),
});

const page = (list: Message[], count: number, next: string | null): MessagePage => ({
  userFrontMsgList: list,
  noReadArr: list.filter((m) => m.tfm_status === 1),
  no_read_count: count,
  next_cursor: next,
});

const pages: MessagePages = {
  pages: [
    page([message(9), message(8, 2), message(7)], 5, 'c1'),
    page([message(7), message(6), message(5, 2)], 5, null),
  ],
  pageParams: [null, 'c1'],
};

describe('the message bell and popover', () => {
  it('shows the exact unread count up to 99, then 99+, and nothing at 0', () => {
    expect([0, -1, 1, 42, 99, 100, 12_345].map(badgeText)).toEqual(['', '', '1', '42', '99', '99+', '99+']);
  });

  it('keeps the two sites and two members apart in the cache', () => {
    const keys = SITES.flatMap((site) => [7, 8].map((id) => JSON.stringify(messagesQuery(site, id).queryKey)));
    expect(new Set(keys).size).toBe(4);
    expect(messagesQuery(SITES[1], 7).queryKey).toEqual(['call', 'index.frontMsgList', 'protal_en', 'inbox', 7]);
    expect(messagesQuery(SITES[0], 7)).toMatchObject({ refetchInterval: 60_000, refetchOnWindowFocus: true });
  });

  it('lists every loaded message once, newest first', () => {
    expect(loadedMessages(pages).map((m) => m.tfm_id)).toEqual([9, 8, 7, 6, 5]);
    expect(loadedMessages(undefined)).toEqual([]);
  });

  it('marks one message read in every page and takes the count the server answered', () => {
    const after = markedRead(pages, 7, 3)!;
    expect(loadedMessages(after).map((m) => [m.tfm_id, m.tfm_status])).toEqual([
      [9, 1],
      [8, 2],
      [7, 2],
      [6, 1],
      [5, 2],
    ]);
    expect(after.pages.map((p) => p.no_read_count)).toEqual([3, 3]);
    expect(after.pages[0]!.noReadArr.map((m) => m.tfm_id)).toEqual([9]);
    expect(pages.pages[0]!.userFrontMsgList[2]!.tfm_status).toBe(1);
  });

  it('marks everything read after read-all', () => {
    const after = markedAllRead(pages, 0)!;
    expect(loadedMessages(after).every((m) => m.tfm_status === 2)).toBe(true);
    expect(after.pages.every((p) => p.noReadArr.length === 0 && p.no_read_count === 0)).toBe(true);
  });

  it('opens only site paths and http(s) URLs', () => {
    const origin = 'https://portal.example.com';
    expect(messageTarget('', origin)).toBeNull();
    expect(messageTarget('/cn/about', origin)).toBe('https://portal.example.com/cn/about');
    expect(messageTarget('https://status.example.com/x?y=1', origin)).toBe('https://status.example.com/x?y=1');
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,hi',
      '//evil.example.com',
      '/\\evil.example.com',
      'https://a:b@evil.example.com',
      ' https://example.com',
      'cn/about',
    ]) {
      expect(messageTarget(url, origin), url).toBeNull();
    }
  });
});
