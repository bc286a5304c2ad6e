import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  // Reports of posts and comments by members to the moderators of the post's board (issue 5 item 6).
  // target_kind 'post' or 'comment'; post_id is the post itself or the comment's post, so that a
  // board's reports are found through the post. status 10 open, 20 handled, 30 dismissed.
  await idColumn(db, db.schema.createTable('content_reports'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('handled_at', 'bigint')
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One open report per member and item: a second one while the first is open is refused.
  await db.schema
    .createIndex('content_reports_one_open')
    .on('content_reports')
    .columns(['reporter_id', 'target_kind', 'target_id'])
    .unique()
    .where(sql.ref('status'), '=', 10)
    .execute();
  // The zone's reports per status, newest first; open reports of a post (counts on the posts tab).
  await db.schema
    .createIndex('content_reports_site')
    .on('content_reports')
    .columns(['site_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('content_reports_post').on('content_reports').columns(['post_id', 'status']).execute();
  // The per-member limit counts a member's reports of the last minutes.
  await db.schema
    .createIndex('content_reports_reporter_time')
    .on('content_reports')
    .columns(['reporter_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_reports').ifExists().execute();
}
