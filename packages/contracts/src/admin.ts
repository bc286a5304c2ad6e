import { lazySchema, z } from './zod';
import { ID_MAX } from './constants';
import { defineCall, MEMBER, permission } from './call';
import { PERMISSIONS } from './permissions';

/**
 * The back office's frame (issue 4, decisions.md "Back office"): who the staff member is and which
 * sites they may manage, and the dashboard of one managed site. Back-office calls live under
 * `/api/{site}/admin/...`; the site in the URL is the site being managed.
 */

const emptyBody = lazySchema(() => z.strictObject({}));

export const adminSiteSchema = lazySchema(() =>
  z.object({
    tws_id: z.number(),
    apply_site: z.string().describe('protal or protal_en: the site code to put in /api/{site}/admin/...'),
    permissions: z.array(z.string()).describe('the named permissions the member holds site-wide on this site'),
  }),
);
export type AdminSite = z.infer<typeof adminSiteSchema>;

export const adminContext = defineCall({
  id: 'admin.context',
  scope: 'site',
  path: '/admin/context',
  write: false,
  access: MEMBER,
  tag: 'admin',
  summary:
    'The signed-in staff member and the sites they may manage (those where they hold admin.access), with their permissions on each. 403 when there is none.',
  body: emptyBody,
  data: lazySchema(() =>
    z.object({
      user: z.object({ user_id: z.number(), user_nick_name: z.string(), user_avatar_att_url: z.string() }),
      sites: z.array(adminSiteSchema),
    }),
  ),
});
export type AdminContext = z.infer<typeof adminContext.data>;

/** The dashboard's trends cover this many days, today included. */
export const DASHBOARD_DAYS = 30;

const trendSchema = lazySchema(() =>
  z
    .array(z.object({ day: z.string().describe("YYYY-MM-DD in the staff member's time zone"), count: z.number() }))
    .describe(`one entry per day, oldest first, ${DASHBOARD_DAYS} days up to today; days without any count 0`),
);

export const adminDashboard = defineCall({
  id: 'admin.dashboard',
  scope: 'site',
  path: '/admin/dashboard',
  write: false,
  access: permission(PERMISSIONS.adminAccess),
  tag: 'admin',
  summary:
    "Counts and 30-day trends of the managed site. Member accounts are shared by both sites, so member figures cover every account. Days follow the time zone of the request (spec 7 headers), else the site's.",
  body: emptyBody,
  data: lazySchema(() =>
    z.object({
      generated_at: z.string().describe('ISO 8601 time the figures were counted'),
      members: z
        .object({ total: z.number(), new_7d: z.number(), new_30d: z.number() })
        .describe('accounts of both sites: active accounts, and accounts registered in the last 7 and 30 days'),
      posts: z.number().describe('published posts of the site'),
      articles_pending: z.number().describe('topic articles of the site awaiting review'),
      articles_approved: z.number().describe('published topic articles of the site'),
      events: z.number().describe('events of the site'),
      feedback_open: z.number().describe('feedback of the site not handled yet'),
      messages_30d: z.number().describe('in-site messages delivered in the last 30 days, on this site or on both'),
      trends: z.object({
        members: trendSchema.describe('new accounts per day (both sites)'),
        posts: trendSchema.describe('new posts of the site per day, whatever their review status'),
      }),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboard.data>;

/** Audit actions are `<domain>.<verb>` in lower case; a filter ending with `.` matches a whole domain. */
export const AUDIT_ACTION_FILTER = /^[a-z0-9_]+(?:\.[a-z0-9_]+)*\.?$/;
export const AUDIT_TARGET_KIND = /^[a-z0-9_]{1,32}$/;

const auditActor = lazySchema(() =>
  z
    .object({ user_id: z.number(), user_nick_name: z.string() })
    .nullable()
    .describe('null when the account that acted has been deleted'),
);

export const auditEntrySchema = lazySchema(() =>
  z.object({
    audit_id: z.number(),
    actor: auditActor,
    action: z.string().describe('<domain>.<verb>, e.g. user.ban'),
    target_kind: z.string(),
    target_id: z.string(),
    site_id: z.number().nullable().describe('the site acted on; null for portal-wide things (accounts, roles)'),
    before: z.unknown().describe('the state before, as recorded (JSON); null when none'),
    after: z.unknown().describe('the state after, as recorded (JSON); null when none'),
    ip: z.string(),
    request_id: z.string(),
    created_at: z.string().describe('ISO 8601'),
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminAuditList = defineCall({
  id: 'admin.audit.list',
  scope: 'site',
  path: '/admin/audit/list',
  write: false,
  access: permission(PERMISSIONS.auditRead),
  tag: 'admin',
  summary:
    'The audit log of the managed site (with the portal-wide entries), newest first, keyset-paged. Filters: actor, action (exact, or a prefix ending with a dot), target, time range.',
  body: lazySchema(() =>
    z
      .strictObject({
        cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
        limit: z.number().int().min(1).max(50).default(20),
        actor_id: z
          .number({ message: 'admin.actorRule' })
          .int({ message: 'admin.actorRule' })
          .positive({ message: 'admin.actorRule' })
          .max(ID_MAX, { message: 'admin.actorRule' })
          .max(2_147_483_647, { message: 'admin.actorRule' })
          .optional(),
        action: z
          .string({ message: 'admin.actionRule' })
          .max(64, { message: 'admin.actionRule' })
          .regex(AUDIT_ACTION_FILTER, { message: 'admin.actionRule' })
          .optional()
          .describe('an action (user.ban), or a prefix ending with a dot (user.) for every action of a domain'),
        target_kind: z
          .string({ message: 'admin.targetRule' })
          .regex(AUDIT_TARGET_KIND, { message: 'admin.targetRule' })
          .optional(),
        target_id: z
          .string({ message: 'admin.targetRule' })
          .min(1, { message: 'admin.targetRule' })
          .max(64, { message: 'admin.targetRule' })
          .optional(),
        from: z
          .number({ message: 'admin.rangeRule' })
          .int({ message: 'admin.rangeRule' })
          .min(0, { message: 'admin.rangeRule' })
          .optional()
          .describe('ms since the epoch, inclusive'),
        to: z
          .number({ message: 'admin.rangeRule' })
          .int({ message: 'admin.rangeRule' })
          .min(0, { message: 'admin.rangeRule' })
          .optional()
          .describe('ms since the epoch, exclusive'),
      })
      .refine((b) => b.target_id === undefined || b.target_kind !== undefined, {
        message: 'admin.targetRule',
        path: ['target_id'],
      })
      .refine((b) => b.from === undefined || b.to === undefined || b.from < b.to, {
        message: 'admin.rangeRule',
        path: ['to'],
      }),
  ),
  data: lazySchema(() => z.object({ list: z.array(auditEntrySchema), next_cursor: z.string().nullable() })),
});
export type AuditFilter = z.input<typeof adminAuditList.body>;

export const adminAuditActions = defineCall({
  id: 'admin.audit.actions',
  scope: 'site',
  path: '/admin/audit/actions',
  write: false,
  access: permission(PERMISSIONS.auditRead),
  tag: 'admin',
  summary:
    'The action names and target kinds found in the managed site’s audit log (and the portal-wide entries), for the filters',
  body: emptyBody,
  data: lazySchema(() => z.object({ actions: z.array(z.string()), target_kinds: z.array(z.string()) })),
});
