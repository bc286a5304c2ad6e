import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// E-magazine submissions (issue 20, items 4, 5 and 7): what a member sends through the submission
// dialog (spec 3: name, nickname, phone, email, title, industry, field, rich text, attachments),
// reviewed by editors through the one review queue (its status mirrors the queue row). An accepted
// submission is placed into an issue as an article at most once: `journal_articles.submission_id`
// becomes unique (several NULLs stay allowed in both dialects).

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('journal_submissions');
  await (
    db.getExecutor().adapter instanceof PostgresAdapter
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('nick_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(30)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('industry_id', 'integer', (c) => c.notNull())
    .addColumn('scene_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // The attachments' ids in their order, as a JSON array (the author's own uploads, at most 9).
    .addColumn('annex', 'varchar(500)', (c) => c.notNull().defaultTo('[]'))
    // 10 pending, 20 accepted, 30 rejected, 40 withdrawn: the review queue row's status, kept in step.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The author's own list, newest first (keyset by id).
  await db.schema
    .createIndex('journal_submissions_author')
    .on('journal_submissions')
    .columns(['author_id', 'id'])
    .execute();
  // The back office's accepted submissions of a site, newest decided first.
  await db.schema
    .createIndex('journal_submissions_site_status')
    .on('journal_submissions')
    .columns(['site_id', 'status', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('journal_articles_submission')
    .on('journal_articles')
    .column('submission_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('journal_articles_submission').ifExists().execute();
  await db.schema.dropTable('journal_submissions').ifExists().execute();
}
