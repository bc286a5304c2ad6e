import { lazySchema, z } from './zod';
import { defineCall, MEMBER, permission } from './call';
import { ID_MAX, PAGE_SIZE } from './constants';
import { isBlankRichText } from './rich-text';
import { userBriefSchema } from './home';
import { PERMISSIONS } from './permissions';
import { attachmentSchema } from './uploads';

/**
 * E-magazine submissions (issue 20, items 4, 5 and 7; spec 3 "E-magazine submission", spec 5
 * "E-magazine form", spec 7 `/api/ebook/add`): a member sends an article to the magazine's editors
 * through the 726 px dialog; editors decide it in the one review queue (`review.journal`); an
 * accepted one earns the e-magazine points once and may be placed into an issue. The member sees
 * their submissions with their statuses, edits (and so resubmits) a pending, rejected or withdrawn
 * one, and withdraws one while it is pending. Like the other ebook calls, the site comes from the
 * siteData cookie. Validation messages are `journalForm.*` keys, the same in the dialog and the
 * server's 40001.
 */

export const JOURNAL_SUBMISSION_RULE = {
  nameMax: 50,
  nickMax: 50,
  mobileMax: 30,
  emailMax: 254,
  titleMax: 200,
  /** Sanitised HTML; the editor's 10,000 words with markup fit well within this. */
  contentMax: 200_000,
  /** Attachments per submission (the site's `file_config.fileLimit` applies too; default 9). */
  annexMax: 20,
} as const;

/** A phone number as people write it: digits with spaces, dashes or brackets, an optional leading +. */
const PHONE = /^\+?[0-9][0-9 ()-]{4,28}[0-9]$/;
/** An address with one @, a dot in its domain and no spaces (the form checks no more than that). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });
const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));

/** Required text, blank after trimming counts as missing (spec 5); one message per field whatever is wrong. */
const required = (max: number, message: string, tooLong: string) =>
  z.string({ message }).trim().min(1, { message }).max(max, { message: tooLong });

/** The submission form of spec 3 as `/api/ebook/add` takes it; `/api/ebook/edit` adds `teba_id`. */
export const journalSubmissionShape = lazySchema(() => ({
  user_name: required(JOURNAL_SUBMISSION_RULE.nameMax, 'journalForm.nameRequired', 'journalForm.nameTooLong').describe(
    `the author's real name, 1 to ${JOURNAL_SUBMISSION_RULE.nameMax} characters after trimming`,
  ),
  user_nick_name: required(
    JOURNAL_SUBMISSION_RULE.nickMax,
    'journalForm.nickRequired',
    'journalForm.nickTooLong',
  ).describe(`the name shown with the article, 1 to ${JOURNAL_SUBMISSION_RULE.nickMax} characters`),
  user_contact_mobile: z
    .string({ message: 'journalForm.mobileRequired' })
    .trim()
    .regex(PHONE, { message: 'journalForm.mobileRequired' })
    .describe('a phone number for the editors: digits, spaces, dashes, brackets, an optional leading +'),
  user_contact_email: z
    .string({ message: 'journalForm.emailRequired' })
    .trim()
    .max(JOURNAL_SUBMISSION_RULE.emailMax, { message: 'journalForm.emailRequired' })
    .regex(EMAIL, { message: 'journalForm.emailRequired' })
    .describe('an email address for the editors'),
  user_id: z
    .number()
    .int()
    .optional()
    .describe('ignored: a submission is always the signed-in member’s (spec 3 lists the field)'),
  teba_title: required(
    JOURNAL_SUBMISSION_RULE.titleMax,
    'journalForm.titleRequired',
    'journalForm.titleTooLong',
  ).describe(`1 to ${JOURNAL_SUBMISSION_RULE.titleMax} characters after trimming`),
  teba_hy_dd_id: id('journalForm.industryRequired').describe("industry: an entry id (dd_id) of this site's industries"),
  teba_cj_dd_id: id('journalForm.fieldRequired').describe("field: an entry id (dd_id) of this site's scenes"),
  teba_content: z
    .string({ message: 'journalForm.contentInvalid' })
    .max(JOURNAL_SUBMISSION_RULE.contentMax, { message: 'journalForm.contentTooLong' })
    .refine((html) => !isBlankRichText(html), { message: 'journalForm.contentInvalid' })
    .describe('rich text (HTML), non-blank once tags, whitespace and &nbsp; are removed; sanitised on the server'),
  teba_annex: z
    .array(id('journalForm.annexInvalid'), { message: 'journalForm.annexInvalid' })
    .max(JOURNAL_SUBMISSION_RULE.annexMax, { message: 'journalForm.annexInvalid' })
    .default([])
    .describe('att_id of attachments the author uploaded, in order (pdf, mp4, txt, doc, docx, xls, xlsx, ppt, pptx)'),
}));

