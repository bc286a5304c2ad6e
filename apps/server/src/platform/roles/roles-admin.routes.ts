import type { FastifyInstance } from 'fastify';
import {
  adminRolesCreate,
  adminRolesDelete,
  adminRolesList,
  adminRolesUpdate,
  adminUsersGrantRole,
  adminUsersRevokeRole,
} from '@portal/contracts/roles';
import { registerCall } from '../../http/register-call';
import { rolesService } from './roles.service';
import type { FeatureDeps } from '../kit/feature';

/** The back office's roles and permissions, and granting or revoking a member's roles. */
export async function rolesAdminRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const roles = rolesService(deps.db);

  registerCall(app, adminRolesList, async (_body, { site }) => roles.list(site));
  registerCall(app, adminRolesCreate, async (body, { site, user, request }) =>
    roles.create(await user(), site, body, request),
  );
  registerCall(app, adminRolesUpdate, async (body, { site, user, request }) =>
    roles.update(await user(), site, body, request),
  );
  registerCall(app, adminRolesDelete, async (body, { site, user, request }) =>
    roles.remove(await user(), site, body.code, request),
  );
  registerCall(app, adminUsersGrantRole, async (body, { site, user, request }) =>
    roles.grant(await user(), site, body, request),
  );
  registerCall(app, adminUsersRevokeRole, async (body, { site, user, request }) =>
    roles.revoke(await user(), site, body.id, request),
  );
}
