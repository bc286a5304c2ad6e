import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// The e-magazine (issue 20): a site's categories, its issues (number, title, cover, PDF attachment,
// publish date, partner-only downloads), each issue's articles in their order (written by editors
// now; `submission_id` is where an accepted submission placed into an issue will be remembered), and
// the readers and downloads of an issue per UTC day. A reader or a download counts once per member
// or visitor per issue and day: `journal_counted` holds who was counted (a unique row, inserted or
// not under concurrent reads), and only an inserted row adds to the day's figures and the issue's.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('journal_categories'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journal_categories_site')
    .on('journal_categories')
    .columns(['site_id', 'sort'])
    .execute();

  await idColumn(db, db.schema.createTable('journal_issues'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.references('journal_categories.id').onDelete('set null'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('pdf_attachment_id', 'integer', (c) => c.references('attachments.id'))
    .addColumn('partner_only', 'integer', (c) => c.notNull().defaultTo(0))
    // 0 a draft (only editors see it), 1 published from publish_at on.
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_at', 'bigint', (c) => c.notNull())
    .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The magazine home's newest-first keyset walk, and a category's.
  await db.schema
    .createIndex('journal_issues_site_latest')
    .on('journal_issues')
    .columns(['site_id', 'published', 'publish_at', 'id'])
    .execute();
  await db.schema
    .createIndex('journal_issues_category_latest')
    .on('journal_issues')
    .columns(['category_id', 'published', 'publish_at', 'id'])
    .execute();

  await idColumn(db, db.schema.createTable('journal_articles'))
    .addColumn('issue_id', 'integer', (c) => c.notNull().references('journal_issues.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    // A member of the portal (linked to the profile card), else only a name (a guest author).
    .addColumn('author_id', 'integer', (c) => c.references('users.id'))
    .addColumn('author_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    // The accepted submission this article came from (issue 20, item 5), when it did.
    .addColumn('submission_id', 'integer')
    .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('journal_articles_issue_order')
    .on('journal_articles')
    .columns(['issue_id', 'sort', 'id'])
    .execute();

  await db.schema
    .createTable('journal_daily_counts')
    .addColumn('issue_id', 'integer', (c) => c.notNull().references('journal_issues.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('reads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('journal_daily_counts_pk', ['issue_id', 'day'])
    .execute();

  await db.schema
    .createTable('journal_counted')
    .addColumn('issue_id', 'integer', (c) => c.notNull().references('journal_issues.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    // 'read' or 'download'.
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    // m<member id>, v<visitor id> or ip<address>.
    .addColumn('viewer', 'varchar(80)', (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_counted_pk', ['issue_id', 'day', 'kind', 'viewer'])
    .execute();
  await db.schema.createIndex('journal_counted_day').on('journal_counted').column('day').execute();

  // Editors run the magazine (decisions.md, Content and review): the editor role gains its permission.
  await db.insertInto('role_permissions').values({ role: 'editor', permission: 'journal.manage' }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('role_permissions').where('permission', '=', 'journal.manage').execute();
  for (const table of [
    'journal_counted',
    'journal_daily_counts',
    'journal_articles',
    'journal_issues',
    'journal_categories',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
