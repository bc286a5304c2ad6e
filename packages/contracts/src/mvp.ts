import { lazySchema, z } from './zod';
import { defineCall, MEMBER, permission } from './call';
import { ID_MAX } from './constants';
import { APPLICATION_STATUS } from './expert-applications';
import { mvpAwardItemSchema, mvpAwards } from './mvp-awards';
import { PERMISSIONS } from './permissions';
import { isHttpUrl } from './text-rules';

/**
 * The MVP programme (issue 21 item 4, decision 044): a member applies with the past year's community
 * contributions (with links), areas and a short biography; the application is an item of the one
 * review queue (kind `mvp`); approval awards the MVP role (badge 20) for a term of a year, which
 * staff may shorten, lengthen or end. When the term ends the role stops counting at once, and a
 * sweep removes it and tells the member. An MVP may apply for renewal in the term's last months.
 */

export const MVP_RULE = {
  realNameMax: 64,
  companyMax: 128,
  jobTitleMax: 128,
  areasMax: 5,
  biographyMax: 1000,
  contributionsMin: 3,
  contributionsMax: 20,
  itemTitleMax: 200,
  urlMax: 500,
  reasonMax: 500,
  /** An award lasts a year unless staff set another end. */
  termMonths: 12,
  /** An MVP may apply for the next term this many days before the current one ends. */
  renewalWindowDays: 90,
  /** The longest term staff may set, from now. */
  termMaxDays: 3 * 366,
} as const;

export { APPLICATION_STATUS };

const R = MVP_RULE;
const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });
const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });

export const mvpContributionSchema = lazySchema(() =>
  z.strictObject({
    title: text(R.itemTitleMax, 'mvpApply.contributionTitleRule').min(1, { message: 'mvpApply.contributionTitleRule' }),
    url: z
      .string({ message: 'mvpApply.contributionUrlRule' })
      .trim()
      .max(R.urlMax, { message: 'mvpApply.contributionUrlRule' })
      .refine((v) => isHttpUrl(v), { message: 'mvpApply.contributionUrlRule' }),
  }),
);

/** The form's fields with their limits: a draft may leave them empty, submitting needs every one. */
const mvpFields = lazySchema(() =>
  z.strictObject({
    real_name: text(R.realNameMax, 'mvpApply.realNameRule').default(''),
    company: text(R.companyMax, 'mvpApply.companyRule').default(''),
    job_title: text(R.jobTitleMax, 'mvpApply.jobTitleRule').default(''),
    field_ids: z
      .array(id('mvpApply.areasRule'), { message: 'mvpApply.areasRule' })
      .max(R.areasMax, { message: 'mvpApply.areasTooMany' })
      .default([])
      .describe("areas of contribution: 'scene' dictionary entries, 1 to 5"),
    biography: z
      .string({ message: 'mvpApply.biographyTooLong' })
      .max(R.biographyMax, { message: 'mvpApply.biographyTooLong' })
      .default('')
      .describe('a short biography, plain text, up to 1,000 characters'),
    contributions: z
      .array(mvpContributionSchema, { message: 'mvpApply.contributionsTooFew' })
      .max(R.contributionsMax, { message: 'mvpApply.contributionsTooMany' })
      .default([])
      .describe("the past year's community contributions with links: at least 3, at most 20"),
  }),
);
export type MvpApplicationFields = z.output<typeof mvpFields>;

function complete(form: MvpApplicationFields, ctx: z.RefinementCtx) {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  need(form.real_name !== '', 'real_name', 'mvpApply.realNameRule');
  need(form.company !== '', 'company', 'mvpApply.companyRule');
  need(form.job_title !== '', 'job_title', 'mvpApply.jobTitleRule');
  need(form.field_ids.length > 0, 'field_ids', 'mvpApply.areasRule');
  need(form.biography.trim() !== '', 'biography', 'mvpApply.biographyRequired');
  need(form.contributions.length >= R.contributionsMin, 'contributions', 'mvpApply.contributionsTooFew');
}

export const mvpDraftBody = mvpFields;
export const mvpSubmitBody = lazySchema(() => mvpFields.superRefine(complete));

export const mvpTermSchema = lazySchema(() =>
  z.object({
    award_id: z.number(),
    year: z.number().describe('the year the term was awarded'),
    start_time: z.string(),
    end_time: z.string().describe('when the MVP role stops counting'),
  }),
);
export type MvpTerm = z.infer<typeof mvpTermSchema>;

export const mvpApplicationSchema = lazySchema(() =>
  z.object({
    application_id: z.number(),
    status: z.number().describe('0 draft, 10 pending, 20 approved, 30 rejected, 40 withdrawn'),
    reason: z.string().describe("the rejection's reason; '' otherwise"),
    real_name: z.string(),
    company: z.string(),
    job_title: z.string(),
    field_ids: z.array(z.number()),
    biography: z.string(),
    contributions: z.array(z.object({ title: z.string(), url: z.string() })),
    tws_id: z.number(),
    create_time: z.string(),
    submit_time: z.string().nullable(),
    decide_time: z.string().nullable(),
    editable: z.boolean().describe('false while pending, or while an MVP term is current and not yet renewable'),
  }),
);
export type MvpApplication = z.infer<typeof mvpApplicationSchema>;

