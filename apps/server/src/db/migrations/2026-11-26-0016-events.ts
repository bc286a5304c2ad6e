import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Events (issue 18, items 1-4): what the list's filters, the detail page and sign-up need on the
// event row; sign-ups with a waitlist, where one member holds at most one live sign-up per event
// (a partial unique index, so a cancelled sign-up does not stop a new one); likes, favourites and the
// questions of an event, with their likes, as unique pairs so toggles are exact under concurrent presses.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  const columns: Array<[string, string, 'zero' | 'empty' | 'list' | null]> = [
    // The province (or, on the English site, the region) the city in `area` belongs to.
    ['province', 'varchar(64)', 'empty'],
    // Shown only to members who signed up.
    ['online_url', 'varchar(500)', 'empty'],
    ['waitlist_enabled', 'integer', 'zero'],
    // JSON: the event's own sign-up form fields, and its schedule (agenda items).
    ['form_fields', 'text', 'list'],
    ['schedule', 'text', 'list'],
    // Linked language versions share one group id (the id of the first version).
    ['lang_group_id', 'integer', null],
    ['like_count', 'integer', 'zero'],
    ['favourite_count', 'integer', 'zero'],
    ['question_count', 'integer', 'zero'],
    ['waitlist_count', 'integer', 'zero'],
  ];
  for (const [name, type, fill] of columns) {
    await db.schema
      .alterTable('activities')
      .addColumn(name, type as 'integer', (c) =>
        fill === 'zero'
          ? c.notNull().defaultTo(0)
          : fill === 'empty'
            ? c.notNull().defaultTo('')
            : fill === 'list'
              ? c.notNull().defaultTo('[]')
              : c,
      )
      .execute();
  }
  // The list filtered by area walks this index; the month and state filters are ranges of times.
  await db.schema
    .createIndex('activities_site_area_start')
    .on('activities')
    .columns(['site_id', 'province', 'area', 'starts_at', 'id'])
    .execute();
  await db.schema.createIndex('activities_lang_group').on('activities').column('lang_group_id').execute();

  // status: 10 signed up (holds a seat), 20 waiting, 30 cancelled.
  await idColumn(db, db.schema.createTable('activity_signups'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_signups_live')
    .on('activity_signups')
    .columns(['activity_id', 'user_id'])
    .unique()
    .where(sql.ref('status'), 'in', [10, 20])
    .execute();
  // The waitlist in order (promotion takes the first), and a member's own sign-ups.
  await db.schema
    .createIndex('activity_signups_queue')
    .on('activity_signups')
    .columns(['activity_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('activity_signups_member')
    .on('activity_signups')
    .columns(['user_id', 'created_at'])
    .execute();

  for (const table of ['activity_likes', 'activity_favourites'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['activity_id', 'user_id'])
      .execute();
  }

  await idColumn(db, db.schema.createTable('activity_questions'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('activity_questions_time')
    .on('activity_questions')
    .columns(['activity_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createTable('activity_question_likes')
    .addColumn('question_id', 'integer', (c) => c.notNull().references('activity_questions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_question_likes_pk', ['question_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'activity_question_likes',
    'activity_questions',
    'activity_favourites',
    'activity_likes',
    'activity_signups',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('activities_lang_group').ifExists().execute();
  await db.schema.dropIndex('activities_site_area_start').ifExists().execute();
  for (const column of [
    'waitlist_count',
    'question_count',
    'favourite_count',
    'like_count',
    'lang_group_id',
    'schedule',
    'form_fields',
    'waitlist_enabled',
    'online_url',
    'province',
  ]) {
    await db.schema.alterTable('activities').dropColumn(column).execute();
  }
}
