import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Discussions (issue 5): the post columns that moderation, review, linked language versions and the
// sorted lists need; attachments of a post; two levels of comments; likes and favourites as unique
// pairs so that a toggle is exact under concurrent presses.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  const postColumns: Array<[string, string, boolean]> = [
    // Linked language versions share one group id (the id of the first version).
    ['lang_group_id', 'integer', false],
    // Moderator flags (decisions.md: hide, pin, feature, lock, move) and the soft delete.
    ['hidden', 'integer', true],
    ['pinned_at', 'bigint', false],
    ['featured', 'integer', true],
    ['locked', 'integer', true],
    ['deleted_at', 'bigint', false],
    // A question's accepted answer (a top-level comment of the post).
    ['accepted_comment_id', 'integer', false],
    ['favourite_count', 'integer', true],
    // Top-level comments (a question's answers); comment_count counts comments and replies.
    ['answer_count', 'integer', true],
    ['last_activity_at', 'bigint', true],
    // The hot sort's key: time (12.5 hours ≈ a factor of 10 in engagement) plus log10 of engagement,
    // both scaled to integers, kept on the row so that the hot list is one keyset walk of an index.
    ['hot_score', 'bigint', true],
  ];
  for (const [name, type, notNullZero] of postColumns) {
    await db.schema
      .alterTable('posts')
      .addColumn(name, type as 'integer', (c) => (notNullZero ? c.notNull().defaultTo(0) : c))
      .execute();
  }
  await sql`update posts set last_activity_at = created_at, hot_score = (created_at / 1000) * 1000000 / 45000`.execute(
    db,
  );

  // Keyset lists of the discussions page, each walked in one index (hidden, deleted and pinned rows
  // are rare and skipped in the walk). The latest list of a site uses posts_site_status_time; the
  // filtered ones lead with site_id too, so that they match more equalities than that index does.
  await db.schema
    .createIndex('posts_board_time')
    .on('posts')
    .columns(['site_id', 'board_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_industry_time')
    .on('posts')
    .columns(['site_id', 'industry_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_scene_time')
    .on('posts')
    .columns(['site_id', 'scene_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_type_time')
    .on('posts')
    .columns(['site_id', 'type', 'status', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('posts_site_hot').on('posts').columns(['site_id', 'status', 'hot_score', 'id']).execute();
  await db.schema
    .createIndex('posts_board_hot')
    .on('posts')
    .columns(['site_id', 'board_id', 'status', 'hot_score', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_site_unanswered')
    .on('posts')
    .columns(['site_id', 'status', 'answer_count', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('posts_site_pinned').on('posts').columns(['site_id', 'pinned_at']).execute();
  await db.schema.createIndex('posts_lang_group').on('posts').column('lang_group_id').execute();
  // The author's own list (post/mine), newest first.
  await db.schema.createIndex('posts_author_time').on('posts').columns(['author_id', 'created_at', 'id']).execute();

  // Attachments of a post, in order. No foreign key to attachments (another feature's table); the
  // service checks that each attachment belongs to the author.
  await db.schema
    .createTable('post_attachments')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('attachment_id', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('post_attachments_pk', ['post_id', 'attachment_id'])
    .execute();
  await db.schema.createIndex('post_attachments_attachment').on('post_attachments').column('attachment_id').execute();

  // Two levels: parent_id null is a comment (a question's answer), else a reply under that comment.
  await idColumn(db, db.schema.createTable('post_comments'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer')
    .addColumn('reply_to_user_id', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Moderators may hide a comment (MODERATION); the author deletes it (soft).
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Top-level comments of a post in id order; replies of a comment in id order; a member's comments.
  await db.schema
    .createIndex('post_comments_post')
    .on('post_comments')
    .columns(['post_id', 'parent_id', 'id'])
    .execute();
  await db.schema.createIndex('post_comments_parent').on('post_comments').columns(['parent_id', 'id']).execute();
  await db.schema
    .createIndex('post_comments_author')
    .on('post_comments')
    .columns(['author_id', 'created_at'])
    .execute();

  for (const [table, target, ref] of [
    ['post_likes', 'post_id', 'posts.id'],
    ['post_favourites', 'post_id', 'posts.id'],
    ['comment_likes', 'comment_id', 'post_comments.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(target, 'integer', (c) => c.notNull().references(ref).onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [target, 'user_id'])
      .execute();
  }
  // A member's favourites, newest first (personal centre).
  await db.schema
    .createIndex('post_favourites_user')
    .on('post_favourites')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['comment_likes', 'post_favourites', 'post_likes', 'post_comments', 'post_attachments']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const index of [
    'posts_author_time',
    'posts_lang_group',
    'posts_site_pinned',
    'posts_site_unanswered',
    'posts_board_hot',
    'posts_site_hot',
    'posts_type_time',
    'posts_scene_time',
    'posts_industry_time',
    'posts_board_time',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of [
    'hot_score',
    'last_activity_at',
    'answer_count',
    'favourite_count',
    'accepted_comment_id',
    'deleted_at',
    'locked',
    'featured',
    'pinned_at',
    'hidden',
    'lang_group_id',
  ]) {
    await db.schema.alterTable('posts').dropColumn(column).execute();
  }
}