const mineData = lazySchema(() =>
  z.object({
    application: mvpApplicationSchema.nullable(),
    term: mvpTermSchema.nullable().describe("the member's current MVP term, if any"),
    may_apply: z.boolean().describe('not pending, and not an MVP outside the renewal window'),
  }),
);

export const mvpApplicationMine = defineCall({
  id: 'stationed.myMvpApplication',
  scope: 'site',
  path: '/api/stationed/myMvpApplication',
  write: false,
  access: MEMBER,
  tag: 'experts',
  summary: "The member's MVP application (null when none was started), current term, and whether they may apply",
  body: lazySchema(() => z.strictObject({})),
  data: mineData,
});

export const mvpApplicationSave = defineCall({
  id: 'stationed.saveMvpApplication',
  scope: 'site',
  path: '/api/stationed/saveMvpApplication',
  write: true,
  access: MEMBER,
  tag: 'experts',
  summary: 'Saves the MVP application as a draft (the limits hold, nothing is required); refused while pending',
  body: mvpDraftBody,
  data: mineData,
});

export const mvpApplicationSubmit = defineCall({
  id: 'stationed.submitMvpApplication',
  scope: 'site',
  path: '/api/stationed/submitMvpApplication',
  write: true,
  access: MEMBER,
  tag: 'experts',
  summary:
    "Saves and submits the MVP application to this site's review queue (every field required). Refused while one is pending, and for an MVP outside the renewal window.",
  body: mvpSubmitBody,
  data: mineData,
});

export const mvpApplicationWithdraw = defineCall({
  id: 'stationed.withdrawMvpApplication',
  scope: 'site',
  path: '/api/stationed/withdrawMvpApplication',
  write: true,
  access: MEMBER,
  tag: 'experts',
  summary: 'Withdraws the pending MVP application (40); it may then be edited and resubmitted',
  body: lazySchema(() => z.strictObject({})),
  data: mineData,
});

// The back office: current MVP terms, grant, change the term's end, end it.

const MVP_MANAGERS = permission(PERMISSIONS.expertManage);

const staffReason = lazySchema(() =>
  z
    .string({ message: 'mvpAdmin.reasonRule' })
    .trim()
    .min(1, { message: 'mvpAdmin.reasonRule' })
    .max(R.reasonMax, { message: 'mvpAdmin.reasonRule' }),
);

const termEnd = lazySchema(() =>
  z
    .string({ message: 'mvpAdmin.endRule' })
    .max(40, { message: 'mvpAdmin.endRule' })
    .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), { message: 'mvpAdmin.endRule' })
    .describe('ISO 8601 time when the term ends; in the future, at most about three years away'),
);

export const adminMvpList = defineCall({
  id: 'admin.mvp.list',
  scope: 'site',
  path: '/admin/mvp/list',
  write: false,
  access: MVP_MANAGERS,
  tag: 'experts',
  summary: 'Members with a current MVP term, the term ending soonest first, keyset paged',
  body: lazySchema(() =>
    z.strictObject({
      cursor: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(50).default(20),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(mvpAwardItemSchema), next_cursor: z.string().nullable() })),
});

export const adminMvpGrant = defineCall({
  id: 'admin.mvp.grant',
  scope: 'site',
  path: '/admin/mvp/grant',
  write: true,
  access: MVP_MANAGERS,
  tag: 'experts',
  summary:
    'Makes a member an MVP until the given end (the mvp role on every site, badge 20) with a note; messaged and audited',
  body: lazySchema(() =>
    z.strictObject({ user_id: id('mvpAdmin.userRequired'), reason: staffReason, end_time: termEnd }),
  ),
  data: mvpAwardItemSchema,
});

export const adminMvpTerm = defineCall({
  id: 'admin.mvp.term',
  scope: 'site',
  path: '/admin/mvp/term',
  write: true,
  access: MVP_MANAGERS,
  tag: 'experts',
  summary: "Moves the end of a member's current MVP term; messaged and audited",
  body: lazySchema(() => z.strictObject({ user_id: id('mvpAdmin.userRequired'), end_time: termEnd })),
  data: mvpAwardItemSchema,
});

export const adminMvpEnd = defineCall({
  id: 'admin.mvp.end',
  scope: 'site',
  path: '/admin/mvp/end',
  write: true,
  access: MVP_MANAGERS,
  tag: 'experts',
  summary: "Ends a member's MVP term now (the role and badge go at once) with a reason; messaged and audited",
  body: lazySchema(() => z.strictObject({ user_id: id('mvpAdmin.userRequired'), reason: staffReason })),
  data: lazySchema(() => z.object({ user_id: z.number(), ended: z.boolean() })),
});

export const mvpCalls = [
  mvpApplicationMine,
  mvpApplicationSave,
  mvpApplicationSubmit,
  mvpApplicationWithdraw,
  mvpAwards,
  adminMvpList,
  adminMvpGrant,
  adminMvpTerm,
  adminMvpEnd,
] as const;

/** Where the MVP page (and its application form) is. */
export const mvpPagePath = (prefix: string) => `/${prefix}/stationed/mvp`;
/** The MVP page with its application open. */
export const mvpApplyPath = (prefix: string) => `${mvpPagePath(prefix)}?apply=1`;
