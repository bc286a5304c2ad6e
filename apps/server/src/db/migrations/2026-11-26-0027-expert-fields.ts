import type { Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// A resident expert's fields of expertise (issue 21): entries of the site's `scene` dictionary
// (the spec's "field", tp_cj_dd_id), so the experts directory filters by field. An approved expert
// application writes them; staff may too. The index serves the directory's field filter.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('expert_fields')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('field_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('expert_fields_pk', ['user_id', 'field_id'])
    .execute();
  await db.schema.createIndex('expert_fields_field').on('expert_fields').columns(['field_id', 'user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('expert_fields').ifExists().execute();
}
