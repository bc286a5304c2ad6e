import type { Kysely } from 'kysely';
import {
  ADMIN_ROLE,
  MEMBER_ROLE,
  PERMISSION_LIST,
  SCOPABLE_PERMISSIONS,
  type Permission,
} from '@portal/contracts/permissions';
import type { DB } from '../../db/schema';
import { grantInForce } from './active-grant';

/** One role held by a member: on every site (siteId null) or one, and for a board/topic scope or not. */
export interface RoleGrant {
  role: string;
  siteId: number | null;
  scopeId: number | null;
}

/** What a member may do on one site: site-wide permissions, and scoped ones by board or topic id. */
export interface SiteAccess {
  roles: RoleGrant[];
  permissions: Set<string>;
  /** Permission → the board or topic ids where the member holds it (moderators, topic hosts). */
  scoped: Map<string, Set<number>>;
}

const EVERY_PERMISSION: readonly Permission[] = PERMISSION_LIST;

/**
 * The member's access on a site, read fresh from the database on every request so that a grant,
 * a revocation or a change of a role's permissions takes effect at once, on every process. Two
 * indexed reads: the member's grants, then the permissions of those roles and of the member role.
 */
export async function siteAccess(db: Kysely<DB>, userId: number, siteId: number): Promise<SiteAccess> {
  const grants = (
    await db
      .selectFrom('user_roles')
      .select(['role', 'site_id', 'scope_id'])
      .where('user_id', '=', userId)
      .where((eb) => grantInForce(eb))
      .execute()
  )
    .filter((g) => g.site_id === null || g.site_id === siteId)
    .map((g) => ({ role: g.role, siteId: g.site_id, scopeId: g.scope_id }));
  const roleCodes = [...new Set([MEMBER_ROLE, ...grants.map((g) => g.role)])];
  const rows = await db
    .selectFrom('role_permissions')
    .innerJoin('roles', 'roles.code', 'role_permissions.role')
    .select(['role_permissions.role', 'role_permissions.permission', 'roles.scope_kind'])
    .where('role_permissions.role', 'in', roleCodes)
    .execute();
  const byRole = new Map<string, { permissions: string[]; scoped: boolean }>();
  for (const row of rows) {
    const entry = byRole.get(row.role) ?? { permissions: [], scoped: row.scope_kind !== null };
    entry.permissions.push(row.permission);
    byRole.set(row.role, entry);
  }

  const permissions = new Set<string>(byRole.get(MEMBER_ROLE)?.permissions ?? []);
  const scoped = new Map<string, Set<number>>();
  for (const grant of grants) {
    if (grant.role === ADMIN_ROLE) {
      for (const p of EVERY_PERMISSION) permissions.add(p);
      continue;
    }
    const role = byRole.get(grant.role);
    if (!role) continue;
    for (const permission of role.permissions) {
      // A board or topic role gives its scopable permissions in its own scope only.
      if (role.scoped && SCOPABLE_PERMISSIONS[permission as Permission] && grant.scopeId !== null) {
        const ids = scoped.get(permission) ?? new Set<number>();
        ids.add(grant.scopeId);
        scoped.set(permission, ids);
      } else if (!role.scoped) {
        permissions.add(permission);
      }
    }
  }
  return { roles: grants, permissions, scoped };
}

/** Whether a member may do something, site-wide or (when a scope id is given) in that board/topic. */
export function holds(
  access: Pick<SiteAccess, 'permissions' | 'scoped'>,
  permission: string,
  scopeId?: number,
): boolean {
  if (access.permissions.has(permission)) return true;
  if (scopeId === undefined) return false;
  return access.scoped.get(permission)?.has(scopeId) ?? false;
}
