import { lazySchema, z } from './zod';
import { defineCall, permission } from './call';
import { VIEW_TYPE } from './event-signups';
import { ID_MAX } from './constants';
import { EVENT_FIELD_TYPES, EVENT_RULE } from './events';
import { PERMISSIONS } from './permissions';
import { isHttpUrl, isSiteImageUrl, plainLine } from './text-rules';

/**
 * Events in the back office, attendance and the sign-up list (issue 18, items 9, 5, 6; decision
 * 027). Staff holding `event.manage` on the site in the URL create and edit the site's events (with
 * linked versions on the other site), see every sign-up, check members in by their code and export
 * the list. Every write is audited. Members see their own check-in code as a QR code; anyone sees the
 * public sign-up list with names and contacts masked.
 */

export const EVENT_ADMIN_RULE = {
  titleMax: 200,
  summaryMax: 500,
  addressMax: 300,
  onlineUrlMax: 500,
  capacityMax: 100_000,
  contentMax: 200_000,
  labelMax: 40,
  optionMax: 50,
  keywordMax: 50,
  /** The export holds at most this many rows (the newest sign-ups are cut). */
  exportMaxRows: 10_000,
} as const;

/** A check-in code: 20 characters of an alphabet without 0/O, 1/I; typed with or without spaces and dashes. */
export const CHECKIN_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{20}$/;

/** A code as a scanner or a person types it: upper case, without spaces and dashes. */
export function normaliseCheckinCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

const eventId = lazySchema(() =>
  z
    .number({ message: 'events.rules.eventRequired' })
    .int({ message: 'events.rules.eventRequired' })
    .positive({ message: 'events.rules.eventRequired' })
    .max(ID_MAX, { message: 'events.rules.eventRequired' }),
);
const signupId = lazySchema(() =>
  z
    .number({ message: 'eventsAdmin.rules.signupRequired' })
    .int({ message: 'eventsAdmin.rules.signupRequired' })
    .positive({ message: 'eventsAdmin.rules.signupRequired' })
    .max(ID_MAX, { message: 'eventsAdmin.rules.signupRequired' }),
);
const time = (message: string) => z.iso.datetime({ offset: true, message }).describe('ISO 8601 time with a zone');
const line = (max: number, message: string, min = 0) =>
  z.string({ message }).transform(plainLine).pipe(z.string().trim().min(min, { message }).max(max, { message }));

const ATTACHMENT_IMAGE = /^\/attachments\/\d{1,15}\/[A-Za-z0-9_-]{1,64}$/;

/** A cover: none, an image uploaded with `/api/tool/upLoadimage/` (its address), or a demo picture. */
export function isEventCoverUrl(url: string): boolean {
  return url === '' || ATTACHMENT_IMAGE.test(url) || isSiteImageUrl(url);
}

export const eventFormFieldInputSchema = lazySchema(() =>
  z.strictObject({
    key: z
      .string({ message: 'eventsAdmin.rules.fieldKey' })
      .regex(/^[a-z][a-z0-9_]{0,39}$/, { message: 'eventsAdmin.rules.fieldKey' }),
    type: z.enum(EVENT_FIELD_TYPES, { message: 'eventsAdmin.rules.fieldType' }),
    label: line(EVENT_ADMIN_RULE.labelMax, 'eventsAdmin.rules.fieldLabel', 1),
    required: z.boolean({ message: 'eventsAdmin.rules.fieldRequired' }),
    options: z
      .array(line(EVENT_ADMIN_RULE.optionMax, 'eventsAdmin.rules.fieldOptions', 1), {
        message: 'eventsAdmin.rules.fieldOptions',
      })
      .max(EVENT_RULE.choiceOptionsMax, { message: 'eventsAdmin.rules.fieldOptions' })
      .default([]),
  }),
);

