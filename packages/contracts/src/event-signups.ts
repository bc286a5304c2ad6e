import { lazySchema, z } from './zod';
import { defineCall, MEMBER, PUBLIC } from './call';
import { ID_MAX } from './constants';

/**
 * What members and visitors see of sign-ups (decision 028): a member's own check-in code with its QR
 * code, and an event's public sign-up list, masked. Apart from the back office's calls
 * (events-admin.ts), so the event page and the list page do not carry the back office's schemas.
 */

/** signregist/list/{ta_id}/{sign_type}/{view_type} (decision 028). */
export const SIGN_TYPE = { event: 1, challenge: 2 } as const;
export const VIEW_TYPE = { confirmed: 1, waitlist: 2 } as const;

const eventId = lazySchema(() =>
  z
    .number({ message: 'events.rules.eventRequired' })
    .int({ message: 'events.rules.eventRequired' })
    .positive({ message: 'events.rules.eventRequired' })
    .max(ID_MAX, { message: 'events.rules.eventRequired' }),
);

export const activityCheckinCode = defineCall({
  id: 'activity.checkinCode',
  scope: 'global',
  path: '/api/activity/checkinCode',
  write: false,
  access: MEMBER,
  tag: 'events',
  summary:
    'The viewer’s check-in code for an event they hold a seat at, with its QR code as SVG; 201 when they hold none',
  body: lazySchema(() => z.strictObject({ ta_id: eventId })),
  data: lazySchema(() =>
    z.object({
      code: z.string(),
      qr_svg: z.string().describe('an SVG image of the code, made by the server'),
      checked_in: z.boolean(),
    }),
  ),
});

export const publicSignupSchema = lazySchema(() =>
  z.object({
    name: z.string().describe('masked: first and last character kept'),
    company: z.string().describe('masked'),
    phone: z.string().describe('masked: the last four digits kept'),
    checked_in: z.boolean(),
    create_time: z.string(),
  }),
);

export const signregistList = defineCall({
  id: 'signregist.list',
  scope: 'global',
  path: '/api/signregist/list',
  write: false,
  access: PUBLIC,
  tag: 'events',
  summary:
    'The public sign-up list of an event (sign_type 1; 2 challenges, later) of the site: view_type 1 signed up, 2 waiting; names, companies and phones masked; oldest first, keyset paged',
  body: lazySchema(() =>
    z.strictObject({
      ta_id: eventId,
      sign_type: z.literal(SIGN_TYPE.event, { message: 'eventsAdmin.rules.signType' }),
      view_type: z.union([z.literal(VIEW_TYPE.confirmed), z.literal(VIEW_TYPE.waitlist)], {
        message: 'eventsAdmin.rules.viewType',
      }),
      cursor: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(100).default(50),
    }),
  ),
  data: lazySchema(() =>
    z.object({
      ta_title: z.string(),
      ta_signup_count: z.number(),
      ta_waitlist_count: z.number(),
      list: z.array(publicSignupSchema),
      next_cursor: z.string().nullable(),
    }),
  ),
});
