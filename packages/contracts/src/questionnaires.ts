import { lazySchema, z } from './zod';
import { defineCall, MEMBER, PUBLIC } from './call';
import { ID_MAX } from './constants';

/**
 * Questionnaires (issue 18, item 7; spec 2 `/questionnaire/{ta_id}`, spec 8's questionnaire
 * messages; decision 029). A questionnaire belongs to an event (later also to a partner challenge):
 * single choice, multiple choice and text questions in their order, an answering window, one answer
 * per member, the questionnaire-answered points once. The portal's calls take their site from the
 * `siteData` cookie (spec 7); the back office's are in `questionnaires-admin.ts`, so the page's
 * JavaScript does not carry their schemas.
 *
 * The rules an answer must keep depend on the questionnaire's own questions (required ones, the
 * options of a choice), so they are one function here, `answerIssues`, which the server applies and
 * the page's form shows before sending: the two sides cannot disagree.
 */

export const QUESTIONNAIRE_RULE = {
  titleMax: 200,
  descriptionMax: 2000,
  questionsMax: 50,
  questionTitleMax: 300,
  optionsMax: 20,
  optionMax: 100,
  /** A text answer. */
  textMax: 2000,
  /** Text answers the results screen lists per question (the export holds them all). */
  textsShown: 200,
  exportMaxRows: 10_000,
} as const;

export const QUESTION_KINDS = ['single', 'multiple', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** What the questionnaire page shows the viewer, in the order the server decides it. */
export const QUESTIONNAIRE_STATES = [
  /** No questionnaire for the event (or no such event): spec 8 "survey not set, expired, or event not approved". */
  'notSet',
  /** The viewer answered: thanks, and their answers read-only. */
  'answered',
  /** A visitor: spec 8 "please log in first". */
  'login',
  /** A member without a confirmed sign-up: spec 8 "not registered so cannot participate". */
  'notRegistered',
  /** Before the window: spec 8 "please answer on {date}". */
  'notOpen',
  /** After the window: spec 8 "answering period ended". */
  'ended',
  /** The form. */
  'open',
] as const;
export type QuestionnaireState = (typeof QUESTIONNAIRE_STATES)[number];

const eventId = lazySchema(() =>
  z
    .number({ message: 'events.rules.eventRequired' })
    .int({ message: 'events.rules.eventRequired' })
    .positive({ message: 'events.rules.eventRequired' })
    .max(ID_MAX, { message: 'events.rules.eventRequired' }),
);
const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

export const questionSchema = lazySchema(() =>
  z.object({
    question_id: z.number(),
    kind: z.enum(QUESTION_KINDS),
    title: z.string(),
    required: z.boolean(),
    options: z.array(z.string()).describe('the choices in their order; empty for a text question'),
  }),
);
export type Question = z.infer<typeof questionSchema>;

export const questionnaireSchema = lazySchema(() =>
  z.object({
    tq_id: z.number(),
    ta_id: z.number(),
    title: z.string(),
    description: z.string().describe('plain text'),
    open_time: isoTime,
    close_time: isoTime,
    questions: z.array(questionSchema),
  }),
);
export type QuestionnaireView = z.infer<typeof questionnaireSchema>;

/** One question's answer: the chosen options (single: one; multiple: any) or the text. */
export const answerValueSchema = lazySchema(() =>
  z.strictObject({
    choices: z
      .array(
        z
          .string({ message: 'questionnaire.rules.choiceInvalid' })
          .max(QUESTIONNAIRE_RULE.optionMax, { message: 'questionnaire.rules.choiceInvalid' }),
        { message: 'questionnaire.rules.choiceInvalid' },
      )
      .max(QUESTIONNAIRE_RULE.optionsMax, { message: 'questionnaire.rules.choiceInvalid' })
      .optional(),
    text: z
      .string({ message: 'questionnaire.rules.textInvalid' })
      .max(QUESTIONNAIRE_RULE.textMax, { message: 'questionnaire.rules.textTooLong' })
      .optional(),
  }),
);
export type AnswerValue = z.infer<typeof answerValueSchema>;

/** Answers by question id (as a string key: JSON objects have no number keys). */
export const answersSchema = lazySchema(() =>
  z
    .record(
      z.string().regex(/^[1-9][0-9]{0,9}$/, { message: 'questionnaire.rules.questionUnknown' }),
      answerValueSchema,
      { message: 'questionnaire.rules.answersInvalid' },
    )
    .describe('answers by question_id; checked against the questionnaire’s own questions on the server'),
);
export type Answers = z.infer<typeof answersSchema>;

export interface AnswerIssue {
  /** `answers.<question_id>`, as a 40001 names it. */
  field: string;
  message:
    | 'questionnaire.rules.required'
    | 'questionnaire.rules.choiceInvalid'
    | 'questionnaire.rules.oneChoice'
    | 'questionnaire.rules.questionUnknown'
    | 'questionnaire.rules.textTooLong';
  vars: { title: string };
}

/**
 * The answers a questionnaire's own questions accept: each required question answered, the choices
 * among the question's options (one for a single choice, no repeats), text within the limit, no
 * question the questionnaire does not have. Answers the first issue per question, in question order;
 * the server refuses with the first (400/40001 naming `answers.<question_id>`), the form shows all.
 */
export function answerIssues(questions: readonly Question[], answers: Answers): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const known = new Set(questions.map((q) => String(q.question_id)));
  for (const key of Object.keys(answers)) {
    if (!known.has(key))
      issues.push({ field: `answers.${key}`, message: 'questionnaire.rules.questionUnknown', vars: { title: '' } });
  }
  for (const q of questions) {
    const field = `answers.${q.question_id}`;
    const vars = { title: q.title };
    const answer = answers[String(q.question_id)];
    if (q.kind === 'text') {
      const text = (answer?.text ?? '').trim();
      if (answer?.choices?.length) issues.push({ field, message: 'questionnaire.rules.choiceInvalid', vars });
      else if (text === '' && q.required) issues.push({ field, message: 'questionnaire.rules.required', vars });
      else if (text.length > QUESTIONNAIRE_RULE.textMax)
        issues.push({ field, message: 'questionnaire.rules.textTooLong', vars });
      continue;
    }
    const choices = answer?.choices ?? [];
    if (answer?.text !== undefined && answer.text.trim() !== '')
      issues.push({ field, message: 'questionnaire.rules.choiceInvalid', vars });
    else if (choices.length === 0) {
      if (q.required) issues.push({ field, message: 'questionnaire.rules.required', vars });
    } else if (choices.some((c) => !q.options.includes(c)) || new Set(choices).size !== choices.length)
      issues.push({ field, message: 'questionnaire.rules.choiceInvalid', vars });
    else if (q.kind === 'single' && choices.length > 1)
      issues.push({ field, message: 'questionnaire.rules.oneChoice', vars });
  }
  return issues;
}

