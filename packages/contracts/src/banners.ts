import { lazySchema, z } from './zod';
import { ID_MAX } from './constants';
import { defineCall, permission, type AccessRule } from './call';
import { PERMISSIONS } from './permissions';
import { isSafeLinkUrl, isSiteImageUrl, LINK_URL_MAX, plainLine, type SiteImageFolder } from './text-rules';

/**
 * The back office's banners (issue 4: "banners per site with order and schedule"). The home page
 * shows the live ones (`banner.list` in home.ts); staff see all of them here, each with its state
 * derived from the schedule, never stored.
 */

export const BANNER_RULE = {
  titleMax: 100,
  sortMax: 1_000_000,
  /** Banners a site keeps, ended ones included: staff delete old ones to add more. */
  maxPerSite: 200,
} as const;

/** tb_state: derived from tb_start_time / tb_end_time and the clock. */
export const BANNER_STATE = { scheduled: 10, live: 20, ended: 30 } as const;
export type BannerState = (typeof BANNER_STATE)[keyof typeof BANNER_STATE];

/** Scheduled before its start, ended from its end on, live in between (open ends never bound). */
export function bannerState(startsAt: number | null, endsAt: number | null, now: number): BannerState {
  if (startsAt !== null && now < startsAt) return BANNER_STATE.scheduled;
  if (endsAt !== null && now >= endsAt) return BANNER_STATE.ended;
  return BANNER_STATE.live;
}

const bannerId = lazySchema(() =>
  z
    .number({ message: 'siteAdmin.banners.idRule' })
    .int({ message: 'siteAdmin.banners.idRule' })
    .positive({ message: 'siteAdmin.banners.idRule' })
    .max(ID_MAX, { message: 'siteAdmin.banners.idRule' }),
);
const time = lazySchema(() =>
  z.iso
    .datetime({ offset: true, message: 'siteAdmin.banners.timeRule' })
    .nullable()
    .default(null)
    .describe('ISO 8601 time with a zone; null (or omitted) for an open end'),
);

const bannerFields = lazySchema(() => ({
  tb_title: z
    .string({ message: 'siteAdmin.banners.titleRule' })
    .transform(plainLine)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'siteAdmin.banners.titleRule' })
        .max(BANNER_RULE.titleMax, { message: 'siteAdmin.banners.titleRule' }),
    ),
  tb_img_url: z
    .string({ message: 'siteAdmin.banners.imageRule' })
    .refine(isSiteImageUrl, { message: 'siteAdmin.banners.imageRule' })
    .describe('an image from the upload call (/uploads/banners/...) or a demo picture (/demo/...)'),
  tb_link_url: z
    .string({ message: 'siteAdmin.banners.linkRule' })
    .trim()
    .max(LINK_URL_MAX, { message: 'siteAdmin.banners.linkRule' })
    .refine(isSafeLinkUrl, { message: 'siteAdmin.banners.linkRule' })
    .default('')
    .describe("'' for none, a site path starting with one '/', or an http(s) URL"),
  tb_sort: z
    .number({ message: 'siteAdmin.banners.sortRule' })
    .int({ message: 'siteAdmin.banners.sortRule' })
    .min(0, { message: 'siteAdmin.banners.sortRule' })
    .max(BANNER_RULE.sortMax, { message: 'siteAdmin.banners.sortRule' })
    .optional()
    .describe('ascending; a new banner goes to the end when omitted'),
  tb_start_time: time,
  tb_end_time: time,
}));

/** The end of a schedule comes after its start (either may be open). */
function scheduleInOrder(body: { tb_start_time: string | null; tb_end_time: string | null }): boolean {
  if (body.tb_start_time === null || body.tb_end_time === null) return true;
  return Date.parse(body.tb_end_time) > Date.parse(body.tb_start_time);
}
const scheduleRule = { message: 'siteAdmin.banners.endBeforeStart', path: ['tb_end_time'] };

export const bannerInputSchema = lazySchema(() => z.strictObject(bannerFields).refine(scheduleInOrder, scheduleRule));
export type BannerInput = z.output<typeof bannerInputSchema>;

export const adminBannerSchema = lazySchema(() =>
  z.object({
    tb_id: z.number(),
    tb_title: z.string(),
    tb_img_url: z.string(),
    tb_link_url: z.string(),
    tb_sort: z.number(),
    tb_start_time: z.string().nullable().describe('ISO 8601 time; null: shown from creation'),
    tb_end_time: z.string().nullable().describe('ISO 8601 time; null: shown until deleted'),
    tb_state: z.number().describe('10 scheduled, 20 live, 30 ended; derived from the schedule'),
    create_time: z.string().describe('ISO 8601 time'),
  }),
);
export type AdminBanner = z.infer<typeof adminBannerSchema>;

