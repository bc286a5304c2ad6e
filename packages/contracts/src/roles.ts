import { lazySchema, z } from './zod';
import { ID_MAX } from './constants';
import { defineCall, permission } from './call';
import { PERMISSION_LIST, PERMISSIONS, ROLE_CODE_PATTERN, type Permission } from './permissions';

/**
 * The back office's roles and permissions (issue 4; decisions.md People and Back office): the roles
 * with their named permissions, custom staff roles, and granting or revoking a role to a member on
 * the managed site, on every site, or in one board or topic.
 *
 * The privilege rule holds for every write here: staff may hand out or take away only permissions
 * they hold themselves, the admin role is granted and revoked by admins only, and the last
 * portal-wide admin cannot be removed.
 */

export const ROLE_NAME_MAX = 32;

/** Permissions that only the member role may carry (what every signed-in member may do). */
export const MEMBER_PERMISSIONS: readonly Permission[] = [
  PERMISSIONS.feedbackSend,
  PERMISSIONS.postPublish,
  PERMISSIONS.articlePublish,
  PERMISSIONS.journalSubmit,
];

/** The catalogue key of a permission's label: `roles.permissionNames.<group>.<verb>`. */
export function permissionLabelKey<P extends Permission>(p: P): `roles.permissionNames.${P}` {
  return `roles.permissionNames.${p}`;
}

const roleCode = lazySchema(() =>
  z
    .string({ message: 'roles.codeRule' })
    .regex(ROLE_CODE_PATTERN, { message: 'roles.codeRule' })
    .describe('lower-case letters, digits and underscores, 2 to 32 characters, starting with a letter'),
);

const roleName = (key: string) =>
  z.string({ message: key }).trim().min(1, { message: key }).max(ROLE_NAME_MAX, { message: key });

const permissionName = lazySchema(() =>
  z.enum(PERMISSION_LIST as [Permission, ...Permission[]], {
    message: 'roles.permissionUnknown',
  }),
);

const permissionSet = lazySchema(() =>
  z
    .array(permissionName, { message: 'roles.permissionUnknown' })
    .max(PERMISSION_LIST.length)
    .refine((list) => new Set(list).size === list.length, { message: 'roles.permissionRepeated' })
    .describe('named permissions, each once'),
);

export const roleSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    name_zh: z.string(),
    name_en: z.string(),
    scope_kind: z.enum(['board', 'topic']).nullable().describe('granted per board or topic; null: per site'),
    builtin: z.boolean(),
    badge: z.number().nullable().describe('identity badge code (user_logo_arr) the role shows, 10..80'),
    permissions: z.array(z.string()).describe('the admin role lists every permission (it holds them in code)'),
    editable: z.boolean().describe("false for the admin role's permissions"),
    holders: z.number().describe('members holding it on this site (grants for every site included)'),
  }),
);
export type RoleItem = z.infer<typeof roleSchema>;

export const permissionInfoSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    label_zh: z.string(),
    label_en: z.string(),
    scope_kind: z.enum(['board', 'topic']).nullable().describe('board or topic roles carry it inside their scope'),
    member_level: z.boolean().describe('one of the permissions of the member role'),
  }),
);
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;

export const adminRolesList = defineCall({
  id: 'admin.roles.list',
  scope: 'site',
  path: '/admin/roles/list',
  write: false,
  access: permission(PERMISSIONS.roleManage),
  tag: 'admin',
  summary:
    'Every role with its names, scope kind, permissions and number of holders on this site, and the catalogue of named permissions',
  body: lazySchema(() => z.strictObject({})),
  data: lazySchema(() => z.object({ roles: z.array(roleSchema), permissions: z.array(permissionInfoSchema) })),
});

export const adminRolesCreate = defineCall({
  id: 'admin.roles.create',
  scope: 'site',
  path: '/admin/roles/create',
  write: true,
  access: permission(PERMISSIONS.roleManage),
  tag: 'admin',
  summary:
    'Creates a custom site-wide staff role. Role definitions are portal-wide: the caller must hold every permission it carries on every site.',
  body: lazySchema(() =>
    z.strictObject({
      code: roleCode,
      name_zh: roleName('roles.nameZhRule'),
      name_en: roleName('roles.nameEnRule'),
      permissions: permissionSet.default([]),
    }),
  ),
  data: roleSchema,
});

