import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { MESSAGE_STATUS } from '@portal/contracts/messages';
import type { BroadcastsTable, DB, MessagesTable } from '../../db/schema';
import { grantInForce } from '../roles/active-grant';

export type MessageRow = Pick<
  Selectable<MessagesTable>,
  'id' | 'kind' | 'params' | 'title' | 'content' | 'url' | 'status' | 'created_at'
>;

export interface NewMessage {
  userId: number;
  siteId: number | null;
  kind: string;
  params: string;
  title: string;
  content: string;
  url: string;
  now: number;
}

/** Who a broadcast goes to, already checked by the service. */
export type Recipients =
  | { audience: 'all' }
  | { audience: 'role'; role: string }
  | { audience: 'member'; userId: number };

export interface NewBroadcast {
  siteId: number | null;
  /** As the staff chose it, for the record. */
  audience: string;
  role: string | null;
  /** Who the messages go to. */
  recipients: Recipients;
  title: string;
  content: string;
  url: string;
  createdBy: number;
  now: number;
}

const ACTIVE = 1;
const MESSAGE_COLUMNS = ['id', 'kind', 'params', 'title', 'content', 'url', 'status', 'created_at'] as const;

/** A member's messages shown on a site: that site's and those for both sites (site_id null). */
function shownOn(eb: ExpressionBuilder<DB, 'messages'>, userId: number, siteId: number) {
  return eb.and([
    eb('messages.user_id', '=', userId),
    eb.or([eb('messages.site_id', 'is', null), eb('messages.site_id', '=', siteId)]),
  ]);
}

/**
 * Messages and broadcasts. Every function runs on the executor it was made with, so a caller's
 * transaction covers the messages it writes.
 */
