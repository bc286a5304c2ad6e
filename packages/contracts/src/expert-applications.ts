import { lazySchema, z } from './zod';
import { defineCall, MEMBER, permission } from './call';
import { ID_MAX, REVIEW_STATUS } from './constants';
import { userBriefSchema } from './home';
import { PERMISSIONS } from './permissions';
import { isHttpUrl } from './text-rules';

/**
 * The resident-expert application (issue 21 item 3, decision 036): one application per member, kept
 * as a draft until submitted, then an item of the one review queue (kind `expert`). Approval makes
 * the member a resident expert (user_expert 20, the expert role and its badge 10); a rejection
 * carries a reason and the member edits and resubmits the same application. The back office's
 * experts list grants and revokes the expert role directly, with a reason.
 */

/** Spec 5 ("hinted by texts"): photo JPG/JPEG/PNG up to 3 MB, text up to 5,000 characters, ... */
export const EXPERT_APPLICATION_RULE = {
  realNameMax: 64,
  companyMax: 128,
  jobTitleMax: 128,
  fieldsMax: 5,
  biographyMax: 5000,
  contributionsMin: 2,
  contributionsMax: 10,
  recommendationsMax: 10,
  itemTitleMax: 200,
  urlMax: 500,
  photoMaxMb: 3,
  photoMaxBytes: 3 * 1024 * 1024,
  photoTypes: ['jpg', 'jpeg', 'png'],
  reasonMax: 500,
} as const;

/** An application's state: a draft (0), then the review statuses (10 pending, 20, 30, 40). */
export const APPLICATION_STATUS = { draft: 0, ...REVIEW_STATUS } as const;

/** The kinds of application a member may have (the MVP and cooperation applications join later). */
export const APPLICATION_KINDS = ['expert', 'mvp', 'cooperation'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/** Where a member fills in (and edits) the expert application. */
export const expertApplicationPath = (prefix: string) => `/${prefix}/stationed/application`;

const R = EXPERT_APPLICATION_RULE;
const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });

const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });

const link = (message: string) =>
  z
    .string({ message })
    .trim()
    .max(R.urlMax, { message })
    .refine((v) => isHttpUrl(v), { message });

export const contributionSchema = lazySchema(() =>
  z.strictObject({
    title: text(R.itemTitleMax, 'expertApply.contributionTitleRule').min(1, {
      message: 'expertApply.contributionTitleRule',
    }),
    url: link('expertApply.contributionUrlRule'),
  }),
);

export const recommendationSchema = lazySchema(() =>
  z.strictObject({
    title: text(R.itemTitleMax, 'expertApply.recommendationTitleRule').min(1, {
      message: 'expertApply.recommendationTitleRule',
    }),
    url: z
      .string({ message: 'expertApply.recommendationUrlRule' })
      .trim()
      .max(R.urlMax, { message: 'expertApply.recommendationUrlRule' })
      .refine((v) => v === '' || isHttpUrl(v), { message: 'expertApply.recommendationUrlRule' })
      .default(''),
  }),
);

/**
 * The form's fields with their limits. A draft may leave any of them empty (the limits still hold);
 * submitting needs every one (`applicationSubmitBody`).
 */
const applicationFields = lazySchema(() =>
  z.strictObject({
    real_name: text(R.realNameMax, 'expertApply.realNameRule').default(''),
    company: text(R.companyMax, 'expertApply.companyRule').default(''),
    job_title: text(R.jobTitleMax, 'expertApply.jobTitleRule').default(''),
    industry_id: id('expertApply.industryRule').nullable().default(null).describe("an 'industry' dictionary entry"),
    field_ids: z
      .array(id('expertApply.fieldsRule'), { message: 'expertApply.fieldsRule' })
      .max(R.fieldsMax, { message: 'expertApply.fieldsTooMany' })
      .default([])
      .describe("fields of expertise: 'scene' dictionary entries, 1 to 5"),
    biography: z
      .string({ message: 'expertApply.biographyTooLong' })
      .max(R.biographyMax, { message: 'expertApply.biographyTooLong' })
      .default('')
      .describe('plain text, up to 5,000 characters'),
    photo_att_id: id('expertApply.photoRequired')
      .nullable()
      .default(null)
      .describe('att_id answered by uploadExpertPhoto'),
    contributions: z
      .array(contributionSchema, { message: 'expertApply.contributionsTooFew' })
      .max(R.contributionsMax, { message: 'expertApply.contributionsTooMany' })
      .default([])
      .describe('personal contributions with links: at least 2, at most 10'),
    recommendations: z
      .array(recommendationSchema, { message: 'expertApply.recommendationsTooMany' })
      .max(R.recommendationsMax, { message: 'expertApply.recommendationsTooMany' })
      .default([])
      .describe('related recommendations (who or what vouches for the applicant, with a link): at most 10'),
  }),
);

