import { lazySchema, z } from './zod';
import { defineCall, permission } from './call';
import { ID_MAX } from './constants';
import { pageOf, pageQuerySchema } from './pagination';
import { PERMISSIONS } from './permissions';
import { campaignIdSchema, RAFFLE_RULE } from './raffle';
import { siteImageDataSchema, type SiteImageUploadCall } from './banners';
import { isSiteImageUrl, plainLine } from './text-rules';

/**
 * The back office's raffle (issue 22 item 5, decision 037): holders of raffle.manage on the site in
 * the URL create and edit its campaigns (window, daily chances, the price of an extra chance, the
 * "no prize" weight) with their prizes (name, optional picture, stock left, weight), read the draw
 * log and export the winners as .xlsx. Every change is audited in its transaction.
 */

const MANAGE = permission(PERMISSIONS.raffleManage);
const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

const line = (max: number, message: string, min = 0) =>
  z.string({ message }).transform(plainLine).pipe(z.string().trim().min(min, { message }).max(max, { message }));
const whole = (max: number, message: string, min = 0) =>
  z.number({ message }).int({ message }).min(min, { message }).max(max, { message });
const time = (message: string) => z.iso.datetime({ offset: true, message }).describe('ISO 8601 time with a zone');

export const rafflePrizeInputSchema = lazySchema(() =>
  z.strictObject({
    trp_id: z
      .number({ message: 'raffleAdmin.rules.prizeUnknown' })
      .int({ message: 'raffleAdmin.rules.prizeUnknown' })
      .positive({ message: 'raffleAdmin.rules.prizeUnknown' })
      .max(ID_MAX, { message: 'raffleAdmin.rules.prizeUnknown' })
      .optional()
      .describe('absent for a new prize'),
    trp_name: line(RAFFLE_RULE.prizeNameMax, 'raffleAdmin.rules.prizeNameRule', 1),
    trp_img_url: z
      .string({ message: 'raffleAdmin.rules.prizeImageRule' })
      .refine((url) => url === '' || isSiteImageUrl(url), { message: 'raffleAdmin.rules.prizeImageRule' })
      .describe("'' or an image uploaded with admin.raffle.uploadPrizeImage"),
    trp_stock: whole(RAFFLE_RULE.stockMax, 'raffleAdmin.rules.stockRule').describe('left to win'),
    trp_weight: whole(RAFFLE_RULE.weightMax, 'raffleAdmin.rules.weightRule', 1),
  }),
);

export const raffleCampaignInputSchema = lazySchema(() =>
  z
    .strictObject({
      trc_title: line(RAFFLE_RULE.titleMax, 'raffleAdmin.rules.titleRule', 1),
      trc_description: z
        .string({ message: 'raffleAdmin.rules.descriptionRule' })
        .trim()
        .max(RAFFLE_RULE.descriptionMax, { message: 'raffleAdmin.rules.descriptionRule' })
        .describe('plain text'),
      trc_start_time: time('raffleAdmin.rules.startRule'),
      trc_end_time: time('raffleAdmin.rules.endRule'),
      trc_daily_chances: whole(RAFFLE_RULE.dailyChancesMax, 'raffleAdmin.rules.dailyChancesRule'),
      trc_chance_price: whole(RAFFLE_RULE.chancePriceMax, 'raffleAdmin.rules.chancePriceRule').describe(
        'points per extra chance; 0 sells none',
      ),
      trc_no_prize_weight: whole(RAFFLE_RULE.weightMax, 'raffleAdmin.rules.noPrizeWeightRule'),
      trc_enabled: z.boolean({ message: 'raffleAdmin.rules.enabledRule' }),
      prizes: z
        .array(rafflePrizeInputSchema, { message: 'raffleAdmin.rules.prizesRule' })
        .min(1, { message: 'raffleAdmin.rules.prizesRule' })
        .max(RAFFLE_RULE.prizesMax, { message: 'raffleAdmin.rules.prizesRule' }),
    })
    .refine((c) => Date.parse(c.trc_end_time) > Date.parse(c.trc_start_time), {
      message: 'raffleAdmin.rules.endRule',
      path: ['trc_end_time'],
    }),
);
export type RaffleCampaignInput = z.input<typeof raffleCampaignInputSchema>;

