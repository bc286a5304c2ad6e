import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  // Feedback from members (spec 3 "Feedback"): plain text, status 10 new or 20 handled.
  await idColumn(db, db.schema.createTable('feedback'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('handled_at', 'bigint')
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The inbox per status, newest first; and the whole inbox of a site, newest first.
  await db.schema.createIndex('feedback_inbox').on('feedback').columns(['site_id', 'status', 'id']).execute();
  await db.schema.createIndex('feedback_site').on('feedback').columns(['site_id', 'id']).execute();
  // The per-member limit counts a member's feedbacks of the last minutes.
  await db.schema.createIndex('feedback_user_time').on('feedback').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedback').ifExists().execute();
}
