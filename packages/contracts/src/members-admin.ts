import { lazySchema, z } from './zod';
import { defineCall, permission } from './call';
import { ID_MAX, PAGE_SIZE } from './constants';
import { broadcastInputSchema } from './messages';
import { PERMISSIONS, ROLE_CODE_PATTERN } from './permissions';
import { roleGrantSchema } from './roles';

/**
 * The back office's members (issue 4: users, search, view, set roles, ban with reason and end date,
 * which ends their sessions) and staff broadcasts. Accounts are portal-wide; the roles shown are
 * those of the managed site (grants for every site included).
 */

export const BAN_RULE = {
  reasonMax: 500,
  /** A ban ends at most this far ahead (100 years). */
  maxMs: 100 * 365.25 * 24 * 3_600_000,
} as const;

export const USER_KEYWORD_MAX = 100;

const isoTime = lazySchema(() => z.string().describe('ISO 8601 time'));
const userId = lazySchema(() =>
  z
    .number({ message: 'membersAdmin.userRule' })
    .int()
    .positive({ message: 'membersAdmin.userRule' })
    .max(ID_MAX, { message: 'membersAdmin.userRule' }),
);

export const adminUserRoleSchema = lazySchema(() =>
  z.object({
    id: z.number().describe('grant id'),
    role: z.string(),
    role_name: z.string().describe("in the site's language"),
    tws_id: z.number().nullable().describe('null: every site'),
    scope_id: z.number().nullable(),
  }),
);

export const adminUserItemSchema = lazySchema(() =>
  z.object({
    user_id: z.number(),
    user_nick_name: z.string(),
    user_avatar_att_url: z.string(),
    user_email: z.string().nullable().describe('sign-in email'),
    user_mobile: z.string().nullable().describe('sign-in mobile'),
    user_name: z.string().describe('real name'),
    user_company: z.string(),
    user_expert: z.number().describe('20 expert, 10 not'),
    user_points: z.number(),
    user_points_level: z.number(),
    is_edit: z.number().describe('1 information complete, 2 not yet'),
    status: z.number().describe('1 active'),
    roles: z.array(adminUserRoleSchema).describe('grants on this site and on every site'),
    banned_until: isoTime.nullable().describe('end of the ban in force; null when not banned'),
    ban_reason: z.string().describe("'' when not banned"),
    create_time: isoTime,
  }),
);
export type AdminUserItem = z.infer<typeof adminUserItemSchema>;

export const adminUsersList = defineCall({
  id: 'admin.users.list',
  scope: 'site',
  path: '/admin/users/list',
  write: false,
  access: permission(PERMISSIONS.userManage),
  tag: 'admin',
  summary:
    'Members, newest first, keyset paged: a keyword over nickname, email and mobile (or an exact id), filtered by a role on this site and by being banned',
  body: lazySchema(() =>
    z.strictObject({
      keyword: z
        .string({ message: 'membersAdmin.keywordRule' })
        .trim()
        .max(USER_KEYWORD_MAX, { message: 'membersAdmin.keywordRule' })
        .optional(),
      role: z
        .string({ message: 'membersAdmin.roleRule' })
        .regex(ROLE_CODE_PATTERN, { message: 'membersAdmin.roleRule' })
        .optional()
        .describe('holders of this role on this site (or on every site)'),
      banned: z.boolean({ message: 'membersAdmin.bannedRule' }).optional().describe('true: banned now; false: not'),
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
      page_size: z.number().int().min(1).max(50).default(PAGE_SIZE),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(adminUserItemSchema), next_cursor: z.string().nullable() })),
});

export const banRecordSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    reason: z.string(),
    start_time: isoTime,
    end_time: isoTime,
    created_by: z.object({ user_id: z.number(), user_nick_name: z.string() }).nullable(),
    lifted_time: isoTime.nullable(),
    lifted_by: z.object({ user_id: z.number(), user_nick_name: z.string() }).nullable(),
  }),
);
export type BanRecord = z.infer<typeof banRecordSchema>;

