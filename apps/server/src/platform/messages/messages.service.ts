import type { Kysely } from 'kysely';
import {
  BROADCAST_KIND,
  BROADCAST_RULE,
  isSafeMessageUrl,
  isSystemMessageKind,
  NO_READ_PREVIEW,
  type BroadcastAudience,
  type Message,
  type SystemMessageKind,
} from '@portal/contracts/messages';
import { MEMBER_ROLE } from '@portal/contracts/permissions';
import type { Site } from '@portal/contracts/sites';
import { formatTime } from '@portal/contracts/time';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { translate } from '../../lib/i18n';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { messagesRepository, type MessageRow, type Recipients } from './messages.repository';
import type { Executor } from '../../db/executor';

/** A database handle or a transaction: writers take the caller's, so a change and its message commit together. */

export type MessageParams = Record<string, string | number>;

export interface SystemMessage {
  kind: SystemMessageKind;
  /** Filled into `messages.kinds.<kind>.title/content` when the message is read. */
  params?: MessageParams;
  /** '' (none), a site path starting with one '/', or an http(s) URL. */
  url?: string;
  /** The site it is shown on; null or absent: both sites. */
  siteId?: number | null;
}

export interface BroadcastRequest {
  siteId: number | null;
  audience: BroadcastAudience;
  /** For audience 'role': a role code. */
  role?: string;
  /** For audience 'member'. */
  userId?: number;
  title: string;
  content: string;
  url: string;
  createdBy: number;
  now: number;
}

/**
 * Writes one system message to a member inside the caller's transaction (follows, role changes,
 * bans, and later review decisions, moderator actions, comments and replies). Its words come from
 * the catalogue when it is read, in the reader's language; only the parameters are stored.
 * A kind or URL the portal does not allow is a programming error and throws.
 */
export async function notify(executor: Executor, to: number, msg: SystemMessage): Promise<void> {
  if (!isSystemMessageKind(msg.kind)) throw new Error(`unknown system message kind: ${String(msg.kind)}`);
  const url = msg.url ?? '';
  if (!isSafeMessageUrl(url)) throw new Error(`refused message URL: ${url.slice(0, 80)}`);
  const params = msg.params ?? {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) {
      throw new Error(`message parameter ${key} must be a string or a finite number`);
    }
  }
  await messagesRepository(executor).insertOne({
    userId: to,
    siteId: msg.siteId ?? null,
    kind: msg.kind,
    params: JSON.stringify(params),
    title: '',
    content: '',
    url,
    now: Date.now(),
  });
}

/**
 * Sends a staff broadcast: one `broadcasts` row and one message per recipient, copied by the
 * database in a single INSERT ... SELECT (no loop over members, so tens of thousands are fine).
 * Recipients: every active, unbanned member; the holders of a role (the member role means
 * everyone); or one member. Runs in the caller's transaction, or in one of its own.
 * The input is expected to have passed `broadcastInputSchema`; what would corrupt data throws. An
 * unknown member is a 404 refusal (`accounts.userNotFound`).
 */
export async function broadcast(
  executor: Executor,
  input: BroadcastRequest,
): Promise<{ broadcastId: number; recipients: number }> {
  const title = input.title.trim();
  const content = input.content.trim();
  if (title.length < 1 || title.length > BROADCAST_RULE.titleMax)
    throw new Error('broadcast title must be 1 to 100 characters');
  if (content.length < 1 || content.length > BROADCAST_RULE.contentMax) {
    throw new Error('broadcast content must be 1 to 2000 characters');
  }
  if (!isSafeMessageUrl(input.url)) throw new Error(`refused broadcast URL: ${input.url.slice(0, 80)}`);
  let recipients: Recipients;
  if (input.audience === 'all' || (input.audience === 'role' && input.role === MEMBER_ROLE)) {
    recipients = { audience: 'all' };
  } else if (input.audience === 'role') {
    if (!input.role) throw new Error('a broadcast to a role needs the role');
    recipients = { audience: 'role', role: input.role };
  } else if (input.audience === 'member') {
    if (!input.userId) throw new Error('a broadcast to a member needs the member');
    recipients = { audience: 'member', userId: input.userId };
  } else {
    throw new Error(`unknown broadcast audience: ${String(input.audience)}`);
  }
  // The recorded audience stays as the staff chose it ('role' member), the fan-out reads `recipients`.
  const send = async (trx: Executor) => {
    const repo = messagesRepository(trx);
    // A member who does not exist is a refusal; one who is banned or disabled just receives nothing.
    if (recipients.audience === 'member' && !(await repo.userExists(recipients.userId))) {
      throw ApiError.notFound('accounts.userNotFound');
    }
    return repo.insertBroadcast({
      siteId: input.siteId,
      recipients,
      audience: input.audience,
      role: input.audience === 'role' ? (input.role ?? null) : null,
      title,
      content,
      url: input.url,
      createdBy: input.createdBy,
      now: input.now,
    });
  };
  return executor.isTransaction ? send(executor) : executor.transaction().execute(send);
}

export interface BroadcastSummary {
  id: number;
  siteId: number | null;
  audience: BroadcastAudience;
  role: string | null;
  targetUserId: number | null;
  title: string;
  content: string;
  url: string;
  recipientCount: number;
  createdBy: number | null;
  createdByNick: string | null;
  createdAt: number;
}

