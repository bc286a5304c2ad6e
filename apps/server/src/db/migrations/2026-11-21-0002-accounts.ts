import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('users')
    .addColumn('contact_mobile', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('contact_email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('follow_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('fans_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // A session is found by the SHA-256 of its token; the token itself is never stored.
  await idColumn(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'revoked_at']).execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

  await idColumn(db, db.schema.createTable('verification_codes'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The latest code of a target and purpose; the per-minute send limit reads the latest of a target.
  await db.schema
    .createIndex('verification_codes_target')
    .on('verification_codes')
    .columns(['target', 'channel', 'purpose', 'created_at'])
    .execute();
  await db.schema.createIndex('verification_codes_expires').on('verification_codes').column('expires_at').execute();

  await idColumn(db, db.schema.createTable('auth_failures'))
    .addColumn('scope', 'varchar(8)', (c) => c.notNull())
    .addColumn('key', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_failures_key')
    .on('auth_failures')
    .columns(['scope', 'key', 'created_at'])
    .execute();
  await db.schema.createIndex('auth_failures_time').on('auth_failures').column('created_at').execute();

  await db.schema
    .createTable('user_follows')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema
    .createIndex('user_follows_followee')
    .on('user_follows')
    .columns(['followee_id', 'created_at'])
    .execute();

  // Mail and SMS caught in the outbox mode (development, tests, browser tests); empty otherwise.
  await idColumn(db, db.schema.createTable('dev_outbox'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dev_outbox_recipient').on('dev_outbox').columns(['recipient', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['dev_outbox', 'user_follows', 'auth_failures', 'verification_codes', 'sessions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const column of ['fans_count', 'follow_count', 'contact_email', 'contact_mobile']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