export const adminRafflePrizeSchema = lazySchema(() =>
  z.object({
    trp_id: z.number(),
    trp_name: z.string(),
    trp_img_url: z.string(),
    trp_stock: z.number(),
    trp_weight: z.number(),
    won: z.number().describe('times won so far'),
  }),
);

export const adminRaffleCampaignSchema = lazySchema(() =>
  z.object({
    trc_id: z.number(),
    trc_title: z.string(),
    trc_description: z.string(),
    trc_start_time: isoTime,
    trc_end_time: isoTime,
    trc_daily_chances: z.number(),
    trc_chance_price: z.number(),
    trc_no_prize_weight: z.number(),
    trc_enabled: z.boolean(),
    trc_state: z.enum(['upcoming', 'running', 'ended']),
    draws: z.number(),
    prizes: z.array(adminRafflePrizeSchema),
    update_time: isoTime,
  }),
);
export type AdminRaffleCampaign = z.infer<typeof adminRaffleCampaignSchema>;

export const adminRaffleList = defineCall({
  id: 'admin.raffle.list',
  scope: 'site',
  path: '/admin/raffle/list',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: "The site's campaigns, newest window first, with their prizes and figures; keyset paged",
  body: pageQuerySchema,
  data: lazySchema(() => pageOf(adminRaffleCampaignSchema)),
});

export const adminRaffleCreate = defineCall({
  id: 'admin.raffle.create',
  scope: 'site',
  path: '/admin/raffle/create',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary: 'Creates a campaign of the site with its prizes. Audited.',
  body: raffleCampaignInputSchema,
  data: adminRaffleCampaignSchema,
});

export const adminRaffleUpdate = defineCall({
  id: 'admin.raffle.update',
  scope: 'site',
  path: '/admin/raffle/update',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary:
    'Edits a campaign and its prizes: prizes with trp_id are edited (stock is what is left), new ones added, missing ones removed unless won already (raffleAdmin.rules.prizeWon). Audited with the values before and after.',
  body: lazySchema(() => raffleCampaignInputSchema.safeExtend({ trc_id: campaignIdSchema })),
  data: adminRaffleCampaignSchema,
});

export const adminRaffleDrawSchema = lazySchema(() =>
  z.object({
    draw_id: z.number(),
    user_id: z.number(),
    user_nick_name: z.string(),
    user_email: z.string(),
    trp_name: z.string().describe("'' for no prize"),
    won: z.boolean(),
    chance: z.enum(['daily', 'extra']),
    create_time: isoTime,
  }),
);
export type AdminRaffleDraw = z.infer<typeof adminRaffleDrawSchema>;

export const adminRaffleDraws = defineCall({
  id: 'admin.raffle.draws',
  scope: 'site',
  path: '/admin/raffle/draws',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: "A campaign's draw log, newest first (winners only with won_only); keyset paged",
  body: lazySchema(() => pageQuerySchema.extend({ trc_id: campaignIdSchema, won_only: z.boolean().default(false) })),
  data: lazySchema(() => pageOf(adminRaffleDrawSchema)),
});

/** The winners' .xlsx: a file, not an envelope, so not a `defineCall` (the route streams it). */
export const adminRaffleExport = {
  id: 'admin.raffle.exportWinners',
  scope: 'site' as const,
  path: '/admin/raffle/exportWinners',
  access: MANAGE,
  body: lazySchema(() => z.strictObject({ trc_id: campaignIdSchema })),
};

/** A prize's picture: the banners' image upload, with the raffle's permission. */
export const uploadRafflePrizeImage: SiteImageUploadCall = {
  id: 'admin.raffle.uploadPrizeImage',
  scope: 'site',
  path: '/admin/raffle/uploadPrizeImage',
  field: 'file',
  write: true,
  access: MANAGE,
  purpose: 'rafflePrize',
  folder: 'site',
  data: siteImageDataSchema,
};
