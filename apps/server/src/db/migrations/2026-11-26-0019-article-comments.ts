import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Comments on topic articles (issue 19, item 5): the same two levels as a post's comments
// (platform/comments), in their own table so that each keeps its foreign key to what it is on, and
// each article keeps its comment count (comments and replies not deleted) in SQL.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('topic_articles')
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // parent_id null is a comment; else a reply under that comment (a reply to a reply names whom it answers).
  await idColumn(db, db.schema.createTable('article_comments'))
    .addColumn('article_id', 'integer', (c) => c.notNull().references('topic_articles.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer')
    .addColumn('reply_to_user_id', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Top-level comments of an article in id order; replies of a comment in id order; a member's comments.
  await db.schema
    .createIndex('article_comments_article')
    .on('article_comments')
    .columns(['article_id', 'parent_id', 'id'])
    .execute();
  await db.schema.createIndex('article_comments_parent').on('article_comments').columns(['parent_id', 'id']).execute();
  await db.schema
    .createIndex('article_comments_author')
    .on('article_comments')
    .columns(['author_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('article_comment_likes')
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('article_comments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_comment_likes_pk', ['comment_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('article_comment_likes').ifExists().execute();
  await db.schema.dropTable('article_comments').ifExists().execute();
  await db.schema.alterTable('topic_articles').dropColumn('comment_count').execute();
}
