import { defineFeature } from '../kit/feature';
import { settingsAdminRoutes } from './settings-admin.routes';

/** A site's settings in the back office (every domain reads them through `readSiteSettings`). */
export const settingsFeature = defineFeature({ name: 'settings', routes: settingsAdminRoutes });
