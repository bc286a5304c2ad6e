import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Cooperation (issue 21 item 5, decision 045). The foundation's `cooperation_pages` gains a kind
// (programme or partner case), a language group (linked versions share the id of the first), a
// published switch and an update time. A page's downloads are `cooperation_files`: an uploaded
// attachment, its title, and whether only partners may download it. Partner companies and their
// members (one company per member: user_id is unique), and the cooperation application: one row
// per member (unique user_id), a draft (0) until submitted, then mirrored by its `review_items`
// row (kind 'cooperation': 10, 20, 30, 40); on approval it names the company it joined.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: any) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement());
  const idType = postgres ? 'serial' : 'integer';

  await db.schema
    .alterTable('cooperation_pages')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('programme'))
    .execute();
  await db.schema.alterTable('cooperation_pages').addColumn('lang_group_id', 'integer').execute();
  await db.schema
    .alterTable('cooperation_pages')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('cooperation_pages')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('cooperation_pages_site_order')
    .on('cooperation_pages')
    .columns(['site_id', 'kind', 'sort', 'id'])
    .execute();

  await db.schema
    .createTable('cooperation_files')
    .addColumn('id', idType, id)
    .addColumn('page_id', 'integer', (c) => c.notNull().references('cooperation_pages.id').onDelete('cascade'))
    .addColumn('attachment_id', 'integer', (c) => c.notNull().references('attachments.id'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('partner_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cooperation_files_page').on('cooperation_files').columns(['page_id', 'sort']).execute();

  await db.schema
    .createTable('partner_companies')
    .addColumn('id', idType, id)
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    // The name folded for matching (trimmed, lower case): an application names its company freely.
    .addColumn('name_key', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('website', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('partner_members')
    .addColumn('id', idType, id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('partner_companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('added_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('partner_members_company').on('partner_members').columns(['company_id', 'id']).execute();

  await db.schema
    .createTable('cooperation_applications')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('company', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('intent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_id', 'integer', (c) => c.references('partner_companies.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['cooperation_applications', 'partner_members', 'partner_companies', 'cooperation_files']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('cooperation_pages_site_order').ifExists().execute();
  for (const column of ['updated_at', 'published', 'lang_group_id', 'kind']) {
    await db.schema.alterTable('cooperation_pages').dropColumn(column).execute();
  }
}