export const adminUserDetailSchema = lazySchema(() =>
  adminUserItemSchema.extend({
    user_job_title: z.string(),
    user_industry: z.number().nullable(),
    user_contact_mobile: z.string(),
    user_contact_email: z.string(),
    user_follow_count: z.number(),
    user_fans_count: z.number(),
    user_logo_arr: z.array(z.number()).describe('identity badges on this site'),
    grants: z.array(roleGrantSchema).describe('every role grant on every site, with its board or topic'),
    bans: z.array(banRecordSchema).describe('ban history, newest first (at most 50)'),
    live_sessions: z.number().describe('signed-in sessions that have not ended'),
  }),
);
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUsersDetail = defineCall({
  id: 'admin.users.detail',
  scope: 'site',
  path: '/admin/users/detail',
  write: false,
  access: permission(PERMISSIONS.userManage),
  tag: 'admin',
  summary: "One member's profile, every role grant, ban history, live sessions and follow counts",
  body: lazySchema(() => z.strictObject({ user_id: userId })),
  data: adminUserDetailSchema,
});

export const adminUsersBan = defineCall({
  id: 'admin.users.ban',
  scope: 'site',
  path: '/admin/users/ban',
  write: true,
  access: permission(PERMISSIONS.userManage),
  tag: 'admin',
  summary:
    'Bans a member until a time (ms since the epoch, in the future, at most 100 years ahead) with a reason: ends every session at once and tells the member by message. Admins are banned by admins only; nobody bans themselves.',
  body: lazySchema(() =>
    z.strictObject({
      user_id: userId,
      reason: z
        .string({ message: 'membersAdmin.reasonRule' })
        .trim()
        .min(1, { message: 'membersAdmin.reasonRule' })
        .max(BAN_RULE.reasonMax, { message: 'membersAdmin.reasonRule' }),
      until: z
        .number({ message: 'membersAdmin.untilRule' })
        .int({ message: 'membersAdmin.untilRule' })
        .refine((until) => until > Date.now() && until <= Date.now() + BAN_RULE.maxMs, {
          message: 'membersAdmin.untilRule',
        })
        .describe('end of the ban, ms since the epoch: in the future, at most 100 years ahead'),
    }),
  ),
  data: lazySchema(() =>
    z.object({ user_id: z.number(), banned_until: isoTime, ban_reason: z.string(), ended_sessions: z.number() }),
  ),
});

export const adminUsersUnban = defineCall({
  id: 'admin.users.unban',
  scope: 'site',
  path: '/admin/users/unban',
  write: true,
  access: permission(PERMISSIONS.userManage),
  tag: 'admin',
  summary: 'Lifts the ban in force on a member and tells them by message',
  body: lazySchema(() => z.strictObject({ user_id: userId })),
  data: lazySchema(() => z.object({ user_id: z.number(), banned_until: z.null(), ban_reason: z.string() })),
});

export const broadcastItemSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    tws_id: z.number().nullable().describe('null: both sites'),
    audience: z.enum(['all', 'role', 'member']),
    role: z.string().nullable(),
    role_name: z.string().nullable().describe("in the site's language"),
    target: z.object({ user_id: z.number(), user_nick_name: z.string() }).nullable(),
    title: z.string().describe('plain text'),
    content: z.string().describe('plain text with \\n line breaks'),
    url: z.string(),
    recipient_count: z.number(),
    created_by: z.object({ user_id: z.number(), user_nick_name: z.string() }).nullable(),
    create_time: isoTime,
  }),
);
export type BroadcastItem = z.infer<typeof broadcastItemSchema>;

export const adminMessagesBroadcast = defineCall({
  id: 'admin.messages.broadcast',
  scope: 'site',
  path: '/admin/messages/broadcast',
  write: true,
  access: permission(PERMISSIONS.messageBroadcast),
  tag: 'admin',
  summary:
    'Sends an in-site message from the staff to every member, to the holders of a role, or to one member, shown on this site (tws_id) or on both (null: needs the permission on both sites)',
  body: broadcastInputSchema,
  data: broadcastItemSchema,
});

export const adminMessagesBroadcasts = defineCall({
  id: 'admin.messages.broadcasts',
  scope: 'site',
  path: '/admin/messages/broadcasts',
  write: false,
  access: permission(PERMISSIONS.messageBroadcast),
  tag: 'admin',
  summary: "Broadcasts shown on this site (this site's and both sites'), newest first, keyset paged",
  body: lazySchema(() =>
    z.strictObject({
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
      page_size: z.number().int().min(1).max(50).default(PAGE_SIZE),
    }),
  ),
  data: lazySchema(() => z.object({ list: z.array(broadcastItemSchema), next_cursor: z.string().nullable() })),
});

export const membersAdminCalls = [
  adminUsersList,
  adminUsersDetail,
  adminUsersBan,
  adminUsersUnban,
  adminMessagesBroadcast,
  adminMessagesBroadcasts,
] as const;
