import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { EXPERT_FLAG, ROLE_BADGES } from '@portal/contracts/constants';
import { STATUS } from '@portal/contracts/envelope';
import {
  ADMIN_ROLE,
  MEMBER_ROLE,
  MVP_ROLE,
  PERMISSION_LIST,
  SCOPABLE_PERMISSIONS,
  type Permission,
  type RoleScopeKind,
} from '@portal/contracts/permissions';
import {
  MEMBER_PERMISSIONS,
  permissionLabelKey,
  type PermissionInfo,
  type RoleGrantItem,
  type RoleItem,
} from '@portal/contracts/roles';
import { SITES, siteById, type Lang, type Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { SignedInMember } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { isUniqueViolation } from '../../db/unique-violation';
import { recordAudit } from '../audit/audit.service';
import { notify } from '../messages/messages.service';
import { siteAccess, type SiteAccess } from './access';
import type { Executor } from '../../db/executor';
import { rolesRepository, type GrantRow, type RoleRow, type RolesRepository } from './roles.repository';

type RequestInfo = Pick<FastifyRequest, 'ip' | 'id'>;

const EXPERT_ROLE = 'expert';
const iso = (ms: number) => new Date(ms).toISOString();

/** An admin on the request's site: a grant of the admin role for every site or for this one. */
export function isAdminHere(user: Pick<SignedInMember, 'roles'>): boolean {
  return user.roles.some((g) => g.role === ADMIN_ROLE);
}

/** An admin on every site: a grant of the admin role with no site. */
export function isPortalAdmin(user: Pick<SignedInMember, 'roles'>): boolean {
  return user.roles.some((g) => g.role === ADMIN_ROLE && g.siteId === null);
}

/** Does this member (their grants, all sites) hold the admin role on the site? */
export function grantsMakeAdminOn(grants: ReadonlyArray<Pick<GrantRow, 'role' | 'site_id'>>, siteId: number) {
  return grants.some((g) => g.role === ADMIN_ROLE && (g.site_id === null || g.site_id === siteId));
}

function forbidden(msgKey: string, vars: Record<string, unknown> = {}) {
  return new ApiError(403, STATUS.forbidden, msgKey, vars);
}

/**
 * Which permissions a role may carry: the member role only what every member may do; a board or
 * topic role only the permissions that work inside its board or topic (others would be ignored
 * there); site-wide roles any. The admin role's set is fixed (every permission, in code).
 */
function checkPermissionsFit(role: Pick<RoleRow, 'code' | 'scope_kind'>, permissions: readonly Permission[]) {
  if (role.code === ADMIN_ROLE) throw ApiError.refused('roles.adminPermissionsFixed');
  for (const p of permissions) {
    if (role.code === MEMBER_ROLE && !MEMBER_PERMISSIONS.includes(p)) {
      throw ApiError.refused('roles.memberPermissionsOnly', { permission: p });
    }
    if (role.scope_kind !== null && SCOPABLE_PERMISSIONS[p] !== role.scope_kind) {
      throw ApiError.refused('roles.scopedPermissionsOnly', { permission: p });
    }
  }
}

/** The role item of the back office. */
function toRoleItem(row: RoleRow, permissions: readonly string[], holders: number): RoleItem {
  const isAdmin = row.code === ADMIN_ROLE;
  return {
    code: row.code,
    name_zh: row.name_zh,
    name_en: row.name_en,
    scope_kind: (row.scope_kind as RoleScopeKind | null) ?? null,
    builtin: row.builtin === 1,
    badge: ROLE_BADGES[row.code] ?? null,
    permissions: isAdmin ? [...PERMISSION_LIST] : [...permissions].sort(),
    editable: !isAdmin,
    holders,
  };
}

/** The catalogue of named permissions, labelled in both languages. */
export function permissionCatalogue(): PermissionInfo[] {
  return PERMISSION_LIST.map((p) => ({
    code: p,
    label_zh: translate('zh', permissionLabelKey(p)),
    label_en: translate('en', permissionLabelKey(p)),
    scope_kind: SCOPABLE_PERMISSIONS[p] ?? null,
    member_level: MEMBER_PERMISSIONS.includes(p),
  }));
}

/** Grants as the back office shows them: role name in the reader's language, board or topic named. */
export async function describeGrants(repo: RolesRepository, grants: readonly GrantRow[], lang: Lang) {
  const roles = new Map((await repo.roles()).map((r) => [r.code, r]));
  const boardIds: number[] = [];
  const topicIds: number[] = [];
  for (const g of grants) {
    if (g.scope_id === null) continue;
    const kind = roles.get(g.role)?.scope_kind;
    if (kind === 'board') boardIds.push(g.scope_id);
    if (kind === 'topic') topicIds.push(g.scope_id);
  }
  const names = await repo.scopeNames(boardIds, topicIds);
  return grants.map((g): RoleGrantItem => {
    const role = roles.get(g.role);
    const kind = (role?.scope_kind as RoleScopeKind | null | undefined) ?? null;
    return {
      id: g.id,
      role: g.role,
      role_name: role ? (lang === 'zh' ? role.name_zh : role.name_en) : g.role,
      tws_id: g.site_id,
      scope_kind: kind,
      scope_id: g.scope_id,
      scope_name:
        g.scope_id === null
          ? null
          : ((kind === 'board' ? names.boards.get(g.scope_id) : names.topics.get(g.scope_id)) ?? null),
      create_time: iso(g.created_at),
    };
  });
}

/** What the audit log keeps of a member's grants. */
const grantsState = (grants: readonly GrantRow[], userExpert: number) => ({
  grants: grants.map((g) => ({ id: g.id, role: g.role, site_id: g.site_id, scope_id: g.scope_id })),
  user_expert: userExpert,
});

/**
 * Roles, their permissions and grants (issue 4). Every write keeps the privilege rule: the staff
 * member hands out or takes away only permissions they hold; the admin role is for admins to grant;
 * the last portal-wide admin stays. Each change, its member's message and its audit row commit in
 * one transaction. Members' permissions are read fresh on every request, so changes apply at once.
 */
export function rolesService(db: Kysely<DB>, clock: { now(): number } = { now: Date.now }) {
  /** The staff member's access on every site (role definitions are portal-wide). */
  async function accessEverywhere(userId: number, executor: Executor = db): Promise<SiteAccess[]> {
    return Promise.all(SITES.map((s) => siteAccess(executor, userId, s.tws_id)));
  }

  /** Refuses (403) unless the member holds every one of `permissions` site-wide on every site. */
  async function requireEverywhere(userId: number, permissions: Iterable<string>, executor: Executor) {
    const list = [...permissions];
    if (list.length === 0) return;
    for (const access of await accessEverywhere(userId, executor)) {
      const missing = list.find((p) => !access.permissions.has(p));
      if (missing) throw forbidden('roles.notHeldEverywhere', { permission: missing });
    }
  }

  /** Refuses (403) unless the staff member may hand out or take away this role's grant here. */
  async function requireMayHandOut(
    actor: SignedInMember,
    repo: RolesRepository,
    role: RoleRow,
    siteId: number | null,
    scopeId: number | null,
  ) {
    if (siteId === null && !isPortalAdmin(actor)) throw forbidden('roles.portalWideAdminsOnly');
    if (role.code === ADMIN_ROLE) {
      if (!isAdminHere(actor)) throw forbidden('roles.adminsOnly');
      return;
    }
    const permissions = (await repo.permissionsOf([role.code])).get(role.code) ?? [];
    const missing = permissions.find(
      (p) => !(actor.permissions.has(p) || (scopeId !== null && (actor.scoped.get(p)?.has(scopeId) ?? false))),
    );
    if (missing) throw forbidden('roles.notHeld', { permission: missing });
  }

  async function roleItem(repo: RolesRepository, code: string, siteId: number): Promise<RoleItem> {
    const row = await repo.role(code);
    if (!row) throw ApiError.notFound('roles.notFound');
    const [permissions, holders] = await Promise.all([repo.permissionsOf([code]), repo.holderCounts(siteId)]);
    const count = code === MEMBER_ROLE ? await repo.activeMemberCount() : (holders.get(code) ?? 0);
    return toRoleItem(row, permissions.get(code) ?? [], count);
  }

  return {
    async list(site: Site) {
      const repo = rolesRepository(db);
      const roles = await repo.roles();
      const [permissions, holders, members] = await Promise.all([
        repo.permissionsOf(roles.map((r) => r.code)),
        repo.holderCounts(site.tws_id),
        repo.activeMemberCount(),
      ]);
      return {
        roles: roles.map((r) =>
          toRoleItem(r, permissions.get(r.code) ?? [], r.code === MEMBER_ROLE ? members : (holders.get(r.code) ?? 0)),
        ),
        permissions: permissionCatalogue(),
      };
    },

    async create(
      actor: SignedInMember,
      site: Site,
      body: { code: string; name_zh: string; name_en: string; permissions: Permission[] },
      request: RequestInfo,
    ): Promise<RoleItem> {
      const now = clock.now();
      const role: RoleRow = {
        code: body.code,
        scope_kind: null,
        builtin: 0,
        name_zh: body.name_zh,
        name_en: body.name_en,
      };
      checkPermissionsFit(role, body.permissions);
      try {
        return await db.transaction().execute(async (trx) => {
          const repo = rolesRepository(trx);
          if (await repo.role(body.code)) throw ApiError.refused('roles.codeTaken');
          await requireEverywhere(actor.id, body.permissions, trx);
          await repo.createRole(role, body.permissions, now);
          const after = { ...role, permissions: [...body.permissions].sort() };
          await recordAudit(trx, {
            actorId: actor.id,
            siteId: null,
            action: 'role.create',
            targetKind: 'role',
            targetId: role.code,
            after,
            request,
            now,
          });
          return roleItem(repo, role.code, site.tws_id);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw ApiError.refused('roles.codeTaken');
        throw err;
      }
    },

    async update(
      actor: SignedInMember,
      site: Site,
      body: { code: string; name_zh?: string; name_en?: string; permissions?: Permission[] },
      request: RequestInfo,
    ): Promise<RoleItem> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const repo = rolesRepository(trx);
        const role = await repo.role(body.code);
        if (!role) throw ApiError.notFound('roles.notFound');
        const current = (await repo.permissionsOf([role.code])).get(role.code) ?? [];
        if (role.code === ADMIN_ROLE && !isPortalAdmin(actor)) throw forbidden('roles.portalWideAdminsOnly');
        if (body.permissions !== undefined) {
          checkPermissionsFit(role, body.permissions);
          const next = new Set<string>(body.permissions);
          const changed = [
            ...body.permissions.filter((p) => !current.includes(p)),
            ...current.filter((p) => !next.has(p)),
          ];
          await requireEverywhere(actor.id, changed, trx);
        }
        const before = { name_zh: role.name_zh, name_en: role.name_en, permissions: [...current].sort() };
        const names = { name_zh: body.name_zh ?? role.name_zh, name_en: body.name_en ?? role.name_en };
        if (body.name_zh !== undefined || body.name_en !== undefined) await repo.renameRole(role.code, names, now);
        if (body.permissions !== undefined) await repo.setPermissions(role.code, body.permissions, now);
        const after = { ...names, permissions: [...(body.permissions ?? current)].sort() };
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: null,
          action: 'role.update',
          targetKind: 'role',
          targetId: role.code,
          before,
          after,
          request,
          now,
        });
        return roleItem(repo, role.code, site.tws_id);
      });
    },

    async remove(actor: SignedInMember, site: Site, code: string, request: RequestInfo) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const repo = rolesRepository(trx);
        const role = await repo.role(code);
        if (!role) throw ApiError.notFound('roles.notFound');
        if (role.builtin === 1) throw ApiError.refused('roles.builtinKept');
        const permissions = (await repo.permissionsOf([code])).get(code) ?? [];
        await requireEverywhere(actor.id, permissions, trx);
        const grants = await repo.grantsOfRole(code);
        const revoked = await repo.deleteRole(code);
        // The role is gone, so its name is written into the message in the grant's site language.
        for (const grant of grants) {
          const lang = siteById(grant.site_id ?? site.tws_id)?.lang ?? site.lang;
          await notify(trx, grant.user_id, {
            kind: 'role_revoked',
            params: { role: lang === 'zh' ? role.name_zh : role.name_en },
            siteId: grant.site_id,
          });
        }
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: null,
          action: 'role.delete',
          targetKind: 'role',
          targetId: code,
          before: {
            name_zh: role.name_zh,
            name_en: role.name_en,
            permissions,
            grants: grants.map((g) => ({ id: g.id, user_id: g.user_id, site_id: g.site_id, scope_id: g.scope_id })),
          },
          after: null,
          request,
          now,
        });
        return { code, revoked_grants: revoked };
      });
    },

    async grant(
      actor: SignedInMember,
      site: Site,
      body: { user_id: number; role: string; scope_id?: number; all_sites: boolean },
      request: RequestInfo,
    ) {
      const now = clock.now();
      const siteId = body.all_sites ? null : site.tws_id;
      try {
        return await db.transaction().execute(async (trx) => {
          const repo = rolesRepository(trx);
          const member = await repo.member(body.user_id);
          if (!member) throw ApiError.notFound('membersAdmin.userNotFound');
          const role = await repo.role(body.role);
          if (!role) throw ApiError.notFound('roles.notFound');
          if (role.code === MEMBER_ROLE) throw ApiError.refused('roles.memberImplicit');
          // A grant without a term would be an MVP for ever, with no award on the MVP page.
          if (role.code === MVP_ROLE) throw ApiError.refused('roles.mvpByTerm');
          let scopeId: number | null = null;
          if (role.scope_kind !== null) {
            if (body.all_sites) throw ApiError.refused('roles.scopedOneSite');
            if (body.scope_id === undefined) throw ApiError.refused(`roles.scopeNeeded.${role.scope_kind}`);
            const exists =
              role.scope_kind === 'board'
                ? await repo.isBoard(site.tws_id, body.scope_id)
                : await repo.isTopic(site.tws_id, body.scope_id);
            if (!exists) throw ApiError.notFound(`roles.scopeNotFound.${role.scope_kind}`);
            scopeId = body.scope_id;
          } else if (body.scope_id !== undefined) {
            throw ApiError.refused('roles.scopeNotAllowed');
          }
          await requireMayHandOut(actor, repo, role, siteId, scopeId);
          if (await repo.findGrant(member.id, role.code, siteId, scopeId))
            throw ApiError.refused('roles.alreadyGranted');

          const before = await repo.grantsOf(member.id);
          const id = await repo.insertGrant({ userId: member.id, role: role.code, siteId, scopeId, now });
          let expert = member.user_expert;
          if (role.code === EXPERT_ROLE && expert !== EXPERT_FLAG.expert) {
            expert = EXPERT_FLAG.expert;
            await repo.setExpertFlag(member.id, expert, now);
          }
          await notify(trx, member.id, { kind: 'role_granted', params: { role: role.code }, siteId });
          const after = await repo.grantsOf(member.id);
          await recordAudit(trx, {
            actorId: actor.id,
            siteId,
            action: 'role.grant',
            targetKind: 'user',
            targetId: member.id,
            before: grantsState(before, member.user_expert),
            after: {
              ...grantsState(after, expert),
              granted: { id, role: role.code, site_id: siteId, scope_id: scopeId },
            },
            request,
            now,
          });
          const described = await describeGrants(repo, after, site.lang);
          return { grant: described.find((g) => g.id === id)!, grants: described, user_expert: expert };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw ApiError.refused('roles.alreadyGranted');
        throw err;
      }
    },

    async revoke(actor: SignedInMember, site: Site, grantId: number, request: RequestInfo) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const repo = rolesRepository(trx);
        const grant = await repo.grant(grantId);
        // A grant of the other site is not this site's business: unknown here.
        if (!grant || (grant.site_id !== null && grant.site_id !== site.tws_id)) {
          throw ApiError.notFound('roles.grantNotFound');
        }
        const role = (await repo.role(grant.role)) ?? {
          code: grant.role,
          scope_kind: null,
          builtin: 0,
          name_zh: grant.role,
          name_en: grant.role,
        };
        await requireMayHandOut(actor, repo, role, grant.site_id, grant.scope_id);
        // Deleting the grant here would leave its term open on the MVP page and in the back office.
        if (grant.role === MVP_ROLE) throw ApiError.refused('roles.mvpByTerm');
        if (grant.role === ADMIN_ROLE && grant.site_id === null) {
          // Counted under the lock, so two revocations of the last two admins cannot both pass.
          await repo.lockAdmins();
          if ((await repo.portalAdminCount()) <= 1) throw ApiError.refused('roles.lastAdmin');
        }
        const member = await repo.member(grant.user_id);
        const before = await repo.grantsOf(grant.user_id);
        // Revoked meanwhile by someone else: nothing left to revoke.
        if (!(await repo.deleteGrant(grant.id))) throw ApiError.notFound('roles.grantNotFound');
        const after = before.filter((g) => g.id !== grant.id);
        let expert = member?.user_expert ?? EXPERT_FLAG.normal;
        if (grant.role === EXPERT_ROLE && !after.some((g) => g.role === EXPERT_ROLE) && expert === EXPERT_FLAG.expert) {
          expert = EXPERT_FLAG.normal;
          await repo.setExpertFlag(grant.user_id, expert, now);
        }
        await notify(trx, grant.user_id, { kind: 'role_revoked', params: { role: grant.role }, siteId: grant.site_id });
        await recordAudit(trx, {
          actorId: actor.id,
          siteId: grant.site_id,
          action: 'role.revoke',
          targetKind: 'user',
          targetId: grant.user_id,
          before: grantsState(before, member?.user_expert ?? EXPERT_FLAG.normal),
          after: {
            ...grantsState(after, expert),
            revoked: { id: grant.id, role: grant.role, site_id: grant.site_id, scope_id: grant.scope_id },
          },
          request,
          now,
        });
        return { user_id: grant.user_id, grants: await describeGrants(repo, after, site.lang), user_expert: expert };
      });
    },
  };
}

export type RolesService = ReturnType<typeof rolesService>;
