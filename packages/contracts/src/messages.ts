import { lazySchema, z } from './zod';
import { defineCall, MEMBER } from './call';
import { ID_MAX, PAGE_SIZE } from './constants';
import { ROLE_CODE_PATTERN } from './permissions';
import { SITES } from './sites';
import { isSafeLinkUrl, LINK_URL_MAX } from './text-rules';

/**
 * In-site messages (spec 2 "message popover", 3 "Message", 4 "Message read", 7 `frontMsgList` and
 * `/frontmessage/edit`; decisions.md: every review decision writes one). One server service writes
 * them for every feature: system messages (worded at read time in the reader's language from
 * `messages.kinds.<kind>`) and staff broadcasts (stored as typed, plain text).
 */

/** System message kinds; each has `messages.kinds.<kind>.title` and `.content` in both catalogues. */
export const SYSTEM_MESSAGE_KINDS = [
  'follow',
  'role_granted',
  'role_revoked',
  'banned',
  'unbanned',
  // Review decisions (decisions.md: every decision writes one). Params: title, reason.
  'review_approved',
  'review_rejected',
  // Moderator actions on a member's post. Params: title, reason (hide), board (move).
  'post_hidden',
  'post_unhidden',
  'post_pinned',
  'post_featured',
  'post_locked',
  'post_unlocked',
  'post_moved',
  // Replies to a member's writing. Params: nick, title.
  'post_commented',
  'article_commented',
  'comment_replied',
  'answer_accepted',
  // A seat freed by a cancellation went to the member first on the waitlist. Params: title.
  'event_waitlist_promoted',
  // The member reached a level for the first time (issue 22, decision 032). Params: level.
  'level_reached',
  // Staff made the member a resident expert, or took it away (issue 21). Params: reason.
  'expert_granted',
  'expert_revoked',
  // The member won a prize in a raffle draw (issue 22 item 5); no message for "no prize". Params: prize, campaign.
  'raffle_won',
  // The MVP programme (decision 044). Params: reason, end (granted, term moved), reason (ended by staff), end (term over).
  'mvp_granted',
  'mvp_term_changed',
  'mvp_ended',
  'mvp_term_ended',
  // Staff added the member to a partner company, or removed them (decision 045). Params: company, reason.
  'partner_added',
  'partner_removed',
] as const;
export type SystemMessageKind = (typeof SYSTEM_MESSAGE_KINDS)[number];
export const BROADCAST_KIND = 'broadcast';
export type MessageKind = SystemMessageKind | typeof BROADCAST_KIND;

export function isSystemMessageKind(kind: string): kind is SystemMessageKind {
  return (SYSTEM_MESSAGE_KINDS as readonly string[]).includes(kind);
}

/** tfm_status: 1 unread, 2 read (spec 9 "message read status 2"). */
export const MESSAGE_STATUS = { unread: 1, read: 2 } as const;

/** The popover's newest unread messages (`noReadArr`) are at most this many; the count is exact. */
export const NO_READ_PREVIEW = 20;

export const MESSAGE_URL_MAX = LINK_URL_MAX;
export const BROADCAST_RULE = { titleMax: 100, contentMax: 2000 } as const;
export const BROADCAST_AUDIENCES = ['all', 'role', 'member'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

/**
 * Where a message may send its reader: the same rule as a banner's link (text-rules.ts): nowhere
 * (''), a path of this site (`/cn/...`, one leading slash, so never `//host`), or an http(s) URL
 * without credentials. Anything else is refused on the way in, and the browser checks again before
 * it opens one.
 */
export const isSafeMessageUrl: (url: string) => boolean = isSafeLinkUrl;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** Plain text as staff typed it: `\n` line breaks, no control or bidirectional-override characters. */
function plainText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '');
}

const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

export const messageSchema = lazySchema(() =>
  z.object({
    tfm_id: z.number(),
    tfm_kind: z.string().describe("'broadcast' (from the staff) or a system kind such as 'follow'"),
    tfm_title: z.string().describe('plain text; show it as text, never as HTML'),
    tfm_content: z.string().describe('plain text with \\n line breaks; show it as text, never as HTML'),
    tfm_url: z.string().describe("'' (none), a site path starting with one '/', or an http(s) URL"),
    tfm_status: z.number().describe('1 unread, 2 read'),
    create_time: isoTime,
  }),
);
export type Message = z.infer<typeof messageSchema>;