const eventFields = lazySchema(() => ({
  ta_title: line(EVENT_ADMIN_RULE.titleMax, 'eventsAdmin.rules.title', 1),
  ta_summary: line(EVENT_ADMIN_RULE.summaryMax, 'eventsAdmin.rules.summary').default(''),
  ta_cover_url: z
    .string({ message: 'eventsAdmin.rules.cover' })
    .refine(isEventCoverUrl, { message: 'eventsAdmin.rules.cover' })
    .default('')
    .describe("'' for none, or the address an image upload answered (/attachments/{id}/{key})"),
  ta_is_online: z.boolean({ message: 'events.rules.onlineInvalid' }),
  ta_province: line(EVENT_RULE.areaMax, 'events.rules.areaInvalid')
    .default('')
    .describe('offline: a province (region on the English site) of the site’s area list'),
  ta_city: line(EVENT_RULE.areaMax, 'events.rules.areaInvalid')
    .default('')
    .describe('offline: a city (country on the English site) of that province'),
  ta_address: line(EVENT_ADMIN_RULE.addressMax, 'eventsAdmin.rules.address').default(''),
  ta_online_url: z
    .string({ message: 'eventsAdmin.rules.onlineUrl' })
    .trim()
    .refine((v) => v === '' || isHttpUrl(v), { message: 'eventsAdmin.rules.onlineUrl' })
    .default('')
    .describe('online: the meeting link, shown only to members signed up'),
  ta_capacity: z
    .number({ message: 'eventsAdmin.rules.capacity' })
    .int({ message: 'eventsAdmin.rules.capacity' })
    .min(0, { message: 'eventsAdmin.rules.capacity' })
    .max(EVENT_ADMIN_RULE.capacityMax, { message: 'eventsAdmin.rules.capacity' })
    .describe('seats; 0 for no limit'),
  ta_waitlist_enabled: z.boolean({ message: 'eventsAdmin.rules.waitlist' }).default(false),
  ta_signup_start_time: time('eventsAdmin.rules.time'),
  ta_signup_end_time: time('eventsAdmin.rules.time'),
  ta_start_time: time('eventsAdmin.rules.time'),
  ta_end_time: time('eventsAdmin.rules.time'),
  ta_form_fields: z
    .array(eventFormFieldInputSchema, { message: 'eventsAdmin.rules.fields' })
    .max(EVENT_RULE.formFieldsMax, { message: 'eventsAdmin.rules.fields' })
    .default([]),
  ta_content: z
    .string({ message: 'eventsAdmin.rules.content' })
    .max(EVENT_ADMIN_RULE.contentMax, { message: 'eventsAdmin.rules.content' })
    .default('')
    .describe('rich text; sanitised on the server'),
  ta_topic_id: z
    .number({ message: 'eventsAdmin.rules.topic' })
    .int({ message: 'eventsAdmin.rules.topic' })
    .positive({ message: 'eventsAdmin.rules.topic' })
    .max(ID_MAX, { message: 'eventsAdmin.rules.topic' })
    .nullable()
    .default(null)
    .describe('a topic of the site (not archived) whose activities page lists the event; null for none (decision 030)'),
}));

type EventFieldsOut = z.output<z.ZodObject<typeof eventFields>>;

/** The rules between fields, each naming the field it blames. */
function eventIssues(v: EventFieldsOut, ctx: z.RefinementCtx) {
  const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [field] });
  const ms = (s: string) => Date.parse(s);
  if (ms(v.ta_signup_end_time) <= ms(v.ta_signup_start_time)) at('ta_signup_end_time', 'eventsAdmin.rules.signupOrder');
  if (ms(v.ta_end_time) <= ms(v.ta_start_time)) at('ta_end_time', 'eventsAdmin.rules.endOrder');
  if (ms(v.ta_signup_start_time) >= ms(v.ta_start_time))
    at('ta_signup_start_time', 'eventsAdmin.rules.signupBeforeStart');
  if (v.ta_is_online && v.ta_online_url === '') at('ta_online_url', 'eventsAdmin.rules.onlineUrl');
  if (!v.ta_is_online) {
    if (v.ta_province === '') at('ta_province', 'events.rules.areaInvalid');
    if (v.ta_city === '') at('ta_city', 'events.rules.areaInvalid');
    if (v.ta_address === '') at('ta_address', 'eventsAdmin.rules.address');
  }
  const keys = new Set<string>();
  v.ta_form_fields.forEach((f, i) => {
    if (keys.has(f.key)) at(`ta_form_fields.${i}.key`, 'eventsAdmin.rules.fieldKeyTaken');
    keys.add(f.key);
    if (f.type === 'choice' && f.options.length === 0)
      at(`ta_form_fields.${i}.options`, 'eventsAdmin.rules.fieldOptions');
  });
}

export const eventInputSchema = lazySchema(() => z.strictObject(eventFields).superRefine(eventIssues));
export type EventInput = z.output<typeof eventInputSchema>;

