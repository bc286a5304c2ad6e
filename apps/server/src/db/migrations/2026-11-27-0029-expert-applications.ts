import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// The resident-expert application (issue 21 item 3, decision 036): one row per member (unique
// user_id, so a member never has two, and two first saves at once make one), a draft (status 0)
// until submitted, then mirrored by its `review_items` row (kind 'expert'): 10 pending, 20
// approved, 30 rejected, 40 withdrawn. Fields of expertise, contributions and recommendations are
// small lists kept as JSON text (read and written whole with the application). The photo is an
// attachment of the uploads module.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('expert_applications')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('real_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('job_title', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('industry_id', 'integer')
    .addColumn('field_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('biography', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_att_id', 'integer', (c) => c.references('attachments.id'))
    .addColumn('contributions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('recommendations', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('expert_applications').ifExists().execute();
}
