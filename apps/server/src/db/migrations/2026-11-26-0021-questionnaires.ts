import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen once landed. Uses Kysely<any> and imports no application code.
//
// Questionnaires (issue 18, item 7; decision 029): a questionnaire belongs to an owner named by kind
// and id (an event now, a partner challenge later), at most one per owner; its questions are ordered
// rows (single choice, multiple choice, text) with their options as an ordered JSON list; a member
// answers once (a unique pair, so two concurrent submissions cannot both land), and each answer keeps
// one row per chosen option or text, so results are counted in SQL.

function idColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('questionnaires'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    // 'event' now; 'challenge' when partner challenges come.
    .addColumn('owner_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('opens_at', 'bigint', (c) => c.notNull())
    .addColumn('closes_at', 'bigint', (c) => c.notNull())
    .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('questionnaires_owner')
    .on('questionnaires')
    .columns(['owner_kind', 'owner_id'])
    .unique()
    .execute();

  // kind: 'single', 'multiple' or 'text'; options: JSON list of strings, in their order.
  await idColumn(db, db.schema.createTable('questionnaire_questions'))
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('questionnaire_questions_order')
    .on('questionnaire_questions')
    .columns(['questionnaire_id', 'sort', 'id'])
    .execute();

  await idColumn(db, db.schema.createTable('questionnaire_answers'))
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('questionnaire_answers_member')
    .on('questionnaire_answers')
    .columns(['questionnaire_id', 'user_id'])
    .unique()
    .execute();

  // One row per chosen option (single, multiple) or per text answer.
  await idColumn(db, db.schema.createTable('questionnaire_answer_items'))
    .addColumn('answer_id', 'integer', (c) => c.notNull().references('questionnaire_answers.id').onDelete('cascade'))
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().references('questionnaire_questions.id').onDelete('cascade'),
    )
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('questionnaire_answer_items_question')
    .on('questionnaire_answer_items')
    .columns(['questionnaire_id', 'question_id'])
    .execute();
  await db.schema
    .createIndex('questionnaire_answer_items_answer')
    .on('questionnaire_answer_items')
    .column('answer_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'questionnaire_answer_items',
    'questionnaire_answers',
    'questionnaire_questions',
    'questionnaires',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
