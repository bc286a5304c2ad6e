import { lazySchema, z } from './zod';
import { defineCall, permission } from './call';
import { ID_MAX } from './constants';
import { isBlankRichText } from './rich-text';
import { isSiteImageUrl, plainLine } from './text-rules';
import { PERMISSIONS } from './permissions';
import { siteImageDataSchema, type SiteImageUploadCall } from './banners';
import { journalAuthorSchema } from './journal';

/**
 * The back office's e-magazine (issue 20, item 6): categories, issues (number, title, cover, PDF,
 * publish date, partner-only switch, draft or published) and their articles written by editors in
 * their order, and the statistics of an issue per day. `journal.manage` (editors and admins) on the
 * managed site; every write audited. Validation messages are `journalAdmin.rules.*` keys.
 */

export const JOURNAL_RULE = {
  categoryNameMax: 100,
  titleMax: 200,
  summaryMax: 1000,
  numberMax: 1_000_000,
  articleTitleMax: 200,
  authorNameMax: 100,
  contentMax: 200_000,
  sortMax: 100_000,
  /** Days the per-issue statistics cover. */
  statsDays: 30,
} as const;

const MANAGE = permission(PERMISSIONS.journalManage);
const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });
const line = (max: number, message: string) =>
  z.string({ message }).transform(plainLine).pipe(z.string().trim().min(1, { message }).max(max, { message }));
const sort = lazySchema(() =>
  z
    .number({ message: 'journalAdmin.rules.sortRule' })
    .int({ message: 'journalAdmin.rules.sortRule' })
    .min(0, { message: 'journalAdmin.rules.sortRule' })
    .max(JOURNAL_RULE.sortMax, { message: 'journalAdmin.rules.sortRule' }),
);

/* Categories */

export const adminJournalCategorySchema = lazySchema(() =>
  z.object({
    tjc_id: z.number(),
    tjc_name: z.string(),
    tjc_sort: z.number(),
    issue_count: z.number().describe('issues, drafts included'),
  }),
);

export const adminJournalCategoryList = defineCall({
  id: 'admin.journal.categoryList',
  scope: 'site',
  path: '/admin/journal/categoryList',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: "The managed site's e-magazine categories in their order",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ list: z.array(adminJournalCategorySchema) })),
});

export const adminJournalCategorySave = defineCall({
  id: 'admin.journal.categorySave',
  scope: 'site',
  path: '/admin/journal/categorySave',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary: 'Creates a category (without tjc_id) or renames and orders one of the managed site; audited',
  body: lazySchema(() =>
    z.strictObject({
      tjc_id: id('journalAdmin.rules.categoryRequired').optional(),
      tjc_name: line(JOURNAL_RULE.categoryNameMax, 'journalAdmin.rules.categoryNameRule'),
      tjc_sort: sort.default(0),
    }),
  ),
  data: adminJournalCategorySchema,
});

export const adminJournalCategoryDelete = defineCall({
  id: 'admin.journal.categoryDelete',
  scope: 'site',
  path: '/admin/journal/categoryDelete',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary: 'Deletes a category of the managed site; its issues stay, without a category; audited',
  body: lazySchema(() => z.strictObject({ tjc_id: id('journalAdmin.rules.categoryRequired') })),
  data: lazySchema(() => z.null()),
});

/* Issues */

export const adminJournalIssueSchema = lazySchema(() =>
  z.object({
    teb_id: z.number(),
    teb_number: z.number(),
    teb_title: z.string(),
    teb_summary: z.string(),
    teb_cover_url: z.string(),
    tjc_id: z.number().nullable(),
    tjc_name: z.string(),
    pdf: z
      .object({ att_id: z.number(), att_title: z.string(), att_size: z.number() })
      .nullable()
      .describe('the PDF attachment'),
    partner_only: z.boolean(),
    published: z.boolean(),
    publish_time: z.string().describe('ISO 8601 time'),
    article_count: z.number(),
    read_count: z.number(),
    download_count: z.number(),
    update_time: z.string().describe('ISO 8601 time'),
  }),
);
export type AdminJournalIssue = z.infer<typeof adminJournalIssueSchema>;

export const adminJournalIssueList = defineCall({
  id: 'admin.journal.issueList',
  scope: 'site',
  path: '/admin/journal/issueList',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: "The managed site's issues, drafts included, newest publish date first; keyset paged",
  body: lazySchema(() =>
    z.strictObject({
      cursor: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(100).default(20),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(adminJournalIssueSchema), next_cursor: z.string().nullable() })),
});

