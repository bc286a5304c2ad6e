import { lazySchema, z } from './zod';
import { defineCall, MEMBER, MEMBER_WITH_INFORMATION, PUBLIC } from './call';
import { ACTIVITY_STATE, ID_MAX, PAGE_SIZE } from './constants';
import { activitySummarySchema, userBriefSchema } from './home';

/**
 * Events (issue 18; spec 2 `activity/index` and `activity/info/{id}`, 4 event states, 7 the
 * `activity` and `activity_que` calls; decisions.md "Events"). The calls take their site from the
 * `siteData` cookie (spec 7: `/api/activity/...` has no site prefix).
 *
 * States are derived from time, never stored. Sign-up holds a seat while there is one (a conditional
 * update of the count, so the last seat goes to exactly one member); when the event is full and keeps
 * a waitlist, a member may wait, and a cancellation promotes the first one waiting. Every list is
 * keyset paged (`cursor` → `next_cursor`). Validation messages are catalogue keys (`events.rules.*`);
 * refusals and success toasts come from `events.api.*`.
 */

export const EVENT_RULE = {
  questionMax: 1000,
  answerMax: 200,
  /** Fields of an event's sign-up form. */
  formFieldsMax: 20,
  choiceOptionsMax: 20,
  areaMax: 64,
} as const;

/** activity_signups.status */
export const SIGNUP_STATUS = { signedUp: 10, waiting: 20, cancelled: 30 } as const;

export const EVENT_FIELD_TYPES = ['text', 'choice', 'phone', 'company'] as const;
export type EventFieldType = (typeof EVENT_FIELD_TYPES)[number];

/** Phone numbers as people type them: digits with an optional +, spaces and dashes; 6 to 20 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{4,18}[0-9]$/;

export const eventFormFieldSchema = lazySchema(() =>
  z.object({
    key: z.string().describe('the answer’s key in signUp.form'),
    type: z.enum(EVENT_FIELD_TYPES),
    label: z.string(),
    required: z.boolean(),
    options: z.array(z.string()).describe('the choices of a choice field; empty otherwise'),
  }),
);
export type EventFormField = z.infer<typeof eventFormFieldSchema>;

export const eventScheduleItemSchema = lazySchema(() =>
  z.object({
    time: z.string().describe('ISO 8601 time the item starts'),
    title: z.string(),
  }),
);
export type EventScheduleItem = z.infer<typeof eventScheduleItemSchema>;

const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });
const eventId = lazySchema(() => id('events.rules.eventRequired'));
const questionId = lazySchema(() => id('events.rules.questionRequired'));
const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

const pageQuery = lazySchema(() => ({
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
  limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
}));

/** A month as the calendar names it, in the viewer's time zone: `2026-11`. */
export const monthSchema = lazySchema(() =>
  z
    .string({ message: 'events.rules.monthInvalid' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'events.rules.monthInvalid' })
    .describe('YYYY-MM, in the viewer’s time zone (spec-7 headers)'),
);

const areaText = (message: string) =>
  z.string({ message }).trim().min(1, { message }).max(EVENT_RULE.areaMax, { message });

const STATE_VALUES = Object.values(ACTIVITY_STATE) as [number, ...number[]];

export const activityFilters = lazySchema(() => ({
  province: areaText('events.rules.areaInvalid')
    .optional()
    .describe('a province (region on the English site) of getArea'),
  city: areaText('events.rules.areaInvalid').optional().describe('a city of getArea'),
  is_online: z
    .union([z.literal(0), z.literal(1)], { message: 'events.rules.onlineInvalid' })
    .optional()
    .describe('1 online, 0 offline'),
  state: z
    .number({ message: 'events.rules.stateInvalid' })
    .refine((v) => STATE_VALUES.includes(v), { message: 'events.rules.stateInvalid' })
    .optional()
    .describe('10 not started, 20 registering, 30 in progress, 40 ended'),
  month: monthSchema.optional().describe('events taking place (in part) in this month, viewer’s time zone'),
  tt_id: id('events.rules.topicInvalid')
    .optional()
    .describe(
      'the events attached to this topic of the site (its activities page, decision 030); 404 for a topic the site has not',
    ),
}));

export const activityCardSchema = lazySchema(() =>
  activitySummarySchema.extend({
    ta_summary: z.string(),
    ta_province: z.string(),
    ta_city: z.string(),
    ta_waitlist_enabled: z.boolean(),
  }),
);
export type ActivityCard = z.infer<typeof activityCardSchema>;

export const activityIndex = defineCall({
  id: 'activity.index',
  scope: 'global',
  path: '/api/activity/index',
  write: false,
  access: PUBLIC,
  tag: 'events',
  summary:
    'The events of the site (siteData cookie), newest start first, filtered by area, online or offline, state (derived from time), month and topic; keyset paged',
  body: lazySchema(() => z.strictObject({ ...activityFilters, ...pageQuery })),
  data: lazySchema(() =>
    z.object({
      list: z.array(activityCardSchema),
      next_cursor: z.string().nullable(),
      topic: z
        .object({ tt_id: z.number(), tt_title: z.string(), tt_cover_url: z.string() })
        .nullable()
        .describe('the topic named by tt_id (the head of its activities page); null without tt_id'),
    }),
  ),
});

