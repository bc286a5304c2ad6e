import type { Kysely } from 'kysely';

// Frozen once landed. The personal centre's interactions find the replies naming a member by this
// index (as article_comments_reply_to does for topic articles), instead of reading every comment of
// the site on each call.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('post_comments_reply_to')
    .on('post_comments')
    .columns(['reply_to_user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('post_comments_reply_to').ifExists().execute();
}
