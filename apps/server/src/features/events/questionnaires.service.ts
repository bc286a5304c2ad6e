import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { SIGNUP_STATUS } from '@portal/contracts/events';
import { POINT_RULE } from '@portal/contracts/points';
import {
  QUESTIONNAIRE_RULE,
  QUESTION_KINDS,
  answerIssues,
  type AnswerValue,
  type Answers,
  type Question,
  type QuestionnaireState,
  type QuestionnaireView,
} from '@portal/contracts/questionnaires';
import type { AdminQuestionnaire, QuestionResult, QuestionnaireInput } from '@portal/contracts/questionnaires-admin';
import type { Site } from '@portal/contracts/sites';
import { formatTime } from '@portal/contracts/time';
import type { DB, QuestionnaireQuestionsTable, QuestionnairesTable } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { invalidField } from '../../http/invalid-field';
import type { SignedInMember } from '../../http/register-call';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../../platform/audit/audit.service';
import { award } from '../../platform/points/points.service';
import { eventsRepository, isUniqueViolation } from './events.repository';
import { questionnairesRepository } from './questionnaires.repository';

type Request = Pick<FastifyRequest, 'ip' | 'id'>;
type QuestionnaireRow = Selectable<QuestionnairesTable>;
type QuestionRow = Selectable<QuestionnaireQuestionsTable>;

/** The owner kind of an event's questionnaire (a partner challenge's will be 'challenge'). */
const OWNER_EVENT = 'event';
const iso = (ms: number) => new Date(Number(ms)).toISOString();

function readOptions(json: string): string[] {
  try {
    const raw = JSON.parse(json) as unknown;
    return Array.isArray(raw) ? raw.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    return [];
  }
}

function questionOf(r: QuestionRow): Question {
  return {
    question_id: Number(r.id),
    kind: QUESTION_KINDS.includes(r.kind as never) ? (r.kind as Question['kind']) : 'text',
    title: r.title,
    required: Number(r.required) === 1,
    options: readOptions(r.options),
  };
}

function viewOf(q: QuestionnaireRow, questions: QuestionRow[]): QuestionnaireView {
  return {
    tq_id: Number(q.id),
    ta_id: Number(q.owner_id),
    title: q.title,
    description: q.description,
    open_time: iso(q.opens_at),
    close_time: iso(q.closes_at),
    questions: questions.map(questionOf),
  };
}

/** A member's stored answer, by question id, as the page shows it. */
function answersOf(items: Array<{ question_id: number; value: string }>, questions: Question[]) {
  const kinds = new Map(questions.map((q) => [q.question_id, q.kind]));
  const out: Record<string, AnswerValue> = {};
  for (const item of items) {
    const key = String(item.question_id);
    if (kinds.get(Number(item.question_id)) === 'text') out[key] = { text: item.value };
    else out[key] = { choices: [...(out[key]?.choices ?? []), item.value] };
  }
  return out;
}

/**
 * Questionnaires of events (issue 18, item 7; decision 029): what the page shows each viewer, the
 * answer (once, inside the window, for a member holding a seat; the points once), and the back
 * office's editing, results and export.
 */
