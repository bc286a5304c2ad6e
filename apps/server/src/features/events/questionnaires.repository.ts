import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';

export interface QuestionValues {
  sort: number;
  kind: string;
  title: string;
  required: number;
  options: string;
}

/** Questionnaires, their questions and answers (decision 029): Kysely only. */
export function questionnairesRepository(db: Kysely<DB>) {
  return {
    byOwner(executor: Executor, kind: string, ownerId: number) {
      return executor
        .selectFrom('questionnaires')
        .selectAll()
        .where('owner_kind', '=', kind)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
    },

    /** Which of these owners have a questionnaire (the event page's link). */
    async exists(kind: string, ownerId: number): Promise<boolean> {
      const row = await db
        .selectFrom('questionnaires')
        .select('id')
        .where('owner_kind', '=', kind)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    questions(executor: Executor, questionnaireId: number) {
      return executor
        .selectFrom('questionnaire_questions')
        .selectAll()
        .where('questionnaire_id', '=', questionnaireId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    myAnswer(questionnaireId: number, userId: number) {
      return db
        .selectFrom('questionnaire_answers')
        .select(['id', 'created_at'])
        .where('questionnaire_id', '=', questionnaireId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    itemsOf(answerIds: number[]) {
      if (answerIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('questionnaire_answer_items')
        .select(['answer_id', 'question_id', 'value'])
        .where('answer_id', 'in', answerIds)
        .orderBy('id')
        .execute();
    },

    async insertAnswer(trx: Executor, questionnaireId: number, userId: number, now: number): Promise<number> {
      const row = await trx
        .insertInto('questionnaire_answers')
        .values({ questionnaire_id: questionnaireId, user_id: userId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async insertItems(
      trx: Executor,
      rows: Array<{ answer_id: number; questionnaire_id: number; question_id: number; value: string }>,
    ) {
      if (rows.length > 0) await trx.insertInto('questionnaire_answer_items').values(rows).execute();
    },

    /** Counts one more answer; false when the questionnaire is gone (deleted meanwhile). */
    async bumpAnswers(trx: Executor, questionnaireId: number): Promise<boolean> {
      const result = await trx
        .updateTable('questionnaires')
        .set((eb) => ({ answer_count: eb('answer_count', '+', 1) }))
        .where('id', '=', questionnaireId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A questionnaire nobody has answered, with its questions. */
    async deleteQuestionnaire(trx: Executor, id: number) {
      await trx.deleteFrom('questionnaire_questions').where('questionnaire_id', '=', id).execute();
      await trx.deleteFrom('questionnaires').where('id', '=', id).execute();
    },

    /** A lock on the questionnaire row for the back office's save (PostgreSQL; SQLite writes one at a time). */
    async lock(trx: Executor, id: number) {
      await trx
        .updateTable('questionnaires')
        .set((eb) => ({ answer_count: eb.ref('answer_count') }))
        .where('id', '=', id)
        .execute();
    },

    async insertQuestionnaire(
      trx: Executor,
      values: {
        site_id: number;
        owner_kind: string;
        owner_id: number;
        title: string;
        description: string;
        opens_at: number;
        closes_at: number;
        created_by: number;
        now: number;
      },
    ): Promise<number> {
      const { now, ...rest } = values;
      const row = await trx
        .insertInto('questionnaires')
        .values({ ...rest, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async updateQuestionnaire(
      trx: Executor,
      id: number,
      values: { title: string; description: string; opens_at: number; closes_at: number; now: number },
    ) {
      const { now, ...rest } = values;
      await trx
        .updateTable('questionnaires')
        .set({ ...rest, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async insertQuestion(trx: Executor, questionnaireId: number, q: QuestionValues) {
      await trx
        .insertInto('questionnaire_questions')
        .values({ questionnaire_id: questionnaireId, ...q })
        .execute();
    },

    async updateQuestion(trx: Executor, id: number, q: QuestionValues) {
      await trx.updateTable('questionnaire_questions').set(q).where('id', '=', id).execute();
    },

    async deleteQuestions(trx: Executor, ids: number[]) {
      if (ids.length > 0) await trx.deleteFrom('questionnaire_questions').where('id', 'in', ids).execute();
    },

    /** Chosen options counted per question and value. */
    optionCounts(questionnaireId: number) {
      return db
        .selectFrom('questionnaire_answer_items as i')
        .innerJoin('questionnaire_questions as q', 'q.id', 'i.question_id')
        .select(['i.question_id', 'i.value', (eb) => eb.fn.countAll<number>().as('n')])
        .where('i.questionnaire_id', '=', questionnaireId)
        .where('q.kind', '!=', 'text')
        .groupBy(['i.question_id', 'i.value'])
        .execute();
    },

    /** How many answers answered each question. */
    respondents(questionnaireId: number) {
      return db
        .selectFrom('questionnaire_answer_items')
        .select(['question_id', sql<number>`count(distinct answer_id)`.as('n')])
        .where('questionnaire_id', '=', questionnaireId)
        .groupBy('question_id')
        .execute();
    },

    /** A text question's answers, newest first. */
    texts(questionId: number, limit: number) {
      return db
        .selectFrom('questionnaire_answer_items as i')
        .innerJoin('questionnaire_answers as a', 'a.id', 'i.answer_id')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .select(['i.value', 'u.nick_name', 'a.created_at'])
        .where('i.question_id', '=', questionId)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** A page of answers with their members, oldest first (keyset on id), for the export. */
    answers(questionnaireId: number, afterId: number, limit: number) {
      return db
        .selectFrom('questionnaire_answers as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .select(['a.id', 'a.created_at', 'u.nick_name', 'u.email', 'u.mobile'])
        .where('a.questionnaire_id', '=', questionnaireId)
        .where('a.id', '>', afterId)
        .orderBy('a.id')
        .limit(limit)
        .execute();
    },
  };
}
