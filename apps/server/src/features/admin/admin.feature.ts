import { defineFeature } from '../../platform/kit/feature';
import { adminRoutes } from './admin.routes';

/** The back office's frame (which sites a staff member manages) and its dashboard. */
export const adminFeature = defineFeature({ name: 'admin', routes: adminRoutes });
