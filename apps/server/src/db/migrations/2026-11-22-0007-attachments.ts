import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  // Uploaded files (spec 3 "Attachment"): the member's, stored under a random key (never the name).
  await idColumn(db, db.schema.createTable('attachments'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The original file name, display only.
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull().unique())
    // 1 local disk, 2 S3-compatible store.
    .addColumn('storage', 'integer', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    // image | media | file
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachments_owner').on('attachments').columns(['owner_id', 'id']).execute();

  // Direct uploads to the S3 store that the server issued and that are not registered yet: only a
  // key issued to this member, before it expires, can become an attachment.
  await idColumn(db, db.schema.createTable('attachment_uploads'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('upload_id', 'varchar(500)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('declared_size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachment_uploads_expiry').on('attachment_uploads').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attachment_uploads').ifExists().execute();
  await db.schema.dropTable('attachments').ifExists().execute();
}