export const frontMsgList = defineCall({
  id: 'index.frontMsgList',
  scope: 'site',
  path: '/api/index/frontMsgList',
  write: false,
  access: MEMBER,
  tag: 'messages',
  summary:
    "The member's messages on this site (and those for both sites), newest first, keyset paged; with the newest unread (at most 20) and the exact unread count",
  body: lazySchema(() =>
    z.strictObject({
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
      page_size: z.number().int().min(1).max(50).default(PAGE_SIZE),
    }),
  ),
  data: lazySchema(() =>
    z.object({
      userFrontMsgList: z.array(messageSchema),
      noReadArr: z.array(messageSchema).describe('the newest unread messages, at most 20'),
      no_read_count: z.number().describe('every unread message on this site, exact'),
      next_cursor: z.string().nullable(),
    }),
  ),
});

export const readMessage = defineCall({
  id: 'frontmessage.edit',
  scope: 'site',
  path: '/frontmessage/edit',
  write: true,
  access: MEMBER,
  tag: 'messages',
  summary:
    "Marks one of the member's messages read (tfm_id) or all of them on this site (read_all: 1); answers the unread count left, and a msg to show as a success toast",
  body: lazySchema(() =>
    z.union(
      [
        z.strictObject({ tfm_id: z.number({ message: 'messages.readBodyRule' }).int().positive().max(ID_MAX) }),
        z.strictObject({ read_all: z.literal(1, { message: 'messages.readBodyRule' }) }),
      ],
      { message: 'messages.readBodyRule' },
    ),
  ),
  data: lazySchema(() => z.object({ no_read_count: z.number() })),
});

/** Catalogue keys of `/frontmessage/edit`'s success msg (the page shows it as a success toast). */
export const READ_MESSAGE_KEYS = { one: 'messages.markedRead', all: 'messages.allMarkedRead' } as const;

const siteId = lazySchema(() =>
  z
    .number({ message: 'messages.siteRule' })
    .int()
    .refine((id) => SITES.some((s) => s.tws_id === id), { message: 'messages.siteRule' }),
);

const broadcastBase = lazySchema(() => ({
  tws_id: siteId.nullable().default(null).describe('the site it is shown on; null for both'),
  title: z
    .string({ message: 'messages.titleRule' })
    .transform((v) => plainText(v).replace(/\n/g, ' '))
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'messages.titleRule' })
        .max(BROADCAST_RULE.titleMax, { message: 'messages.titleRule' }),
    ),
  content: z
    .string({ message: 'messages.contentRule' })
    .transform(plainText)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'messages.contentRule' })
        .max(BROADCAST_RULE.contentMax, { message: 'messages.contentRule' }),
    ),
  url: z
    .string({ message: 'messages.urlRule' })
    .trim()
    .refine(isSafeMessageUrl, { message: 'messages.urlRule' })
    .default(''),
}));

/**
 * A staff broadcast as the back office sends it: to every active member, to the holders of a role,
 * or to one member; plain text (never HTML) and an optional safe URL. The admin call reuses it.
 */
export const broadcastInputSchema = lazySchema(() =>
  z.discriminatedUnion(
    'audience',
    [
      z.strictObject({ audience: z.literal('all'), ...broadcastBase }),
      z.strictObject({
        audience: z.literal('role'),
        role: z.string({ message: 'messages.roleRule' }).regex(ROLE_CODE_PATTERN, { message: 'messages.roleRule' }),
        ...broadcastBase,
      }),
      z.strictObject({
        audience: z.literal('member'),
        user_id: z
          .number({ message: 'messages.userRule' })
          .int()
          .positive({ message: 'messages.userRule' })
          .max(ID_MAX, { message: 'messages.userRule' }),
        ...broadcastBase,
      }),
    ],
    { message: 'messages.audienceRule' },
  ),
);
export type BroadcastInput = z.output<typeof broadcastInputSchema>;

export const messagesCalls = [frontMsgList, readMessage] as const;