/**
 * The back office's list of broadcasts, newest first, keyset paged. `siteId` a number: that site's
 * and those for both sites; undefined: all. A damaged cursor is a 40001 on `cursor`.
 */
export async function listBroadcasts(
  executor: Executor,
  query: { siteId?: number; cursor?: string; limit: number },
): Promise<{ list: BroadcastSummary[]; next_cursor: string | null }> {
  const after = decodeCursor(query.cursor);
  const rows = await messagesRepository(executor).broadcastsPage(query.siteId, after?.id ?? null, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    list: page.map((r) => ({
      id: r.id,
      siteId: r.site_id,
      audience: r.audience as BroadcastAudience,
      role: r.role,
      targetUserId: r.target_user_id,
      title: r.title,
      content: r.content,
      url: r.url,
      recipientCount: r.recipient_count,
      createdBy: r.created_by,
      createdByNick: r.created_by_nick,
      createdAt: Number(r.created_at),
    })),
    next_cursor: rows.length > query.limit && last ? encodeCursor({ at: last.id, id: last.id }) : null,
  };
}

type RoleNames = Map<string, { zh: string; en: string }>;

function parseParams(raw: string): MessageParams {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as MessageParams) : {};
  } catch {
    return {};
  }
}

/**
 * A stored row as the reader sees it. System messages are worded now, in the reader's language:
 * times (`until`) in the reader's zone (decision 021), role codes by the role's name in that language.
 */
function present(row: MessageRow, site: Site, roles: RoleNames, timeZone: string | null): Message {
  let title = row.title;
  let content = row.content;
  if (row.kind !== BROADCAST_KIND) {
    const params: Record<string, string | number> = { ...parseParams(row.params) };
    if (typeof params.until === 'number') params.until = formatTime(params.until, site.lang, { timeZone });
    if (typeof params.role === 'string') params.role = roles.get(params.role)?.[site.lang] ?? params.role;
    title = translate(site.lang, `messages.kinds.${row.kind}.title`, params);
    content = translate(site.lang, `messages.kinds.${row.kind}.content`, params);
  }
  return {
    tfm_id: row.id,
    tfm_kind: row.kind,
    tfm_title: title,
    tfm_content: content,
    // Checked on the way in; checked again on the way out, so an old or hand-made row cannot link elsewhere.
    tfm_url: isSafeMessageUrl(row.url) ? row.url : '',
    tfm_status: row.status,
    create_time: new Date(Number(row.created_at)).toISOString(),
  };
}

/** The member's side: the inbox of spec 7's `frontMsgList` and marking messages read. */
export function messagesService(db: Kysely<DB>, clock: { now(): number } = { now: Date.now }) {
  const repo = messagesRepository(db);

  async function roleNamesOf(rows: readonly MessageRow[]): Promise<RoleNames> {
    const codes = new Set<string>();
    for (const row of rows) {
      if (row.kind !== 'role_granted' && row.kind !== 'role_revoked') continue;
      const role = parseParams(row.params).role;
      if (typeof role === 'string') codes.add(role);
    }
    const names = await repo.roleNames([...codes]);
    return new Map(names.map((r) => [r.code, { zh: r.name_zh, en: r.name_en }]));
  }

  return {
    /**
     * One page of the member's messages on this site, the newest unread (for the popover) and
     * the exact unread count. A damaged cursor is a 40001 on `cursor`.
     */
    async list(userId: number, site: Site, cursor: string | undefined, pageSize: number, timeZone: string | null) {
      const after = decodeCursor(cursor);
      const [rows, unread, count] = await Promise.all([
        repo.inboxPage(userId, site.tws_id, after?.id ?? null, pageSize + 1),
        repo.newestUnread(userId, site.tws_id, NO_READ_PREVIEW),
        repo.unreadCount(userId, site.tws_id),
      ]);
      const page = rows.slice(0, pageSize);
      const roles = await roleNamesOf([...page, ...unread]);
      const last = page[page.length - 1];
      return {
        userFrontMsgList: page.map((r) => present(r, site, roles, timeZone)),
        noReadArr: unread.map((r) => present(r, site, roles, timeZone)),
        no_read_count: count,
        next_cursor: rows.length > pageSize && last ? encodeCursor({ at: last.id, id: last.id }) : null,
      };
    },

    /**
     * Marks one of the member's messages read. Reading a read message again changes nothing; a
     * message that is not theirs (or not shown on this site) is a 404, the same as one that does
     * not exist, so ids of other members' messages cannot be probed.
     */
    async readOne(userId: number, site: Site, id: number) {
      const changed = await repo.markRead(userId, site.tws_id, id, clock.now());
      if (changed === 0 && !(await repo.isShown(userId, site.tws_id, id))) throw ApiError.notFound('messages.notFound');
      return { no_read_count: await repo.unreadCount(userId, site.tws_id) };
    },

    async readAll(userId: number, site: Site) {
      await repo.markAllRead(userId, site.tws_id, clock.now());
      return { no_read_count: await repo.unreadCount(userId, site.tws_id) };
    },
  };
}

export type MessagesService = ReturnType<typeof messagesService>;