export const journalIssueFields = lazySchema(() => ({
  teb_number: z
    .number({ message: 'journalAdmin.rules.numberRule' })
    .int({ message: 'journalAdmin.rules.numberRule' })
    .min(1, { message: 'journalAdmin.rules.numberRule' })
    .max(JOURNAL_RULE.numberMax, { message: 'journalAdmin.rules.numberRule' }),
  teb_title: line(JOURNAL_RULE.titleMax, 'journalAdmin.rules.titleRule'),
  teb_summary: z
    .string({ message: 'journalAdmin.rules.summaryRule' })
    .trim()
    .max(JOURNAL_RULE.summaryMax, { message: 'journalAdmin.rules.summaryRule' })
    .default(''),
  teb_cover_url: z
    .string({ message: 'journalAdmin.rules.coverRule' })
    .refine((url) => url === '' || isSiteImageUrl(url), { message: 'journalAdmin.rules.coverRule' })
    .default('')
    .describe("'' for none, or a picture of admin.journal.uploadCover (/uploads/...)"),
  tjc_id: id('journalAdmin.rules.categoryRequired').nullable().default(null),
  pdf_att_id: id('journalAdmin.rules.pdfRule')
    .nullable()
    .default(null)
    .describe('att_id of a PDF uploaded with /api/tool/uploadfile/ (checked by content: application/pdf)'),
  partner_only: z.boolean({ message: 'journalAdmin.rules.partnerOnlyRule' }).default(false),
  published: z.boolean({ message: 'journalAdmin.rules.publishedRule' }).default(false),
  publish_time: z
    .string({ message: 'journalAdmin.rules.publishTimeRule' })
    .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'journalAdmin.rules.publishTimeRule' })
    .describe('ISO 8601 time; the issue is public from then on once published'),
}));

export const adminJournalIssueSave = defineCall({
  id: 'admin.journal.issueSave',
  scope: 'site',
  path: '/admin/journal/issueSave',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary:
    'Creates an issue (without teb_id) or edits one of the managed site; the PDF must be a PDF attachment by content, the category one of the site; audited',
  body: lazySchema(() =>
    z.strictObject({ teb_id: id('journalAdmin.rules.issueRequired').optional(), ...journalIssueFields }),
  ),
  data: adminJournalIssueSchema,
});

export const adminJournalIssueDelete = defineCall({
  id: 'admin.journal.issueDelete',
  scope: 'site',
  path: '/admin/journal/issueDelete',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary: 'Deletes an issue of the managed site with its articles and figures; audited',
  body: lazySchema(() => z.strictObject({ teb_id: id('journalAdmin.rules.issueRequired') })),
  data: lazySchema(() => z.null()),
});

/* Articles */

export const adminJournalArticleSchema = lazySchema(() =>
  z.object({
    tea_id: z.number(),
    teb_id: z.number(),
    tea_title: z.string(),
    tea_sort: z.number(),
    tea_content: z.string().describe('sanitised HTML'),
    author_user_id: z.number().nullable(),
    author_name: z.string().describe("a guest author's name ('' when the author is a member)"),
    author: journalAuthorSchema,
    read_count: z.number(),
    teba_id: z
      .number()
      .nullable()
      .describe('the accepted submission the article was placed from; null when an editor wrote it'),
  }),
);
export type AdminJournalArticle = z.infer<typeof adminJournalArticleSchema>;

export const adminJournalArticleList = defineCall({
  id: 'admin.journal.articleList',
  scope: 'site',
  path: '/admin/journal/articleList',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: "An issue's articles in their order, with their content, for editing; keyset paged",
  body: lazySchema(() =>
    z.strictObject({
      teb_id: id('journalAdmin.rules.issueRequired'),
      cursor: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(100).default(100),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(adminJournalArticleSchema), next_cursor: z.string().nullable() })),
});

export const journalArticleFields = lazySchema(() => ({
  tea_title: line(JOURNAL_RULE.articleTitleMax, 'journalAdmin.rules.articleTitleRule'),
  tea_sort: sort.optional().describe('ascending; a new article goes to the end when omitted'),
  author_user_id: id('journalAdmin.rules.authorRule')
    .nullable()
    .default(null)
    .describe('the author as a member (user_id); or null and author_name'),
  author_name: z
    .string({ message: 'journalAdmin.rules.authorRule' })
    .transform(plainLine)
    .pipe(z.string().trim().max(JOURNAL_RULE.authorNameMax, { message: 'journalAdmin.rules.authorRule' }))
    .default(''),
  tea_content: z
    .string({ message: 'journalAdmin.rules.contentRule' })
    .max(JOURNAL_RULE.contentMax, { message: 'journalAdmin.rules.contentRule' })
    .refine((html) => !isBlankRichText(html), { message: 'journalAdmin.rules.contentRule' })
    .describe('rich text (HTML), non-blank; sanitised on the server'),
}));

