import { lazySchema, z } from './zod';
import { defineCall, MEMBER, permission, PUBLIC } from './call';
import { ID_MAX, REVIEW_STATUS } from './constants';
import { userBriefSchema } from './home';
import { PERMISSIONS } from './permissions';
import { isHttpUrl, isSiteImageUrl, plainLine, utf8Bytes } from './text-rules';

/**
 * Cooperation (issue 21 item 5, decision 045): the vendor's partner programme. Staff write
 * cooperation pages of two kinds (programmes, partner cases), ordered, with linked language
 * versions and downloads, some only for partners. A member applies (company, contact, intent);
 * approval in the one review queue (kind `cooperation`) makes the applicant's company a partner
 * company and the applicant its member, with the enterprise role and badge 50. Staff add and remove
 * members of partner companies.
 */

export const COOPERATION_KINDS = ['programme', 'case'] as const;
export type CooperationKind = (typeof COOPERATION_KINDS)[number];

export const COOPERATION_RULE = {
  titleMax: 200,
  summaryMax: 1000,
  bodyMaxBytes: 200 * 1024,
  filesMax: 20,
  fileTitleMax: 200,
  sortMax: 9999,
  companyMax: 128,
  contactNameMax: 64,
  phoneMax: 32,
  emailMax: 128,
  intentMax: 2000,
  websiteMax: 500,
  reasonMax: 500,
  pageSize: 12,
} as const;

const R = COOPERATION_RULE;

export const cooperationIndexPath = (prefix: string) => `/${prefix}/cooperate/index`;
export const cooperationPagePath = (prefix: string, id: number) => `/${prefix}/cooperate/info/${id}`;
/** The cooperation application is a part of the cooperation home (`#apply`). */
export const cooperationApplyPath = (prefix: string) => `/${prefix}/cooperate/index#apply`;
/** A download of a cooperation page: the server checks the partner-only switch on every request. */
export const cooperationFilePath = (fileId: number) => `/cooperate/file/${fileId}`;

const id = (message: string) => z.number({ message }).int({ message }).positive({ message }).max(ID_MAX, { message });
const cursor = lazySchema(() => z.string().max(200).optional().describe('next_cursor of the previous page'));
const line = (max: number, message: string) =>
  z.string({ message }).transform(plainLine).pipe(z.string().trim().max(max, { message }));

// The portal's calls.

export const cooperationFileSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    title: z.string(),
    size: z.number().describe('bytes'),
    partner_only: z.boolean(),
    can_download: z.boolean().describe('false for a partner-only file and a viewer who is not a partner'),
    url: z.string().describe('/cooperate/file/{id}: 401 to visitors and 403 to non-partners when partner-only'),
  }),
);

export const cooperationSummarySchema = lazySchema(() =>
  z.object({
    id: z.number(),
    kind: z.enum(COOPERATION_KINDS),
    title: z.string(),
    summary: z.string(),
    cover_url: z.string(),
    file_count: z.number(),
    partner_file_count: z.number(),
    update_time: z.string(),
  }),
);
export type CooperationSummary = z.infer<typeof cooperationSummarySchema>;

export const cooperationList = defineCall({
  id: 'cooperate.list',
  scope: 'site',
  path: '/api/cooperate/list',
  write: false,
  access: PUBLIC,
  tag: 'cooperation',
  summary: "The site's published cooperation pages of a kind in their order (keyset paged)",
  body: lazySchema(() =>
    z.strictObject({
      kind: z.enum(COOPERATION_KINDS, { message: 'cooperationApi.kindRule' }).default('programme'),
      cursor,
      limit: z.number().int().min(1).max(50).default(R.pageSize),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(cooperationSummarySchema), next_cursor: z.string().nullable() })),
});

export const cooperationPageSchema = lazySchema(() =>
  cooperationSummarySchema.extend({
    body_html: z.string().describe('sanitised HTML'),
    files: z.array(cooperationFileSchema),
    versions: z.array(z.object({ tws_id: z.number(), id: z.number() })).describe('linked versions on the other sites'),
    is_partner: z.boolean(),
    published: z.boolean(),
    create_time: z.string(),
  }),
);
export type CooperationPage = z.infer<typeof cooperationPageSchema>;

export const cooperationInfo = defineCall({
  id: 'cooperate.info',
  scope: 'site',
  path: '/api/cooperate/info',
  write: false,
  access: PUBLIC,
  tag: 'cooperation',
  summary:
    'A published cooperation page of the site with its downloads (whether the viewer may download each) and its linked language versions; 404 otherwise',
  body: lazySchema(() => z.strictObject({ id: id('cooperationApi.pageNotFound') })),
  data: cooperationPageSchema,
});

