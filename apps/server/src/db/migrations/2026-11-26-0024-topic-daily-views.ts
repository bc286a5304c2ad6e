import type { Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Views of a topic per day (issue 19, item 6): the host zone's 30-day chart shows them beside the
// articles published and the new followers. The view counter adds each second's views of a topic's
// articles to the topic's row of that day (UTC), in the transaction that adds them to the articles.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('topic_daily_views')
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_daily_views_pk', ['topic_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('topic_daily_views').ifExists().execute();
}
