import type { FastifyInstance } from 'fastify';
import { adminAuditActions, adminAuditList } from '@portal/contracts/admin';
import { registerCall } from '../../http/register-call';
import { auditAdminService } from './audit-admin.service';
import type { FeatureDeps } from '../kit/feature';

/** The back office's audit log: who did what, to what, before and after, when (audit.read). */
export async function auditAdminRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const audit = auditAdminService(deps.db);
  registerCall(app, adminAuditList, async (body, { site }) => audit.list(site, body));
  registerCall(app, adminAuditActions, async (_body, { site }) => audit.facets(site));
}
