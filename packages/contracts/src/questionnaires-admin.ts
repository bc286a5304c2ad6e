import { lazySchema, z } from './zod';
import { defineCall, permission } from './call';
import { ID_MAX } from './constants';
import { PERMISSIONS } from './permissions';
import { QUESTION_KINDS, QUESTIONNAIRE_RULE, questionnaireSchema } from './questionnaires';
import { plainLine } from './text-rules';

/**
 * An event's questionnaire in the back office (decision 029): staff holding `event.manage` on the
 * site in the URL write it, read its results and export every answer. Every write is audited.
 */

const eventId = lazySchema(() =>
  z
    .number({ message: 'events.rules.eventRequired' })
    .int({ message: 'events.rules.eventRequired' })
    .positive({ message: 'events.rules.eventRequired' })
    .max(ID_MAX, { message: 'events.rules.eventRequired' }),
);
const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

const line = (max: number, message: string, min = 0) =>
  z.string({ message }).transform(plainLine).pipe(z.string().trim().min(min, { message }).max(max, { message }));
const time = (message: string) => z.iso.datetime({ offset: true, message }).describe('ISO 8601 time with a zone');

export const questionInputSchema = lazySchema(() =>
  z.strictObject({
    question_id: z
      .number({ message: 'questionnaireAdmin.rules.questionId' })
      .int({ message: 'questionnaireAdmin.rules.questionId' })
      .positive({ message: 'questionnaireAdmin.rules.questionId' })
      .max(ID_MAX, { message: 'questionnaireAdmin.rules.questionId' })
      .optional()
      .describe('an existing question’s id; absent for a new question'),
    kind: z.enum(QUESTION_KINDS, { message: 'questionnaireAdmin.rules.kind' }),
    title: line(QUESTIONNAIRE_RULE.questionTitleMax, 'questionnaireAdmin.rules.questionTitle', 1),
    required: z.boolean({ message: 'questionnaireAdmin.rules.required' }).default(false),
    options: z
      .array(line(QUESTIONNAIRE_RULE.optionMax, 'questionnaireAdmin.rules.option', 1), {
        message: 'questionnaireAdmin.rules.options',
      })
      .max(QUESTIONNAIRE_RULE.optionsMax, { message: 'questionnaireAdmin.rules.options' })
      .default([]),
  }),
);
export type QuestionInput = z.output<typeof questionInputSchema>;

export const questionnaireInputSchema = lazySchema(() =>
  z
    .strictObject({
      ta_id: eventId,
      title: line(QUESTIONNAIRE_RULE.titleMax, 'questionnaireAdmin.rules.title', 1),
      description: z
        .string({ message: 'questionnaireAdmin.rules.description' })
        .trim()
        .max(QUESTIONNAIRE_RULE.descriptionMax, { message: 'questionnaireAdmin.rules.description' })
        .default(''),
      open_time: time('questionnaireAdmin.rules.openTime'),
      close_time: time('questionnaireAdmin.rules.closeTime'),
      questions: z
        .array(questionInputSchema, { message: 'questionnaireAdmin.rules.questions' })
        .min(1, { message: 'questionnaireAdmin.rules.questions' })
        .max(QUESTIONNAIRE_RULE.questionsMax, { message: 'questionnaireAdmin.rules.questions' }),
    })
    .superRefine((v, ctx) => {
      if (Date.parse(v.close_time) <= Date.parse(v.open_time))
        ctx.addIssue({ code: 'custom', message: 'questionnaireAdmin.rules.closeOrder', path: ['close_time'] });
      const ids = new Set<number>();
      v.questions.forEach((q, i) => {
        if (q.question_id !== undefined) {
          if (ids.has(q.question_id))
            ctx.addIssue({ code: 'custom', message: 'questionnaireAdmin.rules.questionId', path: ['questions', i] });
          ids.add(q.question_id);
        }
        if (q.kind === 'text' && q.options.length > 0)
          ctx.addIssue({
            code: 'custom',
            message: 'questionnaireAdmin.rules.textNoOptions',
            path: ['questions', i, 'options'],
          });
        if (q.kind !== 'text' && q.options.length < 2)
          ctx.addIssue({
            code: 'custom',
            message: 'questionnaireAdmin.rules.options',
            path: ['questions', i, 'options'],
          });
        if (new Set(q.options).size !== q.options.length)
          ctx.addIssue({
            code: 'custom',
            message: 'questionnaireAdmin.rules.optionRepeated',
            path: ['questions', i, 'options'],
          });
      });
    }),
);
export type QuestionnaireInput = z.output<typeof questionnaireInputSchema>;

