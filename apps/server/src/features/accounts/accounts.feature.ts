import { defineFeature } from '../../platform/kit/feature';
import { memberCount, memberDashboard, memberIndustries } from './accounts.contributions';
import type { AccountsModule } from './accounts.module';
import { accountsRoutes } from './accounts.routes';
import { membersAdminRoutes } from './members-admin.routes';
import { memberSearchSource } from './accounts.search';

/**
 * Accounts: registration, sign-in, recovery, the member's information and avatar, and the back
 * office's members, bans and broadcasts. Its services are built before the features (`app.ts`),
 * because the auth plugin reads sessions on every request.
 */
export function accountsFeature(module: AccountsModule) {
  return defineFeature({
    name: 'accounts',
    contributes: {
      homeFigures: [memberCount],
      dashboardFigures: [memberDashboard],
      dictionaryUses: [memberIndustries],
      searchSources: [memberSearchSource],
    },
    async routes(app, deps) {
      await app.register(accountsRoutes, { ...module, storage: deps.storage });
      await app.register(membersAdminRoutes, deps);
    },
  });
}