export const adminBannerList = defineCall({
  id: 'admin.banners.list',
  scope: 'site',
  path: '/admin/banners/list',
  write: false,
  access: permission(PERMISSIONS.bannerManage),
  tag: 'admin',
  summary: `Every banner of the site (scheduled, live and ended; at most ${BANNER_RULE.maxPerSite}) in display order, with its state`,
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ list: z.array(adminBannerSchema) })),
});

export const adminBannerCreate = defineCall({
  id: 'admin.banners.create',
  scope: 'site',
  path: '/admin/banners/create',
  write: true,
  access: permission(PERMISSIONS.bannerManage),
  tag: 'admin',
  summary: 'Adds a banner to the site, with an optional schedule (the end after the start). Audited.',
  body: bannerInputSchema,
  data: adminBannerSchema,
});

export const adminBannerUpdate = defineCall({
  id: 'admin.banners.update',
  scope: 'site',
  path: '/admin/banners/update',
  write: true,
  access: permission(PERMISSIONS.bannerManage),
  tag: 'admin',
  summary: 'Replaces a banner of the site (every field; omitted times become open, an omitted sort stays). Audited.',
  body: lazySchema(() => z.strictObject({ tb_id: bannerId, ...bannerFields }).refine(scheduleInOrder, scheduleRule)),
  data: adminBannerSchema,
});

export const adminBannerDelete = defineCall({
  id: 'admin.banners.delete',
  scope: 'site',
  path: '/admin/banners/delete',
  write: true,
  access: permission(PERMISSIONS.bannerManage),
  tag: 'admin',
  summary: 'Deletes a banner of the site. Audited.',
  body: lazySchema(() => z.strictObject({ tb_id: bannerId })),
  data: lazySchema(() => z.object({ tb_id: z.number() })),
});

export const adminBannerReorder = defineCall({
  id: 'admin.banners.reorder',
  scope: 'site',
  path: '/admin/banners/reorder',
  write: true,
  access: permission(PERMISSIONS.bannerManage),
  tag: 'admin',
  summary:
    "Puts the site's banners in the given order (sort 1..n). `ids` must be every banner of the site exactly once; a list changed meanwhile is refused (201). Audited.",
  body: lazySchema(() =>
    z.strictObject({
      ids: z
        .array(bannerId, { message: 'siteAdmin.banners.idsRule' })
        .min(1, { message: 'siteAdmin.banners.idsRule' })
        .max(BANNER_RULE.maxPerSite, { message: 'siteAdmin.banners.idsRule' })
        .refine((ids) => new Set(ids).size === ids.length, { message: 'siteAdmin.banners.idsRule' }),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(adminBannerSchema) })),
});

export const bannersAdminCalls = [
  adminBannerList,
  adminBannerCreate,
  adminBannerUpdate,
  adminBannerDelete,
  adminBannerReorder,
] as const;

/* Image uploads of the back office (banners, the footer's QR code, topic covers). */

export const SITE_IMAGE_RULE = {
  /** Recognised by their first bytes, whatever the file is called. */
  types: ['jpg', 'jpeg', 'png', 'webp'],
  /** The most any site's image_config.fileSize may allow; the site's own setting applies below it. */
  hardMaxMb: 100,
  /** Pictures wider or taller than this are scaled down (never up) when redrawn. */
  maxEdge: {
    banner: 2560,
    qr_code: 1024,
    topicCover: 1200,
    journalCover: 1200,
    rafflePrize: 800,
    cooperationCover: 1200,
  },
} as const;

export type SiteImagePurpose = keyof typeof SITE_IMAGE_RULE.maxEdge;

export const siteImageDataSchema = lazySchema(() =>
  z.object({
    url: z.string().describe('where the redrawn image is served; put it in tb_img_url, qr_code_url or tt_cover_url'),
    width: z.number(),
    height: z.number(),
  }),
);

/**
 * An image upload of the back office: `POST /api/{site}{path}`, multipart with one file in the
 * field `file`, header `isapi: 1`. Not a JSON call, so not made with `defineCall`; it answers the
 * envelope with `siteImageDataSchema`. The file must be JPG, PNG or WebP by content and at most the
 * site's image_config.fileSize MB; it is redrawn without metadata under a random name. Refusals are
 * 40001 naming `file` (missing, empty, wrong type) or 413 (too large), with `siteAdmin.upload.*`.
 */
export interface SiteImageUploadCall {
  id: string;
  scope: 'site';
  path: string;
  field: 'file';
  write: true;
  access: AccessRule;
  /** Decides the size it is redrawn at and the folder it is stored in. */
  purpose: SiteImagePurpose;
  folder: SiteImageFolder;
  data: typeof siteImageDataSchema;
}

export const uploadBannerImage: SiteImageUploadCall = {
  id: 'admin.banners.uploadImage',
  scope: 'site',
  path: '/admin/banners/uploadImage',
  field: 'file',
  write: true,
  access: permission(PERMISSIONS.bannerManage),
  purpose: 'banner',
  folder: 'banners',
  data: siteImageDataSchema,
};