/** An article names its author: a member, or a guest author's name (placed from a submission: its submitter). */
function namesAuthor(
  form: { author_user_id: number | null; author_name: string; teba_id?: number },
  ctx: z.RefinementCtx,
) {
  if (form.author_user_id === null && form.author_name === '' && form.teba_id === undefined)
    ctx.addIssue({ code: 'custom', path: ['author_name'], message: 'journalAdmin.rules.authorRule' });
}

export const journalArticleFormSchema = lazySchema(() => z.strictObject(journalArticleFields).superRefine(namesAuthor));

export const adminJournalArticleSave = defineCall({
  id: 'admin.journal.articleSave',
  scope: 'site',
  path: '/admin/journal/articleSave',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary:
    'Writes an article into an issue (without tea_id) or edits one: title, author (a member or a name), rich text sanitised on the server, order; audited. With teba_id a new article is placed from an accepted submission of the site (its author the submitter), once: refused (201) when the submission is not accepted or already placed',
  body: lazySchema(() =>
    z
      .strictObject({
        teb_id: id('journalAdmin.rules.issueRequired'),
        tea_id: id('journalAdmin.rules.articleRequired').optional(),
        teba_id: id('journalAdmin.rules.submissionRequired')
          .optional()
          .describe('an accepted submission to place (new articles only; ignored when editing)'),
        ...journalArticleFields,
      })
      .superRefine(namesAuthor),
  ),
  data: adminJournalArticleSchema,
});

export const adminJournalArticleDelete = defineCall({
  id: 'admin.journal.articleDelete',
  scope: 'site',
  path: '/admin/journal/articleDelete',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary: 'Deletes an article of an issue of the managed site; audited',
  body: lazySchema(() => z.strictObject({ tea_id: id('journalAdmin.rules.articleRequired') })),
  data: lazySchema(() => z.null()),
});

/* Accepted submissions, to place into issues */

export const adminJournalSubmissionSchema = lazySchema(() =>
  z.object({
    teba_id: z.number(),
    teba_title: z.string(),
    teba_content: z.string().describe('sanitised HTML, the starting point of the article'),
    author: journalAuthorSchema,
    user_name: z.string().describe("the author's real name as submitted"),
    accept_time: z.string().describe('ISO 8601 time of the acceptance'),
    placed: z
      .object({ teb_id: z.number(), tea_id: z.number() })
      .nullable()
      .describe('the article it became; null while not placed'),
  }),
);
export type AdminJournalSubmission = z.infer<typeof adminJournalSubmissionSchema>;

export const adminJournalSubmissionList = defineCall({
  id: 'admin.journal.submissionList',
  scope: 'site',
  path: '/admin/journal/submissionList',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary:
    "The managed site's accepted submissions, newest accepted first, those not placed into an issue yet (every one with include_placed); keyset paged",
  body: lazySchema(() =>
    z.strictObject({
      include_placed: z.boolean().default(false),
      cursor: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(50).default(20),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(adminJournalSubmissionSchema), next_cursor: z.string().nullable() })),
});

/* Statistics */

export const adminJournalIssueStats = defineCall({
  id: 'admin.journal.issueStats',
  scope: 'site',
  path: '/admin/journal/issueStats',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: `An issue's readers and downloads in total and per UTC day over the last ${JOURNAL_RULE.statsDays} days`,
  body: lazySchema(() => z.strictObject({ teb_id: id('journalAdmin.rules.issueRequired') })),
  data: lazySchema(() =>
    z.object({
      read_count: z.number(),
      download_count: z.number(),
      article_count: z.number(),
      days: z.array(
        z.object({ day: z.string().describe('YYYY-MM-DD (UTC)'), reads: z.number(), downloads: z.number() }),
      ),
    }),
  ),
});

/** An issue's cover: the banners' image upload, with the magazine's permission. */
export const uploadJournalCover: SiteImageUploadCall = {
  id: 'admin.journal.uploadCover',
  scope: 'site',
  path: '/admin/journal/uploadCover',
  field: 'file',
  write: true,
  access: MANAGE,
  purpose: 'journalCover',
  folder: 'site',
  data: siteImageDataSchema,
};
