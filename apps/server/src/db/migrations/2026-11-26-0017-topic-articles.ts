import type { Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Topics (issue 19, items 1–5): what the topic pages, the article page, review by the topic's hosts
// and following a topic need. Articles gain the reprint's original address, linked language
// versions, the counters members race on (kept in SQL), the time they were published (approved)
// and a soft delete; a topic gains its follower count and its versions on the other site. Follows, likes and favourites are unique
// pairs, so a toggle is exact under concurrent presses.

const ARTICLE_COLUMNS: Array<
  [name: string, type: 'integer' | 'bigint' | 'varchar(500)', notNullDefault: 0 | '' | null]
> = [
  // A reprint (ttar_source 20) names its original; '' for an original article.
  ['source_url', 'varchar(500)', ''],
  // Linked language versions share one group id (the id of the first version); null when alone.
  ['lang_group_id', 'integer', null],
  ['view_count', 'integer', 0],
  ['like_count', 'integer', 0],
  ['favourite_count', 'integer', 0],
  // Set when approved: the latest list's order.
  ['published_at', 'bigint', null],
  // Soft delete by the author (the points it earned go back).
  ['deleted_at', 'bigint', null],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type, dflt] of ARTICLE_COLUMNS) {
    await db.schema
      .alterTable('topic_articles')
      .addColumn(name, type, (c) => (dflt === null ? c : c.notNull().defaultTo(dflt)))
      .execute();
  }
  await db.schema
    .alterTable('topics')
    .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A topic's versions on the other sites share one group id: other_lang files an article's linked
  // version under the same topic's version there.
  await db.schema.alterTable('topics').addColumn('lang_group_id', 'integer').execute();
  await db.schema.createIndex('topics_lang_group').on('topics').column('lang_group_id').execute();

  // The topic page's three lists (latest, hot by likes, expert), each one keyset walk of an index.
  await db.schema
    .createIndex('topic_articles_topic_latest')
    .on('topic_articles')
    .columns(['topic_id', 'status', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('topic_articles_topic_hot')
    .on('topic_articles')
    .columns(['topic_id', 'status', 'like_count', 'id'])
    .execute();
  await db.schema
    .createIndex('topic_articles_topic_expert')
    .on('topic_articles')
    .columns(['topic_id', 'status', 'is_expert', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('topic_articles_author_time')
    .on('topic_articles')
    .columns(['author_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('topic_articles_lang_group').on('topic_articles').column('lang_group_id').execute();

  await db.schema
    .createTable('topic_follows')
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_follows_pk', ['topic_id', 'user_id'])
    .execute();
  await db.schema.createIndex('topic_follows_user').on('topic_follows').columns(['user_id', 'created_at']).execute();

  for (const table of ['topic_article_likes', 'topic_article_favourites']) {
    await db.schema
      .createTable(table)
      .addColumn('article_id', 'integer', (c) => c.notNull().references('topic_articles.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['article_id', 'user_id'])
      .execute();
  }
  await db.schema
    .createIndex('topic_article_favourites_user')
    .on('topic_article_favourites')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['topic_article_favourites', 'topic_article_likes', 'topic_follows']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const index of [
    'topic_articles_lang_group',
    'topic_articles_author_time',
    'topic_articles_topic_expert',
    'topic_articles_topic_hot',
    'topic_articles_topic_latest',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.dropIndex('topics_lang_group').ifExists().execute();
  await db.schema.alterTable('topics').dropColumn('lang_group_id').execute();
  await db.schema.alterTable('topics').dropColumn('follower_count').execute();
  for (const [name] of [...ARTICLE_COLUMNS].reverse()) {
    await db.schema.alterTable('topic_articles').dropColumn(name).execute();
  }
}
