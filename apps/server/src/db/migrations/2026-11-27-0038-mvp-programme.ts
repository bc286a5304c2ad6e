import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// The MVP programme (issue 21 item 4, decision 044). A role grant may end: `user_roles.expires_at`
// (null: for good) stops counting the moment it passes wherever roles are read, and a sweep deletes
// it. `mvp_applications`: one row per member like the expert application (0 draft, then the review
// statuses). `mvp_awards`: one row per awarded term (the year it was awarded, its start and end,
// when and why it ended), the history the MVP page lists by year.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.alterTable('user_roles').addColumn('expires_at', 'bigint').execute();
  await db.schema.createIndex('user_roles_expires_at').on('user_roles').column('expires_at').execute();

  await db.schema
    .createTable('mvp_applications')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('real_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('job_title', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('field_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('biography', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contributions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .execute();

  await db.schema
    .createTable('mvp_awards')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('end_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('application_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mvp_awards_year').on('mvp_awards').columns(['year', 'id']).execute();
  await db.schema.createIndex('mvp_awards_user').on('mvp_awards').columns(['user_id', 'ended_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mvp_awards').ifExists().execute();
  await db.schema.dropTable('mvp_applications').ifExists().execute();
  await db.schema.dropIndex('user_roles_expires_at').ifExists().execute();
  await db.schema.alterTable('user_roles').dropColumn('expires_at').execute();
}
