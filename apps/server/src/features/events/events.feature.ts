import { defineFeature } from '../../platform/kit/feature';
import { eventAreas, eventCount, eventDashboard } from './events.contributions';
import { eventsAdminRoutes } from './events-admin.routes';
import { eventsRoutes } from './events.routes';
import { questionnairesRoutes } from './questionnaires.routes';

/** Events: list, calendar, detail, sign-up, questions, questionnaires; the back office, attendance and sign-up lists. */
export const eventsFeature = defineFeature({
  name: 'events',
  contributes: { homeFigures: [eventCount], dashboardFigures: [eventDashboard], dictionaryUses: [eventAreas] },
  routes: async (app, deps) => {
    await eventsRoutes(app, deps);
    await eventsAdminRoutes(app, deps);
    await questionnairesRoutes(app, deps);
  },
});
