import type { Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Topic activities and the personal centre's event sections (issue 18 items 8 and 10, decision 030):
// an event may name a topic of its site (null when it names none); the topic's activities page walks
// the events of one topic in the events list's keyset order (starts_at, id, newest first). A member's
// favourite events are read newest favourite first.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('topic_id', 'integer', (c) => c.references('topics.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('activities_topic_start')
    .on('activities')
    .columns(['topic_id', 'starts_at', 'id'])
    .execute();
  await db.schema
    .createIndex('activity_favourites_member')
    .on('activity_favourites')
    .columns(['user_id', 'created_at', 'activity_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_favourites_member').ifExists().execute();
  await db.schema.dropIndex('activities_topic_start').ifExists().execute();
  await db.schema.alterTable('activities').dropColumn('topic_id').execute();
}
