import { z } from './zod';
import { defineCall, MEMBER, permission } from './call';
import { PERMISSIONS } from './permissions';

/**
 * The back office's frame (issue 4, decisions.md "Back office"): who the staff member is and which
 * sites they may manage, and the dashboard of one managed site. Back-office calls live under
 * `/api/{site}/admin/...`; the site in the URL is the site being managed.
 */

const emptyBody = z.strictObject({});

export const adminSiteSchema = z.object({
  tws_id: z.number(),
  apply_site: z.string().describe('protal or protal_en: the site code to put in /api/{site}/admin/...'),
  permissions: z.array(z.string()).describe('the named permissions the member holds site-wide on this site'),
});
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
  data: z.object({
    user: z.object({ user_id: z.number(), user_nick_name: z.string(), user_avatar_att_url: z.string() }),
    sites: z.array(adminSiteSchema),
  }),
});
export type AdminContext = z.infer<typeof adminContext.data>;

/** The dashboard's trends cover this many days, today included. */
export const DASHBOARD_DAYS = 30;

const trendSchema = z
  .array(z.object({ day: z.string().describe("YYYY-MM-DD in the staff member's time zone"), count: z.number() }))
  .describe(`one entry per day, oldest first, ${DASHBOARD_DAYS} days up to today; days without any count 0`);

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
  data: z.object({
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
});
export type AdminDashboard = z.infer<typeof adminDashboard.data>;

