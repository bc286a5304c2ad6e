import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { adminAuditActions, adminAuditList } from '@portal/contracts/admin';
import type { DB } from '../../db/schema';
import { registerCall } from '../../http/register-call';
import { auditAdminService } from './audit-admin.service';

/** The back office's audit log: who did what, to what, before and after, when (audit.read). */
export async function auditAdminRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; writesPerMinute: number }) {
  const audit = auditAdminService(deps.db);
  const opts = { writesPerMinute: deps.writesPerMinute };
  registerCall(app, adminAuditList, async (body, { site }) => audit.list(site, body), opts);
  registerCall(app, adminAuditActions, async (_body, { site }) => audit.facets(site), opts);
}