export const partnerCompanySchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    website: z.string(),
    summary: z.string(),
    member_count: z.number(),
    since: z.string(),
  }),
);
export type PartnerCompany = z.infer<typeof partnerCompanySchema>;

export const partnerDirectory = defineCall({
  id: 'cooperate.partners',
  scope: 'site',
  path: '/api/cooperate/partners',
  write: false,
  access: PUBLIC,
  tag: 'cooperation',
  summary: 'The partner companies shown in the directory, newest first (keyset paged)',
  body: lazySchema(() => z.strictObject({ cursor, limit: z.number().int().min(1).max(50).default(24) })),
  data: lazySchema(() => z.object({ list: z.array(partnerCompanySchema), next_cursor: z.string().nullable() })),
});

// The member's application.

/** An application's state: a draft (0), then the review statuses (10, 20, 30, 40). */
export const COOPERATION_STATUS = { draft: 0, ...REVIEW_STATUS } as const;

const cooperationFields = lazySchema(() =>
  z.strictObject({
    company: line(R.companyMax, 'cooperationForm.companyRule').default(''),
    contact_name: line(R.contactNameMax, 'cooperationForm.contactNameRule').default(''),
    phone: z
      .string({ message: 'cooperationForm.phoneRule' })
      .trim()
      .max(R.phoneMax, { message: 'cooperationForm.phoneRule' })
      .refine((v) => v === '' || /^\+?[0-9][0-9 -]{4,30}$/.test(v), { message: 'cooperationForm.phoneRule' })
      .default(''),
    email: z
      .string({ message: 'cooperationForm.emailRule' })
      .trim()
      .max(R.emailMax, { message: 'cooperationForm.emailRule' })
      .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'cooperationForm.emailRule' })
      .default(''),
    intent: z
      .string({ message: 'cooperationForm.intentRule' })
      .trim()
      .max(R.intentMax, { message: 'cooperationForm.intentRule' })
      .default('')
      .describe('plain text, what the company wants to do with the vendor, up to 2,000 characters'),
  }),
);
export type CooperationFields = z.output<typeof cooperationFields>;

function complete(form: CooperationFields, ctx: z.RefinementCtx) {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  need(form.company !== '', 'company', 'cooperationForm.companyRequired');
  need(form.contact_name !== '', 'contact_name', 'cooperationForm.contactNameRequired');
  need(form.phone !== '' || form.email !== '', 'phone', 'cooperationForm.contactRequired');
  need(form.intent !== '', 'intent', 'cooperationForm.intentRequired');
}

export const cooperationDraftBody = cooperationFields;
export const cooperationSubmitBody = lazySchema(() => cooperationFields.superRefine(complete));

export const cooperationApplicationSchema = lazySchema(() =>
  z.object({
    application_id: z.number(),
    status: z.number().describe('0 draft, 10 pending, 20 approved, 30 rejected, 40 withdrawn'),
    reason: z.string().describe("the rejection's reason; '' otherwise"),
    company: z.string(),
    contact_name: z.string(),
    phone: z.string(),
    email: z.string(),
    intent: z.string(),
    partner_company: z.string().nullable().describe('the partner company joined on approval'),
    tws_id: z.number(),
    create_time: z.string(),
    submit_time: z.string().nullable(),
    decide_time: z.string().nullable(),
    editable: z.boolean().describe('false while pending review, or once the member is a partner'),
  }),
);
export type CooperationApplication = z.infer<typeof cooperationApplicationSchema>;

const mineData = lazySchema(() =>
  z.object({
    application: cooperationApplicationSchema.nullable(),
    is_partner: z.boolean(),
    partner_company: z.string().nullable(),
  }),
);

export const cooperationMine = defineCall({
  id: 'cooperate.myApplication',
  scope: 'site',
  path: '/api/cooperate/myApplication',
  write: false,
  access: MEMBER,
  tag: 'cooperation',
  summary: "The member's cooperation application (null when none was started) and the partner company they belong to",
  body: lazySchema(() => z.strictObject({})),
  data: mineData,
});