export function messagesRepository(db: Kysely<DB>) {
  return {
    /** One inbox page, newest first: ids below `beforeId` (the keyset), on the (user_id, id) index. */
    inboxPage(userId: number, siteId: number, beforeId: number | null, limit: number): Promise<MessageRow[]> {
      let query = db
        .selectFrom('messages')
        .select(MESSAGE_COLUMNS)
        .where((eb) => shownOn(eb, userId, siteId));
      if (beforeId !== null) query = query.where('id', '<', beforeId);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    newestUnread(userId: number, siteId: number, limit: number): Promise<MessageRow[]> {
      return db
        .selectFrom('messages')
        .select(MESSAGE_COLUMNS)
        .where((eb) => shownOn(eb, userId, siteId))
        .where('status', '=', MESSAGE_STATUS.unread)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Counted by the database at the moment of asking, never kept in a counter that could drift. */
    async unreadCount(userId: number, siteId: number): Promise<number> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where((eb) => shownOn(eb, userId, siteId))
        .where('status', '=', MESSAGE_STATUS.unread)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async isShown(userId: number, siteId: number, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('messages')
        .select('id')
        .where('id', '=', id)
        .where((eb) => shownOn(eb, userId, siteId))
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Marks one message read if it is still unread. The condition on status makes the update its
     * own check: of two presses at once, one changes the row and the other changes nothing.
     */
    async markRead(userId: number, siteId: number, id: number, now: number): Promise<number> {
      const result = await db
        .updateTable('messages')
        .set({ status: MESSAGE_STATUS.read, read_at: now })
        .where('id', '=', id)
        .where((eb) => shownOn(eb, userId, siteId))
        .where('status', '=', MESSAGE_STATUS.unread)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async markAllRead(userId: number, siteId: number, now: number): Promise<number> {
      const result = await db
        .updateTable('messages')
        .set({ status: MESSAGE_STATUS.read, read_at: now })
        .where((eb) => shownOn(eb, userId, siteId))
        .where('status', '=', MESSAGE_STATUS.unread)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async insertOne(message: NewMessage): Promise<void> {
      await db
        .insertInto('messages')
        .values({
          user_id: message.userId,
          site_id: message.siteId,
          kind: message.kind,
          params: message.params,
          title: message.title,
          content: message.content,
          url: message.url,
          status: MESSAGE_STATUS.unread,
          broadcast_id: null,
          created_at: message.now,
          read_at: null,
        })
        .execute();
    },

    /**
     * Records a broadcast and copies it to every recipient in one INSERT ... SELECT, so the database
     * does the fan-out however many members there are. Recipients are active members (status 1)
     * who are not banned at `now`; for a role, holders of a grant on every site or on the
     * broadcast's site (on any site when the broadcast is for both). Call inside a transaction.
     */
    async insertBroadcast(broadcast: NewBroadcast): Promise<{ broadcastId: number; recipients: number }> {
      const { recipients, siteId, now } = broadcast;
      const created = await db
        .insertInto('broadcasts')
        .values({
          site_id: siteId,
          audience: broadcast.audience,
          role: broadcast.role,
          target_user_id: recipients.audience === 'member' ? recipients.userId : null,
          title: broadcast.title,
          content: broadcast.content,
          url: broadcast.url,
          recipient_count: 0,
          created_by: broadcast.createdBy,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const broadcastId = Number(created.id);

      // Constants in a SELECT list have no type in PostgreSQL until cast, so each one is cast.
      let audience = db
        .selectFrom('users')
        .select([
          'users.id',
          sql<number | null>`cast(${siteId} as integer)`.as('site_id'),
          sql<string>`cast(${'broadcast'} as varchar(32))`.as('kind'),
          sql<string>`cast(${'{}'} as text)`.as('params'),
          sql<string>`cast(${broadcast.title} as varchar(200))`.as('title'),
          sql<string>`cast(${broadcast.content} as text)`.as('content'),
          sql<string>`cast(${broadcast.url} as varchar(500))`.as('url'),
          sql<number>`cast(${MESSAGE_STATUS.unread} as integer)`.as('status'),
          sql<number>`cast(${broadcastId} as integer)`.as('broadcast_id'),
          sql<number>`cast(${now} as bigint)`.as('created_at'),
        ])
        .where('users.status', '=', ACTIVE)
        .where((eb) => eb.or([eb('users.banned_until', 'is', null), eb('users.banned_until', '<=', now)]));
      if (recipients.audience === 'member') audience = audience.where('users.id', '=', recipients.userId);
      if (recipients.audience === 'role') {
        audience = audience.where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_roles')
              .select(sql`1`.as('one'))
              .whereRef('user_roles.user_id', '=', 'users.id')
              .where('user_roles.role', '=', recipients.role)
              .where((r) => grantInForce(r))
              .$if(siteId !== null, (q) =>
                q.where((r) => r.or([r('user_roles.site_id', 'is', null), r('user_roles.site_id', '=', siteId)])),
              ),
          ),
        );
      }
      const inserted = await db
        .insertInto('messages')
        .columns([
          'user_id',
          'site_id',
          'kind',
          'params',
          'title',
          'content',
          'url',
          'status',
          'broadcast_id',
          'created_at',
        ])
        .expression(audience)
        .executeTakeFirst();
      const count = Number(inserted.numInsertedOrUpdatedRows ?? 0);
      await db.updateTable('broadcasts').set({ recipient_count: count }).where('id', '=', broadcastId).execute();
      return { broadcastId, recipients: count };
    },

    /** Broadcasts newest first, with the nickname of who sent them; of one site (and both) or all. */
    broadcastsPage(siteId: number | undefined, beforeId: number | null, limit: number) {
      let query = db
        .selectFrom('broadcasts')
        .leftJoin('users', 'users.id', 'broadcasts.created_by')
        .selectAll('broadcasts')
        .select('users.nick_name as created_by_nick');
      if (siteId !== undefined) {
        query = query.where((eb) =>
          eb.or([eb('broadcasts.site_id', 'is', null), eb('broadcasts.site_id', '=', siteId)]),
        );
      }
      if (beforeId !== null) query = query.where('broadcasts.id', '<', beforeId);
      return query.orderBy('broadcasts.id', 'desc').limit(limit).execute() as Promise<
        Array<Selectable<BroadcastsTable> & { created_by_nick: string | null }>
      >;
    },

    async userExists(id: number): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /** Role names in both languages, for wording role messages. */
    roleNames(codes: readonly string[]) {
      if (codes.length === 0) return Promise.resolve([]);
      return db.selectFrom('roles').select(['code', 'name_zh', 'name_en']).where('code', 'in', codes).execute();
    },
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
