import { defineFeature } from '../../platform/kit/feature';
import { openFeedback } from './feedback.contributions';
import { feedbackRoutes } from './feedback.routes';

/** Members' feedback and the back office's inbox of it. */
export const feedbackFeature = defineFeature({
  name: 'feedback',
  contributes: { dashboardFigures: [openFeedback] },
  routes: feedbackRoutes,
});
