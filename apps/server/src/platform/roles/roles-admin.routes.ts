import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  adminRolesCreate,
  adminRolesDelete,
  adminRolesList,
  adminRolesUpdate,
  adminUsersGrantRole,
  adminUsersRevokeRole,
} from '@portal/contracts/roles';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { rolesService } from './roles.service';

/** The back office's roles and permissions, and granting or revoking a member's roles. */
export async function rolesAdminRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const roles = rolesService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };

  registerCall(app, adminRolesList, async (_body, { site }) => roles.list(site), opts);
  registerCall(
    app,
    adminRolesCreate,
    async (body, { site, user, request }) => roles.create(await user(), site, body, request),
    opts,
  );
  registerCall(
    app,
    adminRolesUpdate,
    async (body, { site, user, request }) => roles.update(await user(), site, body, request),
    opts,
  );
  registerCall(
    app,
    adminRolesDelete,
    async (body, { site, user, request }) => roles.remove(await user(), site, body.code, request),
    opts,
  );
  registerCall(
    app,
    adminUsersGrantRole,
    async (body, { site, user, request }) => roles.grant(await user(), site, body, request),
    opts,
  );
  registerCall(
    app,
    adminUsersRevokeRole,
    async (body, { site, user, request }) => roles.revoke(await user(), site, body.id, request),
    opts,
  );
}