export const adminRolesUpdate = defineCall({
  id: 'admin.roles.update',
  scope: 'site',
  path: '/admin/roles/update',
  write: true,
  access: permission(PERMISSIONS.roleManage),
  tag: 'admin',
  summary:
    "Renames a role or sets its permissions (not the admin role's). Every permission added or taken away must be held by the caller on every site.",
  body: lazySchema(() =>
    z.strictObject({
      code: roleCode,
      name_zh: roleName('roles.nameZhRule').optional(),
      name_en: roleName('roles.nameEnRule').optional(),
      permissions: permissionSet.optional().describe('the whole new set; omitted: unchanged'),
    }),
  ),
  data: roleSchema,
});

export const adminRolesDelete = defineCall({
  id: 'admin.roles.delete',
  scope: 'site',
  path: '/admin/roles/delete',
  write: true,
  access: permission(PERMISSIONS.roleManage),
  tag: 'admin',
  summary: 'Deletes a custom role and every grant of it (the holders get a message)',
  body: lazySchema(() => z.strictObject({ code: roleCode })),
  data: lazySchema(() => z.object({ code: z.string(), revoked_grants: z.number() })),
});

export const roleGrantSchema = lazySchema(() =>
  z.object({
    id: z.number().describe('grant id, for revokeRole'),
    role: z.string(),
    role_name: z.string().describe("in the site's language"),
    tws_id: z.number().nullable().describe('the site; null: every site'),
    scope_kind: z.enum(['board', 'topic']).nullable(),
    scope_id: z.number().nullable().describe('the board (dictionary id) or topic id'),
    scope_name: z.string().nullable().describe("the board's or topic's name"),
    create_time: z.string().describe('ISO 8601 time'),
  }),
);
export type RoleGrantItem = z.infer<typeof roleGrantSchema>;

export const adminUsersGrantRole = defineCall({
  id: 'admin.users.grantRole',
  scope: 'site',
  path: '/admin/users/grantRole',
  write: true,
  access: permission(PERMISSIONS.roleManage),
  tag: 'admin',
  summary:
    'Grants a role to a member on this site (or on every site: all_sites, portal-wide admins only); moderators need a board of this site, topic hosts a topic of it. The member is told by message and the change applies on their next request.',
  body: lazySchema(() =>
    z.strictObject({
      user_id: z
        .number({ message: 'membersAdmin.userRule' })
        .int()
        .positive({ message: 'membersAdmin.userRule' })
        .max(ID_MAX, { message: 'membersAdmin.userRule' }),
      role: roleCode,
      scope_id: z
        .number({ message: 'roles.scopeRule' })
        .int()
        .positive({ message: 'roles.scopeRule' })
        .max(ID_MAX, { message: 'roles.scopeRule' })
        .optional()
        .describe('board id (moderator) or topic id (topic host); only for those roles'),
      all_sites: z.boolean().default(false).describe('grant on every site (portal-wide admins only)'),
    }),
  ),
  data: lazySchema(() =>
    z.object({ grant: roleGrantSchema, grants: z.array(roleGrantSchema), user_expert: z.number() }),
  ),
});

export const adminUsersRevokeRole = defineCall({
  id: 'admin.users.revokeRole',
  scope: 'site',
  path: '/admin/users/revokeRole',
  write: true,
  access: permission(PERMISSIONS.roleManage),
  tag: 'admin',
  summary:
    'Revokes one role grant of this site (or a portal-wide one: portal-wide admins only). The last portal-wide admin cannot be removed.',
  body: lazySchema(() =>
    z.strictObject({
      id: z
        .number({ message: 'roles.grantRule' })
        .int()
        .positive({ message: 'roles.grantRule' })
        .max(ID_MAX, { message: 'roles.grantRule' })
        .describe('grant id'),
    }),
  ),
  data: lazySchema(() => z.object({ user_id: z.number(), grants: z.array(roleGrantSchema), user_expert: z.number() })),
});

export const rolesCalls = [
  adminRolesList,
  adminRolesCreate,
  adminRolesUpdate,
  adminRolesDelete,
  adminUsersGrantRole,
  adminUsersRevokeRole,
] as const;
