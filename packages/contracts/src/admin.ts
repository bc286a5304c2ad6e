import { z } from './zod';
import { defineCall, MEMBER } from './call';

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
