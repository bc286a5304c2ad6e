import { defineFeature } from '../../platform/kit/feature';
import { expertApplicationsRoutes } from './expert-applications.routes';
import { expertReviewKind } from './expert-review-kind';

/** The resident-expert application through the review queue, and the back office's experts list. */
export const expertApplicationsFeature = defineFeature({
  name: 'expert-applications',
  contributes: { reviewKinds: [expertReviewKind] },
  routes: expertApplicationsRoutes,
});