export const journalSubmissionSchema = lazySchema(() => z.strictObject(journalSubmissionShape));
export type JournalSubmissionForm = z.input<typeof journalSubmissionSchema>;

const SUBMIT = permission(PERMISSIONS.journalSubmit, { completeInformation: true });
const labelValue = lazySchema(() => z.object({ label: z.string(), value: z.number() }));

export const ebookFormConfig = defineCall({
  id: 'ebook.formConfig',
  scope: 'global',
  path: '/api/ebook/formConfig',
  write: false,
  access: permission(PERMISSIONS.journalSubmit),
  tag: 'journal',
  summary:
    "The submission form's lists (the site's industries and fields, value = dd_id), the attachments allowed, and the member's profile to prefill it with",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() =>
    z.object({
      industry_list: z.array(labelValue),
      field_list: z.array(labelValue),
      file_limit: z.number().describe("the site's file_config.fileLimit: attachments per submission"),
      profile: z.object({
        user_name: z.string(),
        user_nick_name: z.string(),
        user_contact_mobile: z.string(),
        user_contact_email: z.string(),
      }),
    }),
  ),
});

const submissionSaved = lazySchema(() =>
  z.object({
    teba_id: z.number(),
    status: z.number().describe('10 pending review'),
  }),
);

export const ebookAdd = defineCall({
  id: 'ebook.add',
  scope: 'global',
  path: '/api/ebook/add',
  write: true,
  access: SUBMIT,
  tag: 'journal',
  summary:
    "Submits an article to the e-magazine (spec 3 form) for review by its editors: status 10 in the review queue. Rich text is sanitised; industry and field are entries of this site; teba_annex are the author's own uploads, at most the site's file limit. msg is the success toast.",
  body: journalSubmissionSchema,
  data: submissionSaved,
});

export const ebookEdit = defineCall({
  id: 'ebook.edit',
  scope: 'global',
  path: '/api/ebook/edit',
  write: true,
  access: SUBMIT,
  tag: 'journal',
  summary:
    "Edits the author's own submission while it is pending, rejected or withdrawn (403 someone else's, 201 once accepted) and submits it for review again (10)",
  body: lazySchema(() => z.strictObject({ teba_id: id('journalForm.submissionRequired'), ...journalSubmissionShape })),
  data: submissionSaved,
});

const tebaIdBody = lazySchema(() => z.strictObject({ teba_id: id('journalForm.submissionRequired') }));

export const ebookWithdraw = defineCall({
  id: 'ebook.withdraw',
  scope: 'global',
  path: '/api/ebook/withdraw',
  write: true,
  access: MEMBER,
  tag: 'journal',
  summary: "Withdraws the author's own submission while it is pending review (status 40); refused (201) otherwise",
  body: tebaIdBody,
  data: submissionSaved,
});

