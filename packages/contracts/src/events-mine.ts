import { lazySchema, z } from './zod';
import { defineCall, MEMBER } from './call';
import { PAGE_SIZE } from './constants';
import { activityCardSchema } from './events';

/**
 * The personal centre's event sections (issue 18 item 10, decision 030): the member's sign-ups in
 * three groups and their favourite events, on the site of the siteData cookie (the site whose
 * cancel and favourite calls act on them). Apart from events.ts so that only that page loads them.
 */

const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

const pageQuery = lazySchema(() => ({
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
  limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
}));

/** upcoming: holding a seat, the event not ended; waitlisted: waiting, not ended; past: held a seat, ended. */
export const MY_SIGNUP_GROUPS = ['upcoming', 'waitlisted', 'past'] as const;
export type MySignupGroup = (typeof MY_SIGNUP_GROUPS)[number];

export const mySignupRowSchema = lazySchema(() =>
  activityCardSchema.extend({
    signup_id: z.number(),
    status: z.number().describe('10 signed up, 20 waiting'),
    waitlist_position: z.number().nullable().describe('1 for the first one waiting; null when signed up'),
    checked_in: z.boolean(),
    ta_online_url: z.string().nullable().describe('the online link of an online event the member holds a seat at'),
    signup_time: isoTime,
  }),
);
export type MySignupRow = z.infer<typeof mySignupRowSchema>;

export const activityMySignups = defineCall({
  id: 'activity.mySignups',
  scope: 'global',
  path: '/api/activity/mySignups',
  write: false,
  access: MEMBER,
  tag: 'events',
  summary:
    "The viewer's own sign-ups on the site, one group at a time: upcoming (a seat, event not ended) and waitlisted (waiting, not ended) soonest first, past (a seat, ended; checked in or not) latest first; keyset paged",
  body: lazySchema(() =>
    z.strictObject({
      group: z.enum(MY_SIGNUP_GROUPS, { message: 'events.rules.groupInvalid' }),
      ...pageQuery,
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(mySignupRowSchema), next_cursor: z.string().nullable() })),
});

export const myFavouriteEventSchema = lazySchema(() => activityCardSchema.extend({ favourite_time: isoTime }));
export type MyFavouriteEvent = z.infer<typeof myFavouriteEventSchema>;

export const activityMyCollection = defineCall({
  id: 'activity.myCollection',
  scope: 'global',
  path: '/api/activity/myCollection',
  write: false,
  access: MEMBER,
  tag: 'events',
  summary: 'The events of the site the viewer favourited, latest favourite first; keyset paged',
  body: lazySchema(() => z.strictObject(pageQuery)),
  data: lazySchema(() => z.object({ list: z.array(myFavouriteEventSchema), next_cursor: z.string().nullable() })),
});
