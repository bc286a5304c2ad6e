import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Mail and SMS caught in the outbox mode (lib/mail.ts, lib/sms.ts). */
export function outboxRepository(db: Kysely<DB>) {
  return {
    async add(
      entry: { channel: string; recipient: string; subject: string; body: string },
      now: number,
    ): Promise<void> {
      await db
        .insertInto('dev_outbox')
        .values({
          channel: entry.channel,
          recipient: entry.recipient.slice(0, 254),
          subject: entry.subject.slice(0, 255),
          body: entry.body,
          created_at: now,
        })
        .execute();
    },

    /** The newest messages to one address or number, newest first. */
    latest(recipient: string, limit: number) {
      return db
        .selectFrom('dev_outbox')
        .select(['channel', 'recipient', 'subject', 'body', 'created_at'])
        .where('recipient', '=', recipient)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;
