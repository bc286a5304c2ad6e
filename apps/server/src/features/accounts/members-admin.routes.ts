import type { FastifyInstance } from 'fastify';
import {
  adminMessagesBroadcast,
  adminMessagesBroadcasts,
  adminUsersBan,
  adminUsersDetail,
  adminUsersList,
  adminUsersUnban,
} from '@portal/contracts/members-admin';
import { registerCall } from '../../http/register-call';
import { membersAdminService } from './members-admin.service';
import type { FeatureDeps } from '../../platform/kit/feature';

/** The back office's members (search, view, ban, unban) and staff broadcasts. */
export async function membersAdminRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const members = membersAdminService(deps.db);

  registerCall(app, adminUsersList, async (body, { site }) => members.list(site, body));
  registerCall(app, adminUsersDetail, async (body, { site }) => members.detail(site, body.user_id));
  registerCall(app, adminUsersBan, async (body, { user, request }) => members.ban(await user(), body, request));
  registerCall(app, adminUsersUnban, async (body, { user, request }) =>
    members.unban(await user(), body.user_id, request),
  );
  registerCall(app, adminMessagesBroadcast, async (body, { site, user, request }) =>
    members.broadcast(await user(), site, body, request),
  );
  registerCall(app, adminMessagesBroadcasts, async (body, { site }) => members.broadcasts(site, body));
}