const labelValue = lazySchema(() => z.object({ label: z.string(), value: z.number() }));

export const activityCommonData = defineCall({
  id: 'activity.commonData',
  scope: 'global',
  path: '/api/activity/commonData',
  write: false,
  access: PUBLIC,
  tag: 'events',
  summary: 'The list’s filter options in the site’s language: states and event types, and the page size',
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ states: z.array(labelValue), types: z.array(labelValue), page_size: z.number() })),
});

export const activityGetArea = defineCall({
  id: 'activity.getArea',
  scope: 'global',
  path: '/api/activity/getArea',
  write: false,
  access: PUBLIC,
  tag: 'events',
  summary:
    'The areas the site’s offline events take place in: provinces (regions on the English site) with their cities, each with its number of events',
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() =>
    z.object({
      list: z.array(
        z.object({
          province: z.string(),
          count: z.number(),
          cities: z.array(z.object({ city: z.string(), count: z.number() })),
        }),
      ),
    }),
  ),
});

export const activityCalendar = defineCall({
  id: 'activity.activityCalendar',
  scope: 'global',
  path: '/api/activity/activityCalendar',
  write: false,
  access: PUBLIC,
  tag: 'events',
  summary:
    'The days of a month (viewer’s time zone) on which events of the site take place, with how many; the area and type filters apply',
  body: lazySchema(() =>
    z.strictObject({
      month: monthSchema,
      province: activityFilters.province,
      city: activityFilters.city,
      is_online: activityFilters.is_online,
    }),
  ),
  data: lazySchema(() =>
    z.object({
      month: z.string(),
      days: z.array(z.object({ date: z.string().describe('YYYY-MM-DD'), count: z.number() })),
    }),
  ),
});

export const mySignupSchema = lazySchema(() =>
  z.object({
    status: z.number().describe('10 signed up, 20 waiting'),
    waitlist_position: z.number().nullable().describe('1 for the first one waiting; null when signed up'),
    create_time: isoTime,
  }),
);

export const activityDetailSchema = lazySchema(() =>
  activityCardSchema.extend({
    tws_id: z.number(),
    ta_content: z.string().describe('sanitised HTML'),
    ta_schedule: z.array(eventScheduleItemSchema),
    ta_form_fields: z.array(eventFormFieldSchema),
    ta_online_url: z
      .string()
      .nullable()
      .describe('the online link, only for a member signed up (status 10); null otherwise'),
    ta_waitlist_count: z.number(),
    like_count: z.number(),
    favourite_count: z.number(),
    question_count: z.number(),
    is_liked: z.boolean(),
    is_favourited: z.boolean(),
    my_signup: mySignupSchema.nullable(),
    can_moderate: z.boolean().describe('the viewer may delete any question (event.manage)'),
    has_questionnaire: z.boolean().describe('the event has a questionnaire (/questionnaire/{ta_id}; decision 029)'),
    linked: z.array(z.object({ tws_id: z.number(), ta_id: z.number(), lang: z.string() })),
  }),
);
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

const eventIdBody = lazySchema(() => z.strictObject({ ta_id: eventId }));

export const activityInfo = defineCall({
  id: 'activity.info',
  scope: 'global',
  path: '/api/activity/info',
  write: false,
  access: PUBLIC,
  tag: 'events',
  summary:
    'An event of the site with its body, schedule, form fields, state, counts and the viewer’s sign-up; the online link only for a member signed up',
  body: eventIdBody,
  data: activityDetailSchema,
});

export const activityLike = defineCall({
  id: 'activity.like',
  scope: 'global',
  path: '/api/activity/like',
  write: true,
  access: MEMBER,
  tag: 'events',
  summary: 'Toggles the viewer’s like of an event; answers the new state and count',
  body: eventIdBody,
  data: lazySchema(() => z.object({ is_liked: z.boolean(), like_count: z.number() })),
});

export const activityCollection = defineCall({
  id: 'activity.collection',
  scope: 'global',
  path: '/api/activity/collection',
  write: true,
  access: MEMBER,
  tag: 'events',
  summary: 'Toggles the viewer’s favourite of an event; answers the new state and count',
  body: eventIdBody,
  data: lazySchema(() => z.object({ is_favourited: z.boolean(), favourite_count: z.number() })),
});

export const signUpFormSchema = lazySchema(() =>
  z
    .record(
      z.string().max(40),
      z
        .string({ message: 'events.rules.answerInvalid' })
        .max(EVENT_RULE.answerMax, { message: 'events.rules.answerTooLong' }),
      { message: 'events.rules.answerInvalid' },
    )
    .default({})
    .describe('answers to the event’s form fields by key; checked against the event’s own fields on the server'),
);

