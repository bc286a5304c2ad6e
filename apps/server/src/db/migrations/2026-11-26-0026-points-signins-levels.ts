import type { Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Issue 22, decision 032: the daily sign-in and the levels a member has reached.
// - points_signins: one row per member and day (the day of the member's time zone as they signed
//   in, as days since 1970-01-01); the key makes a second sign-in that day impossible even when two
//   requests race. The streak is kept on the row, so the personal centre reads one row.
// - points_levels_reached: the levels a member has been told about; the key makes the level-up
//   message go once, even when the total drops and climbs again.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('points_signins')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('streak', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('points_signins_pk', ['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('points_levels_reached')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('points_levels_reached_pk', ['user_id', 'level'])
    .execute();
  // The points history is read newest first by member, with the id breaking ties.
  await db.schema.createIndex('points_ledger_user_id').on('points_ledger').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('points_ledger_user_id').execute();
  await db.schema.dropTable('points_levels_reached').ifExists().execute();
  await db.schema.dropTable('points_signins').ifExists().execute();
}
