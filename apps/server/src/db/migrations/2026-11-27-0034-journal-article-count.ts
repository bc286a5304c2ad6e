import { sql, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Each e-magazine issue keeps the number of its articles (issue 20's bench): the magazine home's
// figures counted every article of the site on each render (a scan of journal_articles joined to the
// issues, 10,000 articles: ~40 ms of PostgreSQL per page), and every issue card counted its own.
// The count is kept in step where articles are added and deleted, in the same transaction.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('journal_issues')
    .addColumn('article_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update journal_issues set article_count = (select count(*) from journal_articles a where a.issue_id = journal_issues.id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('journal_issues').dropColumn('article_count').execute();
}
