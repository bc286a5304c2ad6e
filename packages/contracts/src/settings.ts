import { lazySchema, z } from './zod';
import { defineCall, permission } from './call';
import { UPLOAD_DEFAULTS } from './constants';
import { PERMISSIONS } from './permissions';
import { siteImageDataSchema, type SiteImageUploadCall } from './banners';
import { isHttpUrl, isSiteImageUrl, plainLine } from './text-rules';

/**
 * Site settings of the back office (issue 4: upload limits of spec 9, review switches, permission
 * switch, contact email, footer, QR code). One site each; the portal reads them through
 * `index.commonData`, so a change shows on the next page (anonymous pages within 5 seconds, decision 003).
 */

export const SETTINGS_RULE = {
  emailMax: 254,
  copyrightMax: 200,
  fileSizeMb: { min: 1, max: 100 },
  fileLimit: { min: 1, max: 50 },
} as const;

/** What a site without stored settings uses (spec 9: 5 MB, 9 files). */
export const SETTINGS_DEFAULTS = {
  contact_email: '',
  website: '',
  copyright: '',
  qr_code_url: '',
  image_config: { fileSize: UPLOAD_DEFAULTS.fileSizeMb, fileLimit: UPLOAD_DEFAULTS.fileLimit },
  file_config: { fileSize: UPLOAD_DEFAULTS.fileSizeMb, fileLimit: UPLOAD_DEFAULTS.fileLimit },
  review: { post_review: false },
  permission_switch: false,
} as const;

const uploadConfig = lazySchema(() =>
  z.strictObject(
    {
      fileSize: z
        .number({ message: 'siteAdmin.settings.fileSizeRule' })
        .int({ message: 'siteAdmin.settings.fileSizeRule' })
        .min(SETTINGS_RULE.fileSizeMb.min, { message: 'siteAdmin.settings.fileSizeRule' })
        .max(SETTINGS_RULE.fileSizeMb.max, { message: 'siteAdmin.settings.fileSizeRule' })
        .describe('MB per file'),
      fileLimit: z
        .number({ message: 'siteAdmin.settings.fileLimitRule' })
        .int({ message: 'siteAdmin.settings.fileLimitRule' })
        .min(SETTINGS_RULE.fileLimit.min, { message: 'siteAdmin.settings.fileLimitRule' })
        .max(SETTINGS_RULE.fileLimit.max, { message: 'siteAdmin.settings.fileLimitRule' })
        .describe('files per upload'),
    },
    { message: 'siteAdmin.settings.uploadConfigRule' },
  ),
);

const switchValue = lazySchema(() => z.boolean({ message: 'siteAdmin.settings.switchRule' }));

/**
 * Review switches: whether a kind of content waits for review before it shows. Discussion posts and
 * questions (`post_review`) now; later switches are added here as more booleans.
 */
export const REVIEW_SWITCHES = ['post_review'] as const;
export type ReviewSwitch = (typeof REVIEW_SWITCHES)[number];

/** Every setting, as staff edit it: one strict schema; an update sends any subset of the keys. */
export const siteSettingsSchema = lazySchema(() =>
  z.strictObject({
    contact_email: z
      .email({ message: 'siteAdmin.settings.emailRule' })
      .max(SETTINGS_RULE.emailMax, { message: 'siteAdmin.settings.emailRule' })
      .describe("the footer's contact address"),
    website: z
      .string({ message: 'siteAdmin.settings.websiteRule' })
      .trim()
      .refine(isHttpUrl, { message: 'siteAdmin.settings.websiteRule' })
      .describe('an http(s) URL shown in the footer'),
    copyright: z
      .string({ message: 'siteAdmin.settings.copyrightRule' })
      .transform(plainLine)
      .pipe(z.string().trim().max(SETTINGS_RULE.copyrightMax, { message: 'siteAdmin.settings.copyrightRule' }))
      .describe("the footer's copyright line, plain text"),
    qr_code_url: z
      .string({ message: 'siteAdmin.settings.qrRule' })
      .refine((url) => url === '' || isSiteImageUrl(url), { message: 'siteAdmin.settings.qrRule' })
      .describe("the footer's QR code: an image from admin.settings.uploadImage, or '' for none"),
    image_config: uploadConfig.describe('image uploads: MB per file and files per upload'),
    file_config: uploadConfig.describe('file uploads: MB per file and files per upload'),
    review: z
      .strictObject(
        { post_review: switchValue.describe('discussion posts and questions wait for review') },
        { message: 'siteAdmin.settings.reviewRule' },
      )
      .partial(),
    permission_switch: switchValue.describe('spec 6: hide what the member may not do'),
  }),
);
export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;

export const siteSettingsDataSchema = lazySchema(() =>
  z.object({
    contact_email: z.string(),
    website: z.string(),
    copyright: z.string(),
    qr_code_url: z.string(),
    image_config: z.object({ fileSize: z.number(), fileLimit: z.number() }),
    file_config: z.object({ fileSize: z.number(), fileLimit: z.number() }),
    review: z.object({ post_review: z.boolean() }),
    permission_switch: z.boolean(),
    update_time: z.string().nullable().describe('ISO 8601 time of the last change; null if never set'),
  }),
);
export type SiteSettings = z.infer<typeof siteSettingsDataSchema>;

export const adminSettingsGet = defineCall({
  id: 'admin.settings.get',
  scope: 'site',
  path: '/admin/settings/get',
  write: false,
  access: permission(PERMISSIONS.settingManage),
  tag: 'admin',
  summary: "The site's settings, defaults filled in",
  body: lazySchema(() => z.strictObject({})),
  data: siteSettingsDataSchema,
});

export const adminSettingsUpdate = defineCall({
  id: 'admin.settings.update',
  scope: 'site',
  path: '/admin/settings/update',
  write: true,
  access: permission(PERMISSIONS.settingManage),
  tag: 'admin',
  summary:
    'Changes any of the settings (the keys sent; at least one); answers them all. Audited with the changed keys before and after.',
  body: lazySchema(() =>
    siteSettingsSchema
      .partial()
      .refine((body) => Object.keys(body).length > 0, { message: 'siteAdmin.settings.emptyRule' }),
  ),
  data: siteSettingsDataSchema,
});

export const settingsAdminCalls = [adminSettingsGet, adminSettingsUpdate] as const;

/** The QR code's upload: the banners' image upload, with its own permission and size. */
export const uploadSettingsImage: SiteImageUploadCall = {
  id: 'admin.settings.uploadImage',
  scope: 'site',
  path: '/admin/settings/uploadImage',
  field: 'file',
  write: true,
  access: permission(PERMISSIONS.settingManage),
  purpose: 'qr_code',
  folder: 'site',
  data: siteImageDataSchema,
};
