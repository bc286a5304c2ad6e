import type { Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// A topic's hosts pick featured articles for its page (issue 19, item 6, the host zone): when an
// approved article was marked featured; null when it is not.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('topic_articles').addColumn('featured_at', 'bigint').execute();
  await db.schema
    .createIndex('topic_articles_topic_featured')
    .on('topic_articles')
    .columns(['topic_id', 'featured_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('topic_articles_topic_featured').ifExists().execute();
  await db.schema.alterTable('topic_articles').dropColumn('featured_at').execute();
}
