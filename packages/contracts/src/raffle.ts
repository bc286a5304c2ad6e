import { lazySchema, z } from './zod';
import { defineCall, MEMBER, PUBLIC } from './call';
import { ID_MAX } from './constants';
import { pageOf, pageQuerySchema } from './pagination';
import { POINT_SPEND } from './points';

/**
 * The raffle page (spec 2 `/{lang}/rafflelandingpage`; issue 22 item 5; decisions.md "Raffle";
 * decision 037). A site's running campaign with its prizes, the viewer's chances (free ones per day
 * in the viewer's zone, extra ones bought with points), the draw (decided on the server with a
 * cryptographic random source, never taking more of a prize than its stock), the viewer's prizes
 * and the recent winners with masked names.
 */

export const RAFFLE_RULE = {
  titleMax: 100,
  descriptionMax: 2000,
  prizeNameMax: 100,
  prizesMax: 20,
  stockMax: 1_000_000,
  weightMax: 1_000_000,
  dailyChancesMax: 10,
  chancePriceMax: 100_000,
  /** Extra chances bought at once. */
  buyMax: 10,
  /** The back office's export holds at most this many winners (the newest). */
  exportMaxRows: 10_000,
} as const;

/** Which chance a draw spent. */
export const RAFFLE_CHANCE = { daily: 'daily', extra: 'extra' } as const;
export type RaffleChance = (typeof RAFFLE_CHANCE)[keyof typeof RAFFLE_CHANCE];

/** The ledger row of bought chances: its rule code and the kind of item it names (the campaign). */
export const RAFFLE_POINTS = { rule: POINT_SPEND.raffleChance, sourceKind: 'raffle_campaign' } as const;

const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

export const campaignIdSchema = lazySchema(() =>
  z
    .number({ message: 'raffle.rules.campaignRequired' })
    .int({ message: 'raffle.rules.campaignRequired' })
    .positive({ message: 'raffle.rules.campaignRequired' })
    .max(ID_MAX, { message: 'raffle.rules.campaignRequired' }),
);

export const rafflePrizeSchema = lazySchema(() =>
  z.object({
    trp_id: z.number(),
    trp_name: z.string(),
    trp_img_url: z.string().describe("the prize's picture; '' when it has none"),
    trp_stock: z.number().describe('left to win'),
    trp_chance: z.number().describe("the prize's share of a draw's outcomes while in stock, 0..1"),
  }),
);
export type RafflePrize = z.infer<typeof rafflePrizeSchema>;

export const raffleCampaignSchema = lazySchema(() =>
  z.object({
    trc_id: z.number(),
    trc_title: z.string(),
    trc_description: z.string().describe('plain text'),
    trc_start_time: isoTime,
    trc_end_time: isoTime,
    trc_daily_chances: z.number().describe('free draws per member and day, in the member’s time zone'),
    trc_chance_price: z.number().describe('points per extra chance; 0: no extra chances are sold'),
    trc_no_prize_chance: z
      .number()
      .describe('the share of "no prize" among outcomes while every prize is in stock, 0..1'),
    trc_state: z.enum(['upcoming', 'running', 'ended']),
  }),
);
export type RaffleCampaign = z.infer<typeof raffleCampaignSchema>;

export const raffleChancesSchema = lazySchema(() =>
  z.object({
    daily_left: z.number().describe("free draws left today (the viewer's zone)"),
    extra_chances: z.number().describe('bought chances not used yet'),
    points: z.number().describe("the viewer's points"),
  }),
);
export type RaffleChances = z.infer<typeof raffleChancesSchema>;

export const raffleCurrent = defineCall({
  id: 'raffle.current',
  scope: 'site',
  path: '/api/raffle/current',
  write: false,
  access: PUBLIC,
  tag: 'raffle',
  summary:
    "The site's campaign shown on the raffle page (the running one, else the next, else the last ended) with its prizes, and the viewer's chances when signed in (null for a visitor); campaign null when the site has none",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() =>
    z.object({
      campaign: raffleCampaignSchema.nullable(),
      prizes: z.array(rafflePrizeSchema),
      chances: raffleChancesSchema.nullable(),
    }),
  ),
});

export const raffleDraw = defineCall({
  id: 'raffle.draw',
  scope: 'site',
  path: '/api/raffle/draw',
  write: true,
  access: MEMBER,
  tag: 'raffle',
  summary:
    "Draws once: spends a free chance of today (the viewer's zone) or else a bought one, and picks the outcome on the server (crypto.randomInt over the weights of the prizes in stock and of no prize). A prize's stock is taken by a conditional update in the draw's transaction, so it is never oversold. Refused (201) outside the window (raffleApi.notRunning) or without a chance (raffleApi.noChance).",
  body: lazySchema(() => z.strictObject({ trc_id: campaignIdSchema })),
  data: lazySchema(() =>
    z.object({
      draw_id: z.number(),
      prize: z.object({ trp_id: z.number(), trp_name: z.string(), trp_img_url: z.string() }).nullable(),
      chances: raffleChancesSchema,
    }),
  ),
});

export const raffleBuyChances = defineCall({
  id: 'raffle.buyChances',
  scope: 'site',
  path: '/api/raffle/buyChances',
  write: true,
  access: MEMBER,
  tag: 'raffle',
  summary:
    "Buys extra chances with points at the campaign's price: one ledger debit (rule raffle_chance) in the same transaction as the chances. Refused (201) outside the window, when the campaign sells none (raffleApi.notForSale) or without enough points (raffleApi.notEnoughPoints).",
  body: lazySchema(() =>
    z.strictObject({
      trc_id: campaignIdSchema,
      count: z
        .number({ message: 'raffle.rules.countRule' })
        .int({ message: 'raffle.rules.countRule' })
        .min(1, { message: 'raffle.rules.countRule' })
        .max(RAFFLE_RULE.buyMax, { message: 'raffle.rules.countRule' }),
    }),
  ),
  data: lazySchema(() => z.object({ spent: z.number().describe('points debited'), chances: raffleChancesSchema })),
});

export const raffleMyPrizeSchema = lazySchema(() =>
  z.object({
    draw_id: z.number(),
    trc_id: z.number(),
    trc_title: z.string(),
    trp_name: z.string(),
    trp_img_url: z.string(),
    create_time: isoTime,
  }),
);
export type RaffleMyPrize = z.infer<typeof raffleMyPrizeSchema>;

export const raffleMyPrizes = defineCall({
  id: 'raffle.myPrizes',
  scope: 'site',
  path: '/api/raffle/myPrizes',
  write: false,
  access: MEMBER,
  tag: 'raffle',
  summary: "The prizes the viewer has won on this site's campaigns, newest first; keyset paged",
  body: pageQuerySchema,
  data: lazySchema(() => pageOf(raffleMyPrizeSchema)),
});

export const raffleWinnerSchema = lazySchema(() =>
  z.object({
    draw_id: z.number(),
    user_nick_name: z.string().describe('masked: the first and last character'),
    trp_name: z.string(),
    create_time: isoTime,
  }),
);
export type RaffleWinner = z.infer<typeof raffleWinnerSchema>;

export const raffleWinners = defineCall({
  id: 'raffle.winners',
  scope: 'site',
  path: '/api/raffle/winners',
  write: false,
  access: PUBLIC,
  tag: 'raffle',
  summary: "A campaign's winners, newest first, names masked; keyset paged",
  body: lazySchema(() => pageQuerySchema.extend({ trc_id: campaignIdSchema })),
  data: lazySchema(() => pageOf(raffleWinnerSchema)),
});