export const adminEventSchema = lazySchema(() =>
  z.object({
    ta_id: z.number(),
    tws_id: z.number(),
    ta_title: z.string(),
    ta_summary: z.string(),
    ta_cover_url: z.string(),
    ta_is_online: z.boolean(),
    ta_province: z.string(),
    ta_city: z.string(),
    ta_address: z.string(),
    ta_online_url: z.string(),
    ta_capacity: z.number(),
    ta_waitlist_enabled: z.boolean(),
    ta_signup_start_time: z.string(),
    ta_signup_end_time: z.string(),
    ta_start_time: z.string(),
    ta_end_time: z.string(),
    ta_form_fields: z.array(
      z.object({
        key: z.string(),
        type: z.enum(EVENT_FIELD_TYPES),
        label: z.string(),
        required: z.boolean(),
        options: z.array(z.string()),
      }),
    ),
    ta_content: z.string().describe('sanitised HTML'),
    ta_topic_id: z.number().nullable(),
    ta_state: z.number().describe('10 not started, 20 registering, 30 in progress, 40 ended'),
    ta_signup_count: z.number(),
    ta_waitlist_count: z.number(),
    ta_checked_in_count: z.number(),
    linked: z.array(z.object({ tws_id: z.number(), ta_id: z.number() })),
    create_time: z.string(),
  }),
);
export type AdminEvent = z.infer<typeof adminEventSchema>;

const access = permission(PERMISSIONS.eventManage);

export const adminEventList = defineCall({
  id: 'admin.events.list',
  scope: 'site',
  path: '/admin/events/list',
  write: false,
  access,
  tag: 'admin',
  summary: 'The site’s events, newest start first, optionally by a word of the title; keyset paged',
  body: lazySchema(() =>
    z.strictObject({
      keyword: z.string().trim().max(EVENT_ADMIN_RULE.keywordMax).optional(),
      cursor: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(50).default(20),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(adminEventSchema), next_cursor: z.string().nullable() })),
});

export const adminEventGet = defineCall({
  id: 'admin.events.get',
  scope: 'site',
  path: '/admin/events/get',
  write: false,
  access,
  tag: 'admin',
  summary: 'One event of the site as the back office edits it (the online link and the form included)',
  body: lazySchema(() => z.strictObject({ ta_id: eventId })),
  data: adminEventSchema,
});

export const adminEventCreate = defineCall({
  id: 'admin.events.create',
  scope: 'site',
  path: '/admin/events/create',
  write: true,
  access,
  tag: 'admin',
  summary:
    'Creates an event on the site; other_lang names other sites (tws_id) to publish linked versions in, which are then edited apart. Offline events need an area of the site’s list and an address; online ones a link. Audited.',
  body: lazySchema(() =>
    z
      .strictObject({
        ...eventFields,
        other_lang: z
          .array(z.number({ message: 'eventsAdmin.rules.otherLang' }).int(), { message: 'eventsAdmin.rules.otherLang' })
          .max(5, { message: 'eventsAdmin.rules.otherLang' })
          .default([]),
      })
      .superRefine(eventIssues),
  ),
  data: lazySchema(() =>
    z.object({ ta_id: z.number(), linked: z.array(z.object({ tws_id: z.number(), ta_id: z.number() })) }),
  ),
});

export const adminEventUpdate = defineCall({
  id: 'admin.events.update',
  scope: 'site',
  path: '/admin/events/update',
  write: true,
  access,
  tag: 'admin',
  summary:
    'Replaces an event’s fields (its linked versions stay as they are). Capacity may not go below the seats taken. Audited.',
  body: lazySchema(() => z.strictObject({ ta_id: eventId, ...eventFields }).superRefine(eventIssues)),
  data: adminEventSchema,
});

export const adminEventTopics = defineCall({
  id: 'admin.events.topics',
  scope: 'site',
  path: '/admin/events/topics',
  write: false,
  access,
  tag: 'admin',
  summary: 'The site’s open topics in their order (at most 500), to attach an event to one (decision 030)',
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ list: z.array(z.object({ tt_id: z.number(), tt_title: z.string() })) })),
});

export const adminSignupSchema = lazySchema(() =>
  z.object({
    signup_id: z.number(),
    user_id: z.number(),
    user_nick_name: z.string(),
    user_email: z.string(),
    user_mobile: z.string(),
    status: z.number().describe('10 signed up, 20 waiting, 30 cancelled'),
    answers: z.record(z.string(), z.string()),
    checked_in: z.boolean(),
    checkin_time: z.string().nullable(),
    create_time: z.string(),
  }),
);
export type AdminSignup = z.infer<typeof adminSignupSchema>;

