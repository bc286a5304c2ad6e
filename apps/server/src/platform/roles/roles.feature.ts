import { defineFeature } from '../kit/feature';
import { rolesAdminRoutes } from './roles-admin.routes';
import { boardModerators } from './roles.contributions';

/** Roles and their grants in the back office (the access rules read them on every request). */
export const rolesFeature = defineFeature({
  name: 'roles',
  contributes: { dictionaryUses: [boardModerators] },
  routes: rolesAdminRoutes,
});
