import type { FastifyInstance } from 'fastify';
import { adminContext, adminDashboard } from '@portal/contracts/admin';
import { registerCall } from '../../http/register-call';
import { adminService } from './admin.service';
import type { FeatureDeps } from '../../platform/kit/feature';

/** The back office's frame calls: who is signed in and which sites they manage; the dashboard. */
export async function adminRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const admin = adminService(deps.db, deps.contributions.dashboardFigures, deps.clock);
  registerCall(app, adminContext, async (_body, { user }) => admin.context((await user()).id));
  registerCall(app, adminDashboard, async (_body, { site, request }) =>
    admin.dashboard(site, request.portal.timeZoneOffsetMinutes),
  );
}