export const cooperationSave = defineCall({
  id: 'cooperate.saveApplication',
  scope: 'site',
  path: '/api/cooperate/saveApplication',
  write: true,
  access: MEMBER,
  tag: 'cooperation',
  summary:
    'Saves the cooperation application as a draft (limits hold, nothing required). Refused (409) while pending or once the member is a partner.',
  body: cooperationDraftBody,
  data: mineData,
});

export const cooperationSubmit = defineCall({
  id: 'cooperate.submitApplication',
  scope: 'site',
  path: '/api/cooperate/submitApplication',
  write: true,
  access: MEMBER,
  tag: 'cooperation',
  summary:
    "Saves and submits the cooperation application to this site's review queue: company, contact name, a phone or an email, intent. One pending at a time (409); refused once the member is a partner.",
  body: cooperationSubmitBody,
  data: mineData,
});

export const cooperationWithdraw = defineCall({
  id: 'cooperate.withdrawApplication',
  scope: 'site',
  path: '/api/cooperate/withdrawApplication',
  write: true,
  access: MEMBER,
  tag: 'cooperation',
  summary: 'Withdraws the pending cooperation application (40); it may then be edited and resubmitted',
  body: lazySchema(() => z.strictObject({})),
  data: mineData,
});

// The back office.

const MANAGE = permission(PERMISSIONS.cooperationManage);

export const adminCooperationItemSchema = lazySchema(() =>
  cooperationSummarySchema.extend({
    sort: z.number(),
    published: z.boolean(),
    lang_group_id: z.number().nullable(),
  }),
);

export const adminCooperationList = defineCall({
  id: 'admin.cooperation.list',
  scope: 'site',
  path: '/admin/cooperation/list',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: "The managed site's cooperation pages of every kind, drafts too, in their order",
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ list: z.array(adminCooperationItemSchema) })),
});

export const adminCooperationFileSchema = lazySchema(() =>
  z.object({
    attachment_id: z.number(),
    title: z.string(),
    partner_only: z.boolean(),
    size: z.number(),
  }),
);

export const adminCooperationPageSchema = lazySchema(() =>
  adminCooperationItemSchema.extend({
    body_html: z.string(),
    files: z.array(adminCooperationFileSchema),
    versions: z.array(z.object({ tws_id: z.number(), id: z.number(), title: z.string() })),
  }),
);

export const adminCooperationGet = defineCall({
  id: 'admin.cooperation.get',
  scope: 'site',
  path: '/admin/cooperation/get',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: 'One cooperation page of the managed site, with its files and linked versions',
  body: lazySchema(() => z.strictObject({ id: id('cooperationApi.pageNotFound') })),
  data: adminCooperationPageSchema,
});

export const adminCooperationSave = defineCall({
  id: 'admin.cooperation.save',
  scope: 'site',
  path: '/admin/cooperation/save',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary:
    'Creates (no id) or updates a cooperation page of the managed site: kind, title 1 to 200, summary up to 1,000, a cover of this site or none, rich text up to 200 KB sanitised on the server, order, published, downloads (uploaded attachments, each partner-only or not, at most 20), and the page of another site it is a language version of. Audited.',
  body: lazySchema(() =>
    z.strictObject({
      id: id('cooperationApi.pageNotFound').optional(),
      kind: z.enum(COOPERATION_KINDS, { message: 'cooperationApi.kindRule' }),
      title: line(R.titleMax, 'cooperationAdmin.titleRule').pipe(
        z.string().min(1, { message: 'cooperationAdmin.titleRule' }),
      ),
      summary: line(R.summaryMax, 'cooperationAdmin.summaryRule').default(''),
      cover_url: z
        .string({ message: 'cooperationAdmin.coverRule' })
        .refine((v) => v === '' || isSiteImageUrl(v), { message: 'cooperationAdmin.coverRule' })
        .default(''),
      body_html: z
        .string({ message: 'cooperationAdmin.bodyRule' })
        .refine((html) => utf8Bytes(html) <= R.bodyMaxBytes, { message: 'cooperationAdmin.bodyRule' }),
      sort: z
        .number({ message: 'cooperationAdmin.sortRule' })
        .int({ message: 'cooperationAdmin.sortRule' })
        .min(0, { message: 'cooperationAdmin.sortRule' })
        .max(R.sortMax, { message: 'cooperationAdmin.sortRule' })
        .default(0),
      published: z.boolean({ message: 'cooperationAdmin.publishedRule' }).default(true),
      files: z
        .array(
          z.strictObject({
            attachment_id: id('cooperationAdmin.fileRule'),
            title: line(R.fileTitleMax, 'cooperationAdmin.fileTitleRule').pipe(
              z.string().min(1, { message: 'cooperationAdmin.fileTitleRule' }),
            ),
            partner_only: z.boolean({ message: 'cooperationAdmin.fileRule' }).default(false),
          }),
          { message: 'cooperationAdmin.fileRule' },
        )
        .max(R.filesMax, { message: 'cooperationAdmin.filesTooMany' })
        .default([]),
      version_of: id('cooperationAdmin.versionRule')
        .nullable()
        .default(null)
        .describe('a page of another site this page is a language version of (they are linked both ways); null: alone'),
    }),
  ),
  data: adminCooperationPageSchema,
});

