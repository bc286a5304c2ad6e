import { defineFeature } from '../../platform/kit/feature';
import { expertApplicationsRoutes } from './expert-applications.routes';
import { expertReviewKind } from './expert-review-kind';
import { mvpReviewKind } from './mvp-review-kind';
import { mvpRoutes } from './mvp.routes';

/**
 * The community's programmes: the resident-expert application and the MVP programme (decision 044),
 * both through the review queue, and the back office's experts and MVP terms.
 */
export const expertApplicationsFeature = defineFeature({
  name: 'expert-applications',
  contributes: { reviewKinds: [expertReviewKind, mvpReviewKind] },
  routes: async (app, deps) => {
    await expertApplicationsRoutes(app, deps);
    await mvpRoutes(app, deps);
  },
});