export const adminQuestionnaireSchema = lazySchema(() =>
  questionnaireSchema.extend({
    answer_count: z.number(),
    update_time: isoTime,
  }),
);
export type AdminQuestionnaire = z.infer<typeof adminQuestionnaireSchema>;

const access = permission(PERMISSIONS.eventManage);

export const adminQuestionnaireGet = defineCall({
  id: 'admin.events.questionnaire',
  scope: 'site',
  path: '/admin/events/questionnaire',
  write: false,
  access,
  tag: 'admin',
  summary: 'An event’s questionnaire as the back office edits it, or null when it has none',
  body: lazySchema(() => z.strictObject({ ta_id: eventId })),
  data: lazySchema(() => z.object({ questionnaire: adminQuestionnaireSchema.nullable() })),
});

export const adminQuestionnaireSave = defineCall({
  id: 'admin.events.questionnaireSave',
  scope: 'site',
  path: '/admin/events/questionnaireSave',
  write: true,
  access,
  tag: 'admin',
  summary:
    'Creates or replaces an event’s questionnaire (questions in the order given). Once it has answers, its questions may be retitled, reordered, made required or not and given more options at the end, and new questions added; none removed, changed in kind, or its options removed or renamed (201). Audited.',
  body: questionnaireInputSchema,
  data: adminQuestionnaireSchema,
});

export const adminQuestionnaireDelete = defineCall({
  id: 'admin.events.questionnaireDelete',
  scope: 'site',
  path: '/admin/events/questionnaireDelete',
  write: true,
  access,
  tag: 'admin',
  summary:
    'Deletes an event’s questionnaire while nobody has answered it (404 when the event has none; 201 once answered: answers are kept, and an answered questionnaire is ended by its close time). Audited.',
  body: lazySchema(() => z.strictObject({ ta_id: eventId })),
  data: lazySchema(() => z.object({ ta_id: z.number() })),
});

export const questionResultSchema = lazySchema(() =>
  z.object({
    question_id: z.number(),
    kind: z.enum(QUESTION_KINDS),
    title: z.string(),
    required: z.boolean(),
    respondents: z.number().describe('answers that answered this question'),
    options: z.array(z.object({ label: z.string(), count: z.number() })),
    texts: z
      .array(z.object({ text: z.string(), user_nick_name: z.string(), create_time: isoTime }))
      .describe(`text answers, newest first, at most ${QUESTIONNAIRE_RULE.textsShown}`),
  }),
);
export type QuestionResult = z.infer<typeof questionResultSchema>;

export const adminQuestionnaireResults = defineCall({
  id: 'admin.events.questionnaireResults',
  scope: 'site',
  path: '/admin/events/questionnaireResults',
  write: false,
  access,
  tag: 'admin',
  summary: 'The results of an event’s questionnaire: per question, the count of each option and the text answers',
  body: lazySchema(() => z.strictObject({ ta_id: eventId })),
  data: lazySchema(() => z.object({ answer_count: z.number(), questions: z.array(questionResultSchema) })),
});

/** The .xlsx export of every answer; a file, not an envelope (registered as the sign-up export is). */
export const adminQuestionnaireExport = {
  id: 'admin.events.questionnaireExport',
  scope: 'site' as const,
  path: '/admin/events/questionnaireExport',
  access,
  body: lazySchema(() => z.strictObject({ ta_id: eventId })),
};

export const QUESTIONNAIRE_ADMIN_MSG = {
  saved: 'questionnaireAdmin.api.saved',
  deleted: 'questionnaireAdmin.api.deleted',
} as const;