export const adminEventSignups = defineCall({
  id: 'admin.events.signups',
  scope: 'site',
  path: '/admin/events/signups',
  write: false,
  access,
  tag: 'admin',
  summary:
    'The sign-ups of an event with the members’ contacts and answers: view_type 1 signed up, 2 waiting; keyword matches nickname, email, mobile or an answer; oldest first, keyset paged',
  body: lazySchema(() =>
    z.strictObject({
      ta_id: eventId,
      view_type: z
        .union([z.literal(VIEW_TYPE.confirmed), z.literal(VIEW_TYPE.waitlist)], {
          message: 'eventsAdmin.rules.viewType',
        })
        .default(VIEW_TYPE.confirmed),
      keyword: z.string().trim().max(EVENT_ADMIN_RULE.keywordMax, { message: 'eventsAdmin.rules.keyword' }).optional(),
      cursor: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(100).default(50),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(adminSignupSchema), next_cursor: z.string().nullable() })),
});

const checkInResult = lazySchema(() =>
  z.object({
    signup: adminSignupSchema,
    already: z.boolean().describe('the member had been checked in before (nothing changed)'),
    points: z.number().describe('event-attended points awarded by this call (0 when none)'),
  }),
);

export const adminEventCheckIn = defineCall({
  id: 'admin.events.checkIn',
  scope: 'site',
  path: '/admin/events/checkIn',
  write: true,
  access,
  tag: 'admin',
  summary:
    'Checks a member in, by the code of their sign-up (as typed or scanned) or by the sign-up’s id from the list. Only a sign-up holding a seat; twice changes nothing. Awards the event-attended points once. Audited.',
  body: lazySchema(() =>
    z
      .strictObject({
        ta_id: eventId,
        code: z
          .string({ message: 'eventsAdmin.rules.code' })
          .max(64, { message: 'eventsAdmin.rules.code' })
          .transform(normaliseCheckinCode)
          .pipe(z.string().regex(CHECKIN_CODE_PATTERN, { message: 'eventsAdmin.rules.code' }))
          .optional(),
        signup_id: signupId.optional(),
      })
      .refine((b) => (b.code === undefined) !== (b.signup_id === undefined), {
        message: 'eventsAdmin.rules.code',
        path: ['code'],
      }),
  ),
  data: checkInResult,
});

export const adminEventUndoCheckIn = defineCall({
  id: 'admin.events.undoCheckIn',
  scope: 'site',
  path: '/admin/events/undoCheckIn',
  write: true,
  access,
  tag: 'admin',
  summary: 'Undoes a check-in and takes the event-attended points back. Audited.',
  body: lazySchema(() => z.strictObject({ ta_id: eventId, signup_id: signupId })),
  data: lazySchema(() => z.object({ signup: adminSignupSchema })),
});

/**
 * The export is a file, not an envelope: `POST /api/{site}/admin/events/exportSignups` with this
 * body (isapi header as every call) answers an .xlsx (streamed, at most exportMaxRows rows), or an
 * envelope refusal. Audited.
 */
export const adminEventExport = {
  id: 'admin.events.exportSignups',
  scope: 'site' as const,
  path: '/admin/events/exportSignups',
  access,
  body: lazySchema(() =>
    z.strictObject({
      ta_id: eventId,
      view_type: z
        .union([z.literal(VIEW_TYPE.confirmed), z.literal(VIEW_TYPE.waitlist)], {
          message: 'eventsAdmin.rules.viewType',
        })
        .default(VIEW_TYPE.confirmed),
    }),
  ),
};

export const EVENTS_ADMIN_MSG = {
  created: 'eventsAdmin.api.created',
  updated: 'eventsAdmin.api.updated',
  checkedIn: 'eventsAdmin.api.checkedIn',
  alreadyCheckedIn: 'eventsAdmin.api.alreadyCheckedIn',
  undone: 'eventsAdmin.api.undone',
} as const;

export const eventsAdminCalls = [
  adminEventList,
  adminEventGet,
  adminEventCreate,
  adminEventUpdate,
  adminEventSignups,
  adminEventCheckIn,
  adminEventUndoCheckIn,
] as const;
