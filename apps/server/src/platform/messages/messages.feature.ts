import { defineFeature } from '../kit/feature';
import { sentMessages } from './messages.contributions';
import { messagesRoutes } from './messages.routes';

/** In-site messages: the member's list and read marks (every service writes them through `notify`). */
export const messagesFeature = defineFeature({
  name: 'messages',
  contributes: { dashboardFigures: [sentMessages] },
  routes: messagesRoutes,
});
