import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  adminMessagesBroadcast,
  adminMessagesBroadcasts,
  adminUsersBan,
  adminUsersDetail,
  adminUsersList,
  adminUsersUnban,
} from '@portal/contracts/members-admin';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { membersAdminService } from './members-admin.service';

/** The back office's members (search, view, ban, unban) and staff broadcasts. */
export async function membersAdminRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const members = membersAdminService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };

  registerCall(app, adminUsersList, async (body, { site }) => members.list(site, body), opts);
  registerCall(app, adminUsersDetail, async (body, { site }) => members.detail(site, body.user_id), opts);
  registerCall(app, adminUsersBan, async (body, { user, request }) => members.ban(await user(), body, request), opts);
  registerCall(
    app,
    adminUsersUnban,
    async (body, { user, request }) => members.unban(await user(), body.user_id, request),
    opts,
  );
  registerCall(
    app,
    adminMessagesBroadcast,
    async (body, { site, user, request }) => members.broadcast(await user(), site, body, request),
    opts,
  );
  registerCall(app, adminMessagesBroadcasts, async (body, { site }) => members.broadcasts(site, body), opts);
}
