import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // The one review queue (decisions.md "Content and review"): posts now, topic articles, e-magazine
  // submissions and applications later, each a `kind`. One row per item: a resubmission puts the
  // same row back to pending. Status 10 pending, 20 approved, 30 rejected (reason), 40 withdrawn.
  let table = db.schema.createTable('review_items');
  table = isPostgres
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The item's title when it was submitted, for the queue's list and the audit log.
    .addColumn('title', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'bigint')
    .addUniqueConstraint('review_items_kind_item', ['kind', 'item_id'])
    .execute();
  // The queue of a site per status (every kind, and one kind), in submission order with the id as
  // the keyset's tie-breaker; the age filter is a range on submitted_at within the same index.
  await db.schema
    .createIndex('review_items_queue')
    .on('review_items')
    .columns(['site_id', 'status', 'submitted_at', 'id'])
    .execute();
  await db.schema
    .createIndex('review_items_queue_kind')
    .on('review_items')
    .columns(['site_id', 'kind', 'status', 'submitted_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('review_items').ifExists().execute();
}