export const questionnaireGet = defineCall({
  id: 'activity.questionnaire',
  scope: 'global',
  path: '/api/activity/questionnaire',
  write: false,
  access: PUBLIC,
  tag: 'events',
  summary:
    'An event’s questionnaire and what the viewer may do with it (state): notSet, answered (with their answers), login, notRegistered (no confirmed sign-up), notOpen, ended, open',
  body: lazySchema(() => z.strictObject({ ta_id: eventId })),
  data: lazySchema(() =>
    z.object({
      ta_id: z.number(),
      ta_title: z.string().describe('the event’s title; empty when there is no such event'),
      state: z.enum(QUESTIONNAIRE_STATES),
      questionnaire: questionnaireSchema.nullable().describe('null when state is notSet'),
      my_answer: z
        .object({ answer_time: isoTime, answers: z.record(z.string(), answerValueSchema) })
        .nullable()
        .describe('the viewer’s answers (state answered)'),
    }),
  ),
});

export const questionnaireAnswer = defineCall({
  id: 'activity.questionnaireAnswer',
  scope: 'global',
  path: '/api/activity/questionnaireAnswer',
  write: true,
  access: MEMBER,
  tag: 'events',
  summary:
    'Answers an event’s questionnaire, once, inside its window, for a member with a confirmed sign-up; awards the questionnaire-answered points once. Refused (201) outside the window, without a sign-up or when answered already; a wrong answer is a 400 naming answers.<question_id>.',
  body: lazySchema(() => z.strictObject({ ta_id: eventId, answers: answersSchema })),
  data: lazySchema(() =>
    z.object({ answer_time: isoTime, points: z.number().describe('points awarded by this answer') }),
  ),
});

export const QUESTIONNAIRE_MSG = {
  answered: 'questionnaireApi.answered',
} as const;
