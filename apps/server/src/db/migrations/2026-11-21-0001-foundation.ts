import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('mobile', 'varchar(32)', (c) => c.unique())
    .addColumn('nick_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('avatar_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('real_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('job_title', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('industry_id', 'integer')
    .addColumn('is_edit', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('user_expert', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Rankings by points (MVP list, active members) walk this index in keyset order.
  await db.schema.createIndex('users_points').on('users').columns(['points', 'id']).execute();

  await idColumn(db, db.schema.createTable('user_roles'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addColumn('site_id', 'integer')
    .addColumn('scope_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_roles_user').on('user_roles').columns(['user_id', 'role']).execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_settings_pk', ['site_id', 'key'])
    .execute();

  await idColumn(db, db.schema.createTable('dictionaries'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('label', 'varchar(128)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('dictionaries_site_kind_value', ['site_id', 'kind', 'value'])
    .execute();

  await idColumn(db, db.schema.createTable('banners'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('link_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('banners_site_sort').on('banners').columns(['site_id', 'sort']).execute();

  await idColumn(db, db.schema.createTable('activities'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('body_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('area', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('address', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('signup_starts_at', 'bigint', (c) => c.notNull())
    .addColumn('signup_ends_at', 'bigint', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('signup_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activities_site_start')
    .on('activities')
    .columns(['site_id', 'starts_at', 'id'])
    .execute();

  await idColumn(db, db.schema.createTable('topics'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('article_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('topics_site_sort').on('topics').columns(['site_id', 'sort', 'id']).execute();

  await idColumn(db, db.schema.createTable('topic_articles'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('is_expert', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('topic_articles_site_status_time')
    .on('topic_articles')
    .columns(['site_id', 'status', 'created_at', 'id'])
    .execute();

  await idColumn(db, db.schema.createTable('posts'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('group_id', 'integer')
    .addColumn('board_id', 'integer')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('industry_id', 'integer')
    .addColumn('scene_id', 'integer')
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('is_expert', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Serves the keyset-paged latest list: where site and status match, newest (created_at, id) first.
  await db.schema
    .createIndex('posts_site_status_time')
    .on('posts')
    .columns(['site_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('posts_author').on('posts').columns(['author_id', 'created_at']).execute();

  await idColumn(db, db.schema.createTable('journals'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('issue_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('cover_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db, db.schema.createTable('cooperation_pages'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('body_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pages_pk', ['site_id', 'slug'])
    .execute();

  await idColumn(db, db.schema.createTable('points_ledger'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('rule', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('source_kind', 'varchar(32)')
    .addColumn('source_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('points_ledger_site_time')
    .on('points_ledger')
    .columns(['site_id', 'created_at'])
    .execute();
  await db.schema.createIndex('points_ledger_user').on('points_ledger').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'points_ledger',
    'pages',
    'cooperation_pages',
    'journals',
    'posts',
    'topic_articles',
    'topics',
    'activities',
    'banners',
    'dictionaries',
    'site_settings',
    'user_roles',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
