import { defineFeature } from '../kit/feature';
import { auditAdminRoutes } from './audit-admin.routes';

/** The back office's audit log (every service writes it through `recordAudit`). */
export const auditFeature = defineFeature({ name: 'audit', routes: auditAdminRoutes });
