import { lazySchema, z } from './zod';
import { defineCall, MEMBER } from './call';
import { pageOf, pageQuerySchema } from './pagination';
import { LEDGER_CODES } from './points';

/**
 * The member's own points (issue 22 items 2 and 3, decision 032): the achievements section of the
 * personal centre (points, level, progress, medal, the daily sign-in and its streak) and the points
 * history, one ledger row at a time with the rule and the item it came from. Apart from points.ts so
 * that the navbar, which reads levels from there, does not load these schemas.
 */

const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));
const ruleCode = lazySchema(() => z.enum(LEDGER_CODES as [string, ...string[]]));

export const pointsStandingSchema = lazySchema(() =>
  z.object({
    points: z.number().describe("the member's balance to spend, equal to the sum of their ledger"),
    earned_points: z
      .number()
      .describe(
        'points earned and kept (awards minus take-backs; spends left out): the level, medal and progress follow it',
      ),
    level: z.number().describe('1..8'),
    medal: z.number().describe('0 none, 1 bronze, 2 silver, 3 gold, 4 diamond'),
    level_floor: z.number().describe('points at which the current level started'),
    next_level_points: z.number().nullable().describe('points at which the next level starts; null at Lv8'),
    signed_today: z.boolean().describe("signed in today, in the viewer's time zone"),
    streak: z.number().describe('days in a row signed in, up to today or yesterday; 0 when the run is broken'),
    signin_points: z.number().describe("what today's sign-in awards on this site (0 when the rule is off)"),
  }),
);
export type PointsStanding = z.infer<typeof pointsStandingSchema>;

export const pointsMine = defineCall({
  id: 'points.mine',
  scope: 'site',
  path: '/api/points/mine',
  write: false,
  access: MEMBER,
  tag: 'points',
  summary:
    "The viewer's points, level, medal and progress to the next level, and today's sign-in (in the viewer's time zone: the time-zone-name header) with the streak",
  body: lazySchema(() => z.strictObject({})),
  data: pointsStandingSchema,
});

export const pointsSignIn = defineCall({
  id: 'points.signIn',
  scope: 'site',
  path: '/api/points/signIn',
  write: true,
  access: MEMBER,
  tag: 'points',
  summary:
    "The daily sign-in: once a day per member (either site), the day of the viewer's time zone; awards the site's daily sign-in rule and extends the streak. A second sign-in the same day is refused (201, pointsApi.alreadySignedIn).",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => pointsStandingSchema.extend({ awarded: z.number().describe('points this sign-in awarded') })),
});

export const pointsHistoryRowSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    rule: ruleCode.describe('the rule the row is for, or what the points were spent on (raffle_chance)'),
    amount: z.number().describe('positive: awarded; negative: taken back'),
    source_kind: z.string().nullable().describe('what the row is for: post, comment, topic_article, activity, day...'),
    source_id: z.number().nullable(),
    site_id: z.number().describe('the site whose rule applied'),
    create_time: isoTime,
  }),
);
export type PointsHistoryRow = z.infer<typeof pointsHistoryRowSchema>;

export const pointsHistory = defineCall({
  id: 'points.history',
  scope: 'site',
  path: '/api/points/history',
  write: false,
  access: MEMBER,
  tag: 'points',
  summary: "The viewer's points ledger, both sites, newest first, with the rule and item of each row; keyset paged",
  body: pageQuerySchema,
  data: lazySchema(() => pageOf(pointsHistoryRowSchema)),
});
