import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  // A staff broadcast: what was sent, to whom, by whom. Its messages are copied to every recipient.
  await idColumn(db, db.schema.createTable('broadcasts'))
    .addColumn('site_id', 'integer')
    .addColumn('audience', 'varchar(16)', (c) => c.notNull())
    .addColumn('role', 'varchar(32)')
    .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('broadcasts_site').on('broadcasts').columns(['site_id', 'id']).execute();

  // One row per recipient. site_id null: shown on both sites. A system message (kind other than
  // 'broadcast') keeps its parameters and is worded at read time in the reader's language.
  await idColumn(db, db.schema.createTable('messages'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('broadcast_id', 'integer', (c) => c.references('broadcasts.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  // The inbox, newest first, in keyset pages.
  await db.schema.createIndex('messages_inbox').on('messages').columns(['user_id', 'id']).execute();
  // The unread count, the newest unread (the popover) and "mark all read" read only unread rows.
  await db.schema.createIndex('messages_unread').on('messages').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('messages_broadcast').on('messages').column('broadcast_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').ifExists().execute();
  await db.schema.dropTable('broadcasts').ifExists().execute();
}