export const adminCooperationDelete = defineCall({
  id: 'admin.cooperation.delete',
  scope: 'site',
  path: '/admin/cooperation/delete',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary: 'Deletes a cooperation page of the managed site and its list of downloads (the attachments stay). Audited.',
  body: lazySchema(() => z.strictObject({ id: id('cooperationApi.pageNotFound') })),
  data: lazySchema(() => z.object({ id: z.number() })),
});

export const adminPartnerSchema = lazySchema(() => partnerCompanySchema.extend({ listed: z.boolean() }));

export const adminPartnerList = defineCall({
  id: 'admin.partners.list',
  scope: 'site',
  path: '/admin/partners/list',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: 'Every partner company, newest first (keyset paged)',
  body: lazySchema(() => z.strictObject({ cursor, limit: z.number().int().min(1).max(100).default(50) })),
  data: lazySchema(() => z.object({ list: z.array(adminPartnerSchema), next_cursor: z.string().nullable() })),
});

export const adminPartnerSave = defineCall({
  id: 'admin.partners.save',
  scope: 'site',
  path: '/admin/partners/save',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary:
    'Creates (no id) or updates a partner company: name (unique, case ignored), website, summary, shown in the directory or not. Audited.',
  body: lazySchema(() =>
    z.strictObject({
      id: id('cooperationApi.partnerNotFound').optional(),
      name: line(R.companyMax, 'cooperationAdmin.nameRule').pipe(
        z.string().min(1, { message: 'cooperationAdmin.nameRule' }),
      ),
      website: z
        .string({ message: 'cooperationAdmin.websiteRule' })
        .trim()
        .refine((v) => v === '' || isHttpUrl(v), { message: 'cooperationAdmin.websiteRule' })
        .default(''),
      summary: line(R.summaryMax, 'cooperationAdmin.summaryRule').default(''),
      listed: z.boolean({ message: 'cooperationAdmin.listedRule' }).default(true),
    }),
  ),
  data: adminPartnerSchema,
});

export const partnerMemberSchema = lazySchema(() => userBriefSchema.extend({ since: z.string() }));

export const adminPartnerMembers = defineCall({
  id: 'admin.partners.members',
  scope: 'site',
  path: '/admin/partners/members',
  write: false,
  access: MANAGE,
  tag: 'admin',
  summary: 'The members of a partner company',
  body: lazySchema(() => z.strictObject({ company_id: id('cooperationApi.partnerNotFound') })),
  data: lazySchema(() => z.object({ list: z.array(partnerMemberSchema) })),
});

const reason = lazySchema(() =>
  z
    .string({ message: 'cooperationAdmin.reasonRule' })
    .trim()
    .max(R.reasonMax, { message: 'cooperationAdmin.reasonRule' })
    .default(''),
);

export const adminPartnerAddMember = defineCall({
  id: 'admin.partners.addMember',
  scope: 'site',
  path: '/admin/partners/addMember',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary:
    'Adds a member to a partner company (one company per member) and grants the enterprise role (badge 50). The member is told; audited.',
  body: lazySchema(() =>
    z.strictObject({
      company_id: id('cooperationApi.partnerNotFound'),
      user_id: id('cooperationApi.userNotFound'),
      reason,
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(partnerMemberSchema) })),
});

export const adminPartnerRemoveMember = defineCall({
  id: 'admin.partners.removeMember',
  scope: 'site',
  path: '/admin/partners/removeMember',
  write: true,
  access: MANAGE,
  tag: 'admin',
  summary:
    'Removes a member from their partner company and takes the enterprise role away. The member is told with the reason; audited.',
  body: lazySchema(() =>
    z.strictObject({
      company_id: id('cooperationApi.partnerNotFound'),
      user_id: id('cooperationApi.userNotFound'),
      reason,
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(partnerMemberSchema) })),
});