export type ApplicationFields = z.output<typeof applicationFields>;

/** What submitting needs beyond a draft's limits, each with its own message. */
function complete(form: ApplicationFields, ctx: z.RefinementCtx) {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  need(form.real_name !== '', 'real_name', 'expertApply.realNameRule');
  need(form.company !== '', 'company', 'expertApply.companyRule');
  need(form.job_title !== '', 'job_title', 'expertApply.jobTitleRule');
  need(form.industry_id !== null, 'industry_id', 'expertApply.industryRule');
  need(form.field_ids.length > 0, 'field_ids', 'expertApply.fieldsRule');
  need(form.biography.trim() !== '', 'biography', 'expertApply.biographyRequired');
  need(form.photo_att_id !== null, 'photo_att_id', 'expertApply.photoRequired');
  need(form.contributions.length >= R.contributionsMin, 'contributions', 'expertApply.contributionsTooFew');
}

export const applicationDraftBody = applicationFields;
export const applicationSubmitBody = lazySchema(() => applicationFields.superRefine(complete));

export const applicationPhotoSchema = lazySchema(() =>
  z.object({
    att_id: z.number(),
    address: z.string().describe('/attachments/{id}/{key}: shown inline'),
  }),
);

export const expertApplicationSchema = lazySchema(() =>
  z.object({
    application_id: z.number(),
    status: z.number().describe('0 draft, 10 pending, 20 approved, 30 rejected, 40 withdrawn'),
    reason: z.string().describe("the rejection's reason; '' otherwise"),
    real_name: z.string(),
    company: z.string(),
    job_title: z.string(),
    industry_id: z.number().nullable(),
    field_ids: z.array(z.number()),
    biography: z.string(),
    photo: applicationPhotoSchema.nullable(),
    contributions: z.array(z.object({ title: z.string(), url: z.string() })),
    recommendations: z.array(z.object({ title: z.string(), url: z.string() })),
    tws_id: z.number().describe('the site whose review queue holds it'),
    create_time: z.string(),
    submit_time: z.string().nullable(),
    decide_time: z.string().nullable(),
    editable: z.boolean().describe('false while pending review, or while the member is an expert'),
  }),
);
export type ExpertApplication = z.infer<typeof expertApplicationSchema>;

export const expertApplicationMine = defineCall({
  id: 'stationed.myApplication',
  scope: 'site',
  path: '/api/stationed/myApplication',
  write: false,
  access: MEMBER,
  tag: 'experts',
  summary: "The member's expert application (null when none was started), and whether they are an expert already",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ application: expertApplicationSchema.nullable(), is_expert: z.boolean() })),
});

export const expertApplicationSave = defineCall({
  id: 'stationed.saveApplication',
  scope: 'site',
  path: '/api/stationed/saveApplication',
  write: true,
  access: MEMBER,
  tag: 'experts',
  summary:
    'Saves the expert application as a draft (the limits hold, nothing is required). Refused while it is pending review or while the member is an expert.',
  body: applicationDraftBody,
  data: expertApplicationSchema,
});

export const expertApplicationSubmit = defineCall({
  id: 'stationed.submitApplication',
  scope: 'site',
  path: '/api/stationed/submitApplication',
  write: true,
  access: MEMBER,
  tag: 'experts',
  summary:
    "Saves and submits the expert application to this site's review queue (every field required). One pending application at a time: refused while it is pending or the member is an expert.",
  body: applicationSubmitBody,
  data: expertApplicationSchema,
});

export const expertApplicationWithdraw = defineCall({
  id: 'stationed.withdrawApplication',
  scope: 'site',
  path: '/api/stationed/withdrawApplication',
  write: true,
  access: MEMBER,
  tag: 'experts',
  summary: 'Withdraws the pending expert application (40); it may then be edited and resubmitted',
  body: lazySchema(() => z.strictObject({})),
  data: expertApplicationSchema,
});

