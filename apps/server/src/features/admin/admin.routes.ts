import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { adminContext, adminDashboard } from '@portal/contracts/admin';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { adminService } from './admin.service';

/** The back office's frame calls: who is signed in and which sites they manage; the dashboard. */
export async function adminRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const admin = adminService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };
  registerCall(app, adminContext, async (_body, { user }) => admin.context((await user()).id), opts);
  registerCall(
    app,
    adminDashboard,
    async (_body, { site, request }) => admin.dashboard(site, request.portal.timeZoneOffsetMinutes),
    opts,
  );
}