export function questionnairesService(db: Kysely<DB>, clock: Clock) {
  const repo = questionnairesRepository(db);
  const events = eventsRepository(db);

  async function mustFindForAdmin(site: Site, eventId: number) {
    const event = await events.find(db, site.tws_id, eventId);
    if (!event) throw ApiError.notFound('questionnaireAdmin.api.eventNotFound');
    return event;
  }

  /** What an audit row keeps of a questionnaire as it stood. */
  function auditedAs(q: QuestionnaireRow, questions: QuestionRow[]) {
    const { title, description } = q;
    return {
      title,
      description,
      opens_at: Number(q.opens_at),
      closes_at: Number(q.closes_at),
      questions: questions.map(questionOf),
    };
  }

  function adminView(q: QuestionnaireRow, questions: QuestionRow[]): AdminQuestionnaire {
    return { ...viewOf(q, questions), answer_count: Number(q.answer_count), update_time: iso(q.updated_at) };
  }

  return {
    /** Whether an event has a questionnaire (the event page links to it). */
    hasQuestionnaire: (eventId: number) => repo.exists(OWNER_EVENT, eventId),

    /** The questionnaire of an event and the state the page shows the viewer in (spec 8's messages). */
    async get(site: Site, eventId: number, viewer: SignedInMember | null) {
      const now = clock.now();
      const event = await events.find(db, site.tws_id, eventId);
      const none = {
        ta_id: eventId,
        ta_title: event?.title ?? '',
        state: 'notSet' as QuestionnaireState,
        questionnaire: null,
        my_answer: null,
      };
      if (!event) return none;
      const q = await repo.byOwner(db, OWNER_EVENT, event.id);
      if (!q) return none;
      const view = viewOf(q, await repo.questions(db, q.id));
      const answer = (state: QuestionnaireState) => ({ ...none, state, questionnaire: view });
      if (!viewer) return answer('login');
      const mine = await repo.myAnswer(q.id, viewer.id);
      if (mine) {
        const items = await repo.itemsOf([Number(mine.id)]);
        return {
          ...answer('answered'),
          my_answer: { answer_time: iso(mine.created_at), answers: answersOf(items, view.questions) },
        };
      }
      const signup = await events.liveSignup(db, event.id, viewer.id);
      if (!signup || Number(signup.status) !== SIGNUP_STATUS.signedUp) return answer('notRegistered');
      if (now < Number(q.opens_at)) return answer('notOpen');
      if (now >= Number(q.closes_at)) return answer('ended');
      return answer('open');
    },

    /**
     * A member's answer: refused without a confirmed sign-up, outside the window or when answered
     * already; checked against the questions as they stand inside the transaction (the questionnaire
     * row is updated first, so a back-office save and an answer never interleave); one answer per
     * member by the unique pair, so of two concurrent submissions exactly one lands. The
     * questionnaire-answered points are awarded with it.
     */
    async answer(site: Site, userId: number, body: { ta_id: number; answers: Answers }, timeZone: string | null) {
      const now = clock.now();
      const event = await events.find(db, site.tws_id, body.ta_id);
      const q = event ? await repo.byOwner(db, OWNER_EVENT, event.id) : undefined;
      if (!event || !q) throw ApiError.notFound('questionnaireApi.notSet');
      const signup = await events.liveSignup(db, event.id, userId);
      if (!signup || Number(signup.status) !== SIGNUP_STATUS.signedUp)
        throw ApiError.refused('questionnaireApi.notRegistered');
      if (now < Number(q.opens_at)) {
        throw ApiError.refused('questionnaireApi.notOpen', {
          date: formatTime(Number(q.opens_at), site.lang, { timeZone }),
        });
      }
      if (now >= Number(q.closes_at)) throw ApiError.refused('questionnaireApi.ended');
      if (await repo.myAnswer(q.id, userId)) throw ApiError.refused('questionnaireApi.alreadyAnswered');
      try {
        return await db.transaction().execute(async (trx) => {
          // Deleted by the back office since it was read above (possible only while unanswered).
          if (!(await repo.bumpAnswers(trx, q.id))) throw ApiError.notFound('questionnaireApi.notSet');
          const questions = (await repo.questions(trx, q.id)).map(questionOf);
          const issue = answerIssues(questions, body.answers)[0];
          if (issue) throw invalidField(site.lang, issue.field, issue.message, issue.vars);
          const answerId = await repo.insertAnswer(trx, q.id, userId, now);
          const items = questions.flatMap((question) => {
            const value = body.answers[String(question.question_id)];
            const values =
              question.kind === 'text' ? [(value?.text ?? '').trim()].filter((t) => t !== '') : (value?.choices ?? []);
            return values.map((v) => ({
              answer_id: answerId,
              questionnaire_id: Number(q.id),
              question_id: question.question_id,
              value: v,
            }));
          });
          await repo.insertItems(trx, items);
          const points = await award(trx, {
            userId,
            siteId: site.tws_id,
            rule: POINT_RULE.questionnaireAnswered,
            source: { kind: 'questionnaire', id: Number(q.id) },
            now,
          });
          return { answer_time: iso(now), points };
        });
      } catch (err) {
        // Two submissions of one member that raced past the check above: the unique pair let one through.
        if (isUniqueViolation(err)) throw ApiError.refused('questionnaireApi.alreadyAnswered');
        throw err;
      }
    },

    async adminGet(site: Site, eventId: number) {
      const event = await mustFindForAdmin(site, eventId);
      const q = await repo.byOwner(db, OWNER_EVENT, event.id);
      return { questionnaire: q ? adminView(q, await repo.questions(db, q.id)) : null };
    },

    /**
     * Creates or replaces an event's questionnaire, audited. Once answered (decision 029) the
     * answers must keep meaning what they meant: no question removed or changed in kind, no option
     * removed or renamed (new ones only at the end); titles, order, required and new questions may change.
     */
    async save(site: Site, actorId: number, input: QuestionnaireInput, request: Request) {
      const now = clock.now();
      const event = await mustFindForAdmin(site, input.ta_id);
      const values = {
        title: input.title,
        description: input.description,
        opens_at: Date.parse(input.open_time),
        closes_at: Date.parse(input.close_time),
      };
      const rowOf = (q: QuestionnaireInput['questions'][number], sort: number) => ({
        sort,
        kind: q.kind,
        title: q.title,
        required: q.required ? 1 : 0,
        options: JSON.stringify(q.kind === 'text' ? [] : q.options),
      });
      return db.transaction().execute(async (trx) => {
        let q = await repo.byOwner(trx, OWNER_EVENT, event.id);
        if (!q) {
          input.questions.forEach((question, i) => {
            if (question.question_id !== undefined)
              throw invalidField(site.lang, `questions.${i}.question_id`, 'questionnaireAdmin.rules.questionId');
          });
          const id = await repo.insertQuestionnaire(trx, {
            ...values,
            site_id: site.tws_id,
            owner_kind: OWNER_EVENT,
            owner_id: event.id,
            created_by: actorId,
            now,
          });
          for (const [i, question] of input.questions.entries()) await repo.insertQuestion(trx, id, rowOf(question, i));
          await recordAudit(trx, {
            actorId,
            siteId: site.tws_id,
            action: 'event.createQuestionnaire',
            targetKind: 'event',
            targetId: event.id,
            after: { ...values, questions: input.questions },
            request,
            now,
          });
        } else {
          await repo.lock(trx, q.id);
          q = (await repo.byOwner(trx, OWNER_EVENT, event.id))!;
          const old = await repo.questions(trx, q.id);
          const oldById = new Map(old.map((r) => [Number(r.id), r]));
          input.questions.forEach((question, i) => {
            if (question.question_id !== undefined && !oldById.has(question.question_id))
              throw invalidField(site.lang, `questions.${i}.question_id`, 'questionnaireAdmin.rules.questionId');
          });
          const kept = new Set(input.questions.flatMap((question) => question.question_id ?? []));
          const removed = old.filter((r) => !kept.has(Number(r.id)));
          if (Number(q.answer_count) > 0) {
            const gone = removed[0];
            if (gone) throw ApiError.refused('questionnaireAdmin.api.questionRemoved', { title: gone.title });
            for (const question of input.questions) {
              const before = question.question_id !== undefined ? oldById.get(question.question_id) : undefined;
              if (!before) continue;
              if (before.kind !== question.kind)
                throw ApiError.refused('questionnaireAdmin.api.kindChanged', { title: before.title });
              const was = readOptions(before.options);
              if (was.some((o, i) => question.options[i] !== o))
                throw ApiError.refused('questionnaireAdmin.api.optionsChanged', { title: before.title });
            }
          }
          await repo.deleteQuestions(
            trx,
            removed.map((r) => Number(r.id)),
          );
          for (const [i, question] of input.questions.entries()) {
            if (question.question_id !== undefined)
              await repo.updateQuestion(trx, question.question_id, rowOf(question, i));
            else await repo.insertQuestion(trx, q.id, rowOf(question, i));
          }
          await repo.updateQuestionnaire(trx, q.id, { ...values, now });
          await recordAudit(trx, {
            actorId,
            siteId: site.tws_id,
            action: 'event.updateQuestionnaire',
            targetKind: 'event',
            targetId: event.id,
            before: auditedAs(q, old),
            after: { ...values, questions: input.questions },
            request,
            now,
          });
        }
        const saved = (await repo.byOwner(trx, OWNER_EVENT, event.id))!;
        return adminView(saved, await repo.questions(trx, saved.id));
      });
    },

    /**
     * Deletes an event's questionnaire while nobody has answered it, audited with what it held.
     * The row is locked first, so an answer either landed before (then it is refused) or finds the
     * questionnaire gone; answered ones are kept with their answers and ended by their close time.
     */
    async remove(site: Site, actorId: number, eventId: number, request: Request) {
      const now = clock.now();
      const event = await mustFindForAdmin(site, eventId);
      return db.transaction().execute(async (trx) => {
        const found = await repo.byOwner(trx, OWNER_EVENT, event.id);
        if (!found) throw ApiError.notFound('questionnaireAdmin.api.notFound');
        await repo.lock(trx, found.id);
        const q = (await repo.byOwner(trx, OWNER_EVENT, event.id))!;
        if (Number(q.answer_count) > 0) throw ApiError.refused('questionnaireAdmin.api.answeredCannotDelete');
        const questions = await repo.questions(trx, q.id);
        await repo.deleteQuestionnaire(trx, q.id);
        await recordAudit(trx, {
          actorId,
          siteId: site.tws_id,
          action: 'event.deleteQuestionnaire',
          targetKind: 'event',
          targetId: event.id,
          before: auditedAs(q, questions),
          request,
          now,
        });
        return { ta_id: event.id };
      });
    },

    /** Per question: respondents, the count of each option (in the options' order), the text answers. */
    async results(site: Site, eventId: number) {
      const event = await mustFindForAdmin(site, eventId);
      const q = await repo.byOwner(db, OWNER_EVENT, event.id);
      if (!q) throw ApiError.notFound('questionnaireAdmin.api.notFound');
      const questions = (await repo.questions(db, q.id)).map(questionOf);
      const [counts, respondents] = await Promise.all([repo.optionCounts(q.id), repo.respondents(q.id)]);
      const countOf = new Map(counts.map((c) => [`${c.question_id}\u0000${c.value}`, Number(c.n)]));
      const respondentsOf = new Map(respondents.map((r) => [Number(r.question_id), Number(r.n)]));
      const list: QuestionResult[] = [];
      for (const question of questions) {
        const texts =
          question.kind === 'text' ? await repo.texts(question.question_id, QUESTIONNAIRE_RULE.textsShown) : [];
        list.push({
          question_id: question.question_id,
          kind: question.kind,
          title: question.title,
          required: question.required,
          respondents: respondentsOf.get(question.question_id) ?? 0,
          options: question.options.map((label) => ({
            label,
            count: countOf.get(`${question.question_id}\u0000${label}`) ?? 0,
          })),
          texts: texts.map((t) => ({ text: t.value, user_nick_name: t.nick_name, create_time: iso(t.created_at) })),
        });
      }
      return { answer_count: Number(q.answer_count), questions: list };
    },

    /** What the export's header needs; 404 when the event or its questionnaire is missing. */
    async exportHead(site: Site, eventId: number) {
      const event = await mustFindForAdmin(site, eventId);
      const q = await repo.byOwner(db, OWNER_EVENT, event.id);
      if (!q) throw ApiError.notFound('questionnaireAdmin.api.notFound');
      return { id: Number(q.id), questions: (await repo.questions(db, q.id)).map(questionOf) };
    },

    /** Every answer, oldest first, with the member and each question's answer as one cell. */
    async *exportRows(questionnaireId: number, questions: Question[], maxRows: number) {
      let after = 0;
      let sent = 0;
      while (sent < maxRows) {
        const want = Math.min(500, maxRows - sent);
        const rows = await repo.answers(questionnaireId, after, want);
        const items = await repo.itemsOf(rows.map((r) => Number(r.id)));
        const byAnswer = new Map<number, Map<number, string[]>>();
        for (const item of items) {
          const cells = byAnswer.get(Number(item.answer_id)) ?? new Map<number, string[]>();
          cells.set(Number(item.question_id), [...(cells.get(Number(item.question_id)) ?? []), item.value]);
          byAnswer.set(Number(item.answer_id), cells);
        }
        for (const r of rows) {
          const cells = byAnswer.get(Number(r.id));
          yield {
            nick_name: r.nick_name,
            email: r.email ?? '',
            create_time: iso(r.created_at),
            cells: questions.map((question) => (cells?.get(question.question_id) ?? []).join('; ')),
          };
        }
        sent += rows.length;
        const last = rows[rows.length - 1];
        if (!last || rows.length < want) break;
        after = Number(last.id);
      }
    },

    async auditExport(site: Site, actorId: number, eventId: number, request: Request) {
      await recordAudit(db, {
        actorId,
        siteId: site.tws_id,
        action: 'event.exportQuestionnaire',
        targetKind: 'event',
        targetId: eventId,
        request,
        now: clock.now(),
      });
    },
  };
}
