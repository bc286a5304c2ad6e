import { defineFeature } from '../../platform/kit/feature';
import { eventAreas, eventCount, eventDashboard } from './events.contributions';
import { eventsRoutes } from './events.routes';

/** Events: today the home page's block and figures (the events issue builds the list, detail and sign-up here). */
export const eventsFeature = defineFeature({
  name: 'events',
  contributes: { homeFigures: [eventCount], dashboardFigures: [eventDashboard], dictionaryUses: [eventAreas] },
  routes: eventsRoutes,
});
