import type { Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Curating topics (issue 19, items 6 and 7): a topic's hosts pick featured articles for its page
// (when an approved article was marked featured; null when it is not), and the back office archives
// a topic (it leaves the lists and the article form; its pages and articles stay).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('topic_articles').addColumn('featured_at', 'bigint').execute();
  await db.schema
    .createIndex('topic_articles_topic_featured')
    .on('topic_articles')
    .columns(['topic_id', 'featured_at'])
    .execute();
  await db.schema.alterTable('topics').addColumn('archived_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('topics').dropColumn('archived_at').execute();
  await db.schema.dropIndex('topic_articles_topic_featured').ifExists().execute();
  await db.schema.alterTable('topic_articles').dropColumn('featured_at').execute();
}
