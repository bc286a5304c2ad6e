import type { Kysely } from 'kysely';

// Frozen once landed. The back office's dashboard counts new accounts and delivered messages by day
// over the last 30 days; without these the two counts would read the whole tables on every load.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_created').on('users').column('created_at').execute();
  await db.schema.createIndex('messages_created').on('messages').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_created').ifExists().execute();
  await db.schema.dropIndex('users_created').ifExists().execute();
}
