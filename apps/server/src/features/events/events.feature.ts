import { defineFeature } from '../../platform/kit/feature';
import { eventAreas, eventCount, eventDashboard } from './events.contributions';
import { eventSearchSource } from './events.search';
import { eventsAdminRoutes } from './events-admin.routes';
import { eventsRoutes } from './events.routes';
import { EVENT_LIST_CACHE_MS, eventListCache } from './events.service';
import { questionnairesRoutes } from './questionnaires.routes';

/** Events: list, calendar, detail, sign-up, questions, questionnaires; the back office, attendance and sign-up lists. */
export const eventsFeature = defineFeature({
  name: 'events',
  contributes: {
    homeFigures: [eventCount],
    dashboardFigures: [eventDashboard],
    dictionaryUses: [eventAreas],
    searchSources: [eventSearchSource],
  },
  routes: async (app, deps) => {
    // Pages of the public list for a second: the first page is what most visitors ask for, many at once.
    const listCache = eventListCache(deps.clock, EVENT_LIST_CACHE_MS);
    await eventsRoutes(app, deps, listCache);
    await eventsAdminRoutes(app, deps, listCache);
    await questionnairesRoutes(app, deps);
  },
});
