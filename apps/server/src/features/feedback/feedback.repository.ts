import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** A feedback with its sender and handler, as the inbox shows it. */
export interface FeedbackRow {
  id: number;
  content: string;
  status: number;
  note: string;
  created_at: number;
  handled_at: number | null;
  handled_by: number | null;
  user_id: number;
  sender_nick_name: string;
  sender_avatar_url: string;
  sender_contact_email: string;
  sender_contact_mobile: string;
  handler_nick_name: string | null;
}

export interface InboxFilter {
  siteId: number;
  status?: number;
  /** Matched, case-insensitively, inside the text or the sender's nickname. */
  keyword?: string;
}

const ROW_COLUMNS = [
  'feedback.id',
  'feedback.content',
  'feedback.status',
  'feedback.note',
  'feedback.created_at',
  'feedback.handled_at',
  'feedback.handled_by',
  'feedback.user_id',
  'sender.nick_name as sender_nick_name',
  'sender.avatar_url as sender_avatar_url',
  'sender.contact_email as sender_contact_email',
  'sender.contact_mobile as sender_contact_mobile',
  'handler.nick_name as handler_nick_name',
] as const;

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function feedbackRepository(db: Kysely<DB>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  function inbox(executor: Kysely<DB> | Transaction<DB>) {
    return executor
      .selectFrom('feedback')
      .innerJoin('users as sender', 'sender.id', 'feedback.user_id')
      .leftJoin('users as handler', 'handler.id', 'feedback.handled_by');
  }

  function filtered(filter: InboxFilter) {
    let query = inbox(db).where('feedback.site_id', '=', filter.siteId);
    if (filter.keyword) {
      const pattern = containsPattern(filter.keyword);
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`lower(${eb.ref('feedback.content')}) like ${pattern} escape '\\'`,
          sql<boolean>`lower(${eb.ref('sender.nick_name')}) like ${pattern} escape '\\'`,
        ]),
      );
    }
    return query;
  }

  function selectRow(executor: Kysely<DB> | Transaction<DB>, siteId: number, id: number) {
    return inbox(executor)
      .select(ROW_COLUMNS)
      .where('feedback.site_id', '=', siteId)
      .where('feedback.id', '=', id)
      .executeTakeFirst();
  }

  return {
    /**
     * Stores a feedback unless the member already sent `max` since `since`; the count and the
     * insert are one transaction. PostgreSQL first locks the member's row, so that simultaneous
     * sends of one member take turns (SQLite runs one write transaction at a time anyway).
     * Returns the send times of the window when the limit is reached, oldest first.
     */
    insertWithinLimit(
      row: { siteId: number; userId: number; content: string; now: number },
      limit: { max: number; since: number },
    ): Promise<{ stored: true } | { stored: false; recent: number[] }> {
      return db.transaction().execute(async (trx) => {
        if (isPostgres) {
          await trx.selectFrom('users').select('id').where('id', '=', row.userId).forUpdate().execute();
        }
        const recent = await trx
          .selectFrom('feedback')
          .select('created_at')
          .where('user_id', '=', row.userId)
          .where('created_at', '>', limit.since)
          .orderBy('created_at')
          .execute();
        if (recent.length >= limit.max) return { stored: false, recent: recent.map((r) => r.created_at) };
        await trx
          .insertInto('feedback')
          .values({ site_id: row.siteId, user_id: row.userId, content: row.content, created_at: row.now })
          .execute();
        return { stored: true };
      });
    },

    /** One page of the inbox, newest first: ids below `beforeId`. */
    page(filter: InboxFilter, beforeId: number | null, limit: number): Promise<FeedbackRow[]> {
      let query = filtered(filter).select(ROW_COLUMNS);
      if (filter.status !== undefined) query = query.where('feedback.status', '=', filter.status);
      if (beforeId !== null) query = query.where('feedback.id', '<', beforeId);
      return query.orderBy('feedback.id', 'desc').limit(limit).execute();
    },

    /** How many feedbacks of the filter's site (and keyword) there are in each status. */
    async countsByStatus(filter: InboxFilter): Promise<Map<number, number>> {
      const rows = await filtered(filter)
        .select(['feedback.status', sql<number>`count(*)`.as('n')])
        .groupBy('feedback.status')
        .execute();
      return new Map(rows.map((r) => [r.status, Number(r.n)]));
    },

    find(siteId: number, id: number): Promise<FeedbackRow | undefined> {
      return selectRow(db, siteId, id);
    },

    /**
     * Sets a feedback's status and note in one transaction with `alsoDo` (the audit row), which
     * sees the state before and after. PostgreSQL locks the feedback's row first, so two staff
     * handling it at once are recorded one after the other with true before-states. Undefined
     * when the site has no feedback with this id.
     */
    update(
      siteId: number,
      id: number,
      change: (before: FeedbackRow) => {
        status: number;
        note: string;
        handledBy: number | null;
        handledAt: number | null;
      },
      alsoDo: (trx: Transaction<DB>, before: FeedbackRow, after: FeedbackRow) => Promise<void>,
    ): Promise<FeedbackRow | undefined> {
      return db.transaction().execute(async (trx) => {
        if (isPostgres) {
          const locked = await trx
            .selectFrom('feedback')
            .select('id')
            .where('site_id', '=', siteId)
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!locked) return undefined;
        }
        const before = await selectRow(trx, siteId, id);
        if (!before) return undefined;
        const next = change(before);
        await trx
          .updateTable('feedback')
          .set({ status: next.status, note: next.note, handled_by: next.handledBy, handled_at: next.handledAt })
          .where('site_id', '=', siteId)
          .where('id', '=', id)
          .execute();
        const after = (await selectRow(trx, siteId, id))!;
        await alsoDo(trx, before, after);
        return after;
      });
    },
  };
}