export const activitySignUp = defineCall({
  id: 'activity.signUp',
  scope: 'global',
  path: '/api/activity/signUp',
  write: true,
  access: MEMBER_WITH_INFORMATION,
  tag: 'events',
  summary:
    'Signs the viewer up for an event while sign-up is open: takes a seat if one is left; when full and the event keeps a waitlist, join_waitlist puts the member on it, else refused (201). One live sign-up per member and event. A form answer that breaks the event’s own field rules is a 400 naming form.<key>.',
  body: lazySchema(() =>
    z.strictObject({
      ta_id: eventId,
      form: signUpFormSchema,
      join_waitlist: z.boolean({ message: 'events.rules.waitlistInvalid' }).default(false),
    }),
  ),
  data: lazySchema(() =>
    z.object({
      status: z.number().describe('10 signed up, 20 waiting'),
      waitlist_position: z.number().nullable(),
      ta_signup_count: z.number(),
      ta_waitlist_count: z.number(),
    }),
  ),
});

export const activityCancelSignUp = defineCall({
  id: 'activity.cancelSignUp',
  scope: 'global',
  path: '/api/activity/cancelSignUp',
  write: true,
  access: MEMBER,
  tag: 'events',
  summary:
    'Cancels the viewer’s sign-up or place on the waitlist, until the event starts; a freed seat goes to the first member waiting, who gets an in-site message',
  body: eventIdBody,
  data: lazySchema(() => z.object({ ta_signup_count: z.number(), ta_waitlist_count: z.number() })),
});

export const eventQuestionSchema = lazySchema(() =>
  z.object({
    taq_id: z.number(),
    ta_id: z.number(),
    taq_content: z.string().describe('plain text; show it as text, never as HTML'),
    author: userBriefSchema,
    like_count: z.number(),
    is_liked: z.boolean(),
    is_mine: z.boolean(),
    create_time: isoTime,
  }),
);
export type EventQuestion = z.infer<typeof eventQuestionSchema>;

export const actQuestion = defineCall({
  id: 'activity_que.actQuestion',
  scope: 'global',
  path: '/api/activity_que/actQuestion',
  write: false,
  access: PUBLIC,
  tag: 'events',
  summary: 'The questions asked on an event, newest first, keyset paged',
  body: lazySchema(() => z.strictObject({ ta_id: eventId, ...pageQuery })),
  data: lazySchema(() => z.object({ list: z.array(eventQuestionSchema), next_cursor: z.string().nullable() })),
});

export const questionContentSchema = lazySchema(() =>
  z
    .string({ message: 'events.rules.questionContentRequired' })
    .transform((v) => v.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'events.rules.questionContentRequired' })
        .max(EVENT_RULE.questionMax, { message: 'events.rules.questionTooLong' }),
    )
    .describe(`plain text, 1 to ${EVENT_RULE.questionMax} characters after trimming`),
);

export const actQuestionAdd = defineCall({
  id: 'activity_que.actQuestionAdd',
  scope: 'global',
  path: '/api/activity_que/actQuestionAdd',
  write: true,
  access: MEMBER_WITH_INFORMATION,
  tag: 'events',
  summary: 'Asks a question on an event (plain text)',
  body: lazySchema(() => z.strictObject({ ta_id: eventId, taq_content: questionContentSchema })),
  data: eventQuestionSchema,
});

export const actQuestionLike = defineCall({
  id: 'activity_que.actQuestionLike',
  scope: 'global',
  path: '/api/activity_que/actQuestionLike',
  write: true,
  access: MEMBER,
  tag: 'events',
  summary: 'Toggles the viewer’s like of a question',
  body: lazySchema(() => z.strictObject({ taq_id: questionId })),
  data: lazySchema(() => z.object({ is_liked: z.boolean(), like_count: z.number() })),
});

export const actQuestionDel = defineCall({
  id: 'activity_que.actQuestionDel',
  scope: 'global',
  path: '/api/activity_que/actQuestionDel',
  write: true,
  access: MEMBER,
  tag: 'events',
  summary:
    'Deletes the viewer’s own question (soft); staff holding event.manage on the site may delete any, audited; 403 for others',
  body: lazySchema(() => z.strictObject({ taq_id: questionId })),
  data: lazySchema(() => z.null()),
});

/** The catalogue keys of the success toasts. */
export const EVENTS_MSG = {
  signedUp: 'events.api.signedUp',
  waitlisted: 'events.api.waitlisted',
  cancelled: 'events.api.cancelled',
  asked: 'events.api.asked',
  deleted: 'events.api.deleted',
} as const;

export const eventsCalls = [
  activityIndex,
  activityCommonData,
  activityGetArea,
  activityCalendar,
  activityInfo,
  activityLike,
  activityCollection,
  activitySignUp,
  activityCancelSignUp,
  actQuestion,
  actQuestionAdd,
  actQuestionLike,
  actQuestionDel,
] as const;