export const myApplicationSchema = lazySchema(() =>
  z.object({
    kind: z.enum(APPLICATION_KINDS),
    application_id: z.number(),
    status: z.number().describe('0 draft, 10 pending, 20 approved, 30 rejected, 40 withdrawn'),
    reason: z.string(),
    title: z.string().describe('what was applied for, with the name given'),
    create_time: z.string(),
    submit_time: z.string().nullable(),
    decide_time: z.string().nullable(),
    editable: z.boolean(),
    edit_path: z.string().describe('the page (of this site) where it is edited and resubmitted'),
  }),
);
export type MyApplication = z.infer<typeof myApplicationSchema>;

export const myApplications = defineCall({
  id: 'user.applications',
  scope: 'site',
  path: '/api/user/applications',
  write: false,
  access: MEMBER,
  tag: 'experts',
  summary: "The member's applications (expert now; MVP and cooperation later) with their statuses and reasons",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ list: z.array(myApplicationSchema) })),
});

/**
 * Uploads the application's photo: `POST /api/{site}/api/stationed/uploadPhoto`, multipart with one
 * JPG/JPEG/PNG file (judged by its bytes) of at most 3 MB in the field `file`; reading stops at the
 * limit (413). Answers the attachment, which the application then names by `photo_att_id`.
 */
export const uploadExpertPhoto = {
  id: 'stationed.uploadPhoto',
  scope: 'site',
  path: '/api/stationed/uploadPhoto',
  field: 'file',
  write: true,
  access: MEMBER,
  data: applicationPhotoSchema,
} as const;

// The back office's experts list.

export const adminExpertItemSchema = lazySchema(() =>
  userBriefSchema.extend({
    user_company: z.string(),
    user_job_title: z.string(),
    user_expert: z.number(),
    since: z.string().nullable().describe('when the expert role was granted'),
  }),
);
export type AdminExpertItem = z.infer<typeof adminExpertItemSchema>;

const EXPERT_MANAGERS = permission(PERMISSIONS.expertManage);

const staffReason = lazySchema(() =>
  z
    .string({ message: 'expertsAdmin.reasonRule' })
    .trim()
    .min(1, { message: 'expertsAdmin.reasonRule' })
    .max(R.reasonMax, { message: 'expertsAdmin.reasonRule' }),
);

export const adminExpertList = defineCall({
  id: 'admin.expert.list',
  scope: 'site',
  path: '/admin/expert/list',
  write: false,
  access: EXPERT_MANAGERS,
  tag: 'experts',
  summary: 'Resident experts (expert role or user_expert 20), newest member id first, keyset paged',
  body: lazySchema(() =>
    z.strictObject({
      cursor: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(50).default(20),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(adminExpertItemSchema), next_cursor: z.string().nullable() })),
});

export const adminExpertGrant = defineCall({
  id: 'admin.expert.grant',
  scope: 'site',
  path: '/admin/expert/grant',
  write: true,
  access: EXPERT_MANAGERS,
  tag: 'experts',
  summary:
    'Makes a member a resident expert (the expert role on every site, user_expert 20, badge 10) with a reason; messaged and audited',
  body: lazySchema(() => z.strictObject({ user_id: id('expertsAdmin.userRequired'), reason: staffReason })),
  data: adminExpertItemSchema,
});

export const adminExpertRevoke = defineCall({
  id: 'admin.expert.revoke',
  scope: 'site',
  path: '/admin/expert/revoke',
  write: true,
  access: EXPERT_MANAGERS,
  tag: 'experts',
  summary:
    'Takes the resident-expert status from a member (every expert grant, user_expert back to 10) with a reason; messaged and audited',
  body: lazySchema(() => z.strictObject({ user_id: id('expertsAdmin.userRequired'), reason: staffReason })),
  data: lazySchema(() => z.object({ user_id: z.number(), user_expert: z.number() })),
});

export const expertApplicationCalls = [
  expertApplicationMine,
  expertApplicationSave,
  expertApplicationSubmit,
  expertApplicationWithdraw,
  myApplications,
  adminExpertList,
  adminExpertGrant,
  adminExpertRevoke,
] as const;