export const mySubmissionSchema = lazySchema(() =>
  z.object({
    teba_id: z.number(),
    tws_id: z.number(),
    teba_title: z.string(),
    status: z.number().describe('10 pending, 20 accepted, 30 rejected, 40 withdrawn'),
    review_reason: z.string().nullable().describe("the editors' reason of a rejection; null otherwise"),
    article: z
      .object({ teb_id: z.number(), tea_id: z.number() })
      .nullable()
      .describe('the article it became, once an editor placed it into an issue'),
    create_time: isoTime,
    update_time: isoTime,
  }),
);
export type MySubmission = z.infer<typeof mySubmissionSchema>;

export const ebookMine = defineCall({
  id: 'ebook.mine',
  scope: 'global',
  path: '/api/ebook/mySubmissions',
  write: false,
  access: MEMBER,
  tag: 'journal',
  summary:
    "The viewer's own submissions on every site (personal centre), newest first, keyset paged, with their review status, a rejection's reason and the article an accepted one became",
  body: lazySchema(() =>
    z.strictObject({
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
      limit: z.number().int().min(1).max(50).default(PAGE_SIZE),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(mySubmissionSchema), next_cursor: z.string().nullable() })),
});

export const ebookSubmissionInfo = defineCall({
  id: 'ebook.submissionInfo',
  scope: 'global',
  path: '/api/ebook/submissionInfo',
  write: false,
  access: MEMBER,
  tag: 'journal',
  summary: "The author's own submission as the form holds it, to edit it (403 someone else's, 404 unknown)",
  body: tebaIdBody,
  data: lazySchema(() =>
    z.object({
      teba_id: z.number(),
      tws_id: z.number(),
      status: z.number(),
      review_reason: z.string().nullable(),
      user_name: z.string(),
      user_nick_name: z.string(),
      user_contact_mobile: z.string(),
      user_contact_email: z.string(),
      teba_title: z.string(),
      teba_hy_dd_id: z.number(),
      teba_cj_dd_id: z.number(),
      teba_content: z.string().describe('sanitised HTML'),
      teba_annex: z.array(attachmentSchema),
    }),
  ),
});

export const ebookSubmissionPreview = defineCall({
  id: 'ebook.submissionPreview',
  scope: 'global',
  path: '/api/ebook/submissionPreview',
  write: false,
  access: MEMBER,
  tag: 'journal',
  summary:
    "A submission as it would read online, for its author and the magazine's editors (review.journal or journal.manage) whatever its status: title, author, industry and field by their current labels, sanitised content, attachments. 403 for anyone else, 404 unknown",
  body: tebaIdBody,
  data: lazySchema(() =>
    z.object({
      teba_id: z.number(),
      tws_id: z.number().describe('the site it was submitted to'),
      status: z.number().describe('10 pending, 20 accepted, 30 rejected, 40 withdrawn'),
      review_reason: z.string().nullable().describe("the editors' reason of a rejection; null otherwise"),
      teba_title: z.string(),
      author: z.object({
        user: userBriefSchema.nullable().describe("the submitter's profile card; null if the account is gone"),
        name: z
          .string()
          .describe(
            "the name its article would show: the member's nickname (the form's user_nick_name without an account)",
          ),
      }),
      industry: z.string().describe("the industry's label now ('' if the entry is gone)"),
      field: z.string().describe("the field's (scene's) label now ('' if the entry is gone)"),
      teba_content: z.string().describe('sanitised HTML'),
      teba_annex: z.array(attachmentSchema),
      article: z
        .object({ teb_id: z.number(), tea_id: z.number() })
        .nullable()
        .describe('the article it became, once an editor placed it into an issue'),
      create_time: isoTime,
      update_time: isoTime,
    }),
  ),
});
export type JournalSubmissionPreview = z.infer<typeof ebookSubmissionPreview.data>;

/** The page where a submission reads as it would online (its author and the editors only). */
export const journalSubmissionPreviewPath = (prefix: string, submissionId: number) =>
  `/${prefix}/journal/preview/${submissionId}`;

export const journalSubmissionCalls = [
  ebookFormConfig,
  ebookAdd,
  ebookEdit,
  ebookWithdraw,
  ebookMine,
  ebookSubmissionInfo,
  ebookSubmissionPreview,
] as const;
