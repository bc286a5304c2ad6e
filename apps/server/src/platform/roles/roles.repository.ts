import { PostgresAdapter, sql } from 'kysely';
import { isDictionaryEntry } from '../dictionaries/dictionaries.repository';
import type { Executor } from '../../db/executor';
import { grantInForce } from './active-grant';

export interface RoleRow {
  code: string;
  scope_kind: string | null;
  builtin: number;
  name_zh: string;
  name_en: string;
}

export interface GrantRow {
  id: number;
  user_id: number;
  role: string;
  site_id: number | null;
  scope_id: number | null;
  created_at: number;
}

const GRANT_COLUMNS = ['id', 'user_id', 'role', 'site_id', 'scope_id', 'created_at'] as const;

/** Roles, their permissions and the grants of roles to members. Every function runs on the given executor. */
export function rolesRepository(db: Executor) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  return {
    /**
     * Serialises changes to portal-wide admin grants, so two revocations at once cannot both see a
     * second admin and leave none. PostgreSQL: a transaction-scoped advisory lock; SQLite writes one
     * transaction at a time anyway. Call inside a transaction.
     */
    async lockAdmins(): Promise<void> {
      if (isPostgres) await sql`select pg_advisory_xact_lock(hashtext(${'portal:admin-grants'}))`.execute(db);
    },

    roles(): Promise<RoleRow[]> {
      return db
        .selectFrom('roles')
        .select(['code', 'scope_kind', 'builtin', 'name_zh', 'name_en'])
        .orderBy('builtin', 'desc')
        .orderBy('created_at')
        .orderBy('code')
        .execute();
    },

    role(code: string): Promise<RoleRow | undefined> {
      return db
        .selectFrom('roles')
        .select(['code', 'scope_kind', 'builtin', 'name_zh', 'name_en'])
        .where('code', '=', code)
        .executeTakeFirst();
    },

    async permissionsOf(codes: readonly string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (codes.length === 0) return map;
      const rows = await db
        .selectFrom('role_permissions')
        .select(['role', 'permission'])
        .where('role', 'in', codes)
        .orderBy('permission')
        .execute();
      for (const row of rows) (map.get(row.role) ?? map.set(row.role, []).get(row.role)!).push(row.permission);
      return map;
    },

    /** Members holding each role on a site (a grant for every site counts on each). */
    async holderCounts(siteId: number): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('user_roles')
        .select(['role', sql<number>`count(distinct user_id)`.as('n')])
        .where((eb) => eb.or([eb('site_id', 'is', null), eb('site_id', '=', siteId)]))
        .where((eb) => grantInForce(eb))
        .groupBy('role')
        .execute();
      return new Map(rows.map((r) => [r.role, Number(r.n)]));
    },

    async activeMemberCount(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select(sql<number>`count(*)`.as('n'))
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async createRole(role: RoleRow, permissions: readonly string[], now: number): Promise<void> {
      await db
        .insertInto('roles')
        .values({ ...role, created_at: now, updated_at: now })
        .execute();
      if (permissions.length > 0) {
        await db
          .insertInto('role_permissions')
          .values(permissions.map((permission) => ({ role: role.code, permission })))
          .execute();
      }
    },

    async renameRole(code: string, names: { name_zh: string; name_en: string }, now: number): Promise<void> {
      await db
        .updateTable('roles')
        .set({ ...names, updated_at: now })
        .where('code', '=', code)
        .execute();
    },

    async setPermissions(code: string, permissions: readonly string[], now: number): Promise<void> {
      await db.deleteFrom('role_permissions').where('role', '=', code).execute();
      if (permissions.length > 0) {
        await db
          .insertInto('role_permissions')
          .values(permissions.map((permission) => ({ role: code, permission })))
          .execute();
      }
      await db.updateTable('roles').set({ updated_at: now }).where('code', '=', code).execute();
    },

    /** Deletes a role with its permissions and grants; answers the number of grants removed. */
    async deleteRole(code: string): Promise<number> {
      const grants = await db.deleteFrom('user_roles').where('role', '=', code).executeTakeFirst();
      await db.deleteFrom('role_permissions').where('role', '=', code).execute();
      await db.deleteFrom('roles').where('code', '=', code).execute();
      return Number(grants.numDeletedRows);
    },

    grantsOfRole(code: string): Promise<GrantRow[]> {
      return db.selectFrom('user_roles').select(GRANT_COLUMNS).where('role', '=', code).orderBy('id').execute();
    },

    grantsOf(userId: number): Promise<GrantRow[]> {
      return db.selectFrom('user_roles').select(GRANT_COLUMNS).where('user_id', '=', userId).orderBy('id').execute();
    },

    grant(id: number): Promise<GrantRow | undefined> {
      return db.selectFrom('user_roles').select(GRANT_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async findGrant(userId: number, role: string, siteId: number | null, scopeId: number | null) {
      let query = db
        .selectFrom('user_roles')
        .select(GRANT_COLUMNS)
        .where('user_id', '=', userId)
        .where('role', '=', role);
      query = siteId === null ? query.where('site_id', 'is', null) : query.where('site_id', '=', siteId);
      query = scopeId === null ? query.where('scope_id', 'is', null) : query.where('scope_id', '=', scopeId);
      return query.executeTakeFirst();
    },

    async insertGrant(values: {
      userId: number;
      role: string;
      siteId: number | null;
      scopeId: number | null;
      now: number;
    }): Promise<number> {
      const row = await db
        .insertInto('user_roles')
        .values({
          user_id: values.userId,
          role: values.role,
          site_id: values.siteId,
          scope_id: values.scopeId,
          created_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Answers whether the grant was there to delete. */
    async deleteGrant(id: number): Promise<boolean> {
      const result = await db.deleteFrom('user_roles').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Grants of the admin role for every site. */
    async portalAdminCount(): Promise<number> {
      const row = await db
        .selectFrom('user_roles')
        .select(sql<number>`count(*)`.as('n'))
        .where('role', '=', 'admin')
        .where('site_id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    member(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'user_expert', 'nick_name'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async setExpertFlag(userId: number, flag: number, now: number): Promise<void> {
      await db.updateTable('users').set({ user_expert: flag, updated_at: now }).where('id', '=', userId).execute();
    },

    isBoard: (siteId: number, id: number) => isDictionaryEntry(db, siteId, 'board', id),

    async isTopic(siteId: number, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('topics')
        .select('id')
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Names of boards (dictionary labels) and topics (titles) by id. */
    async scopeNames(boardIds: readonly number[], topicIds: readonly number[]) {
      const [boards, topics] = await Promise.all([
        boardIds.length
          ? db
              .selectFrom('dictionaries')
              .select(['id', 'label'])
              .where('id', 'in', boardIds)
              .where('kind', '=', 'board')
              .execute()
          : Promise.resolve([]),
        topicIds.length
          ? db.selectFrom('topics').select(['id', 'title']).where('id', 'in', topicIds).execute()
          : Promise.resolve([]),
      ]);
      return {
        boards: new Map(boards.map((b) => [b.id, b.label])),
        topics: new Map(topics.map((t) => [t.id, t.title])),
      };
    },
  };
}

export type RolesRepository = ReturnType<typeof rolesRepository>;
