import { defineFeature } from '../../platform/kit/feature';
import { cooperationApplications } from './cooperation-applications.service';
import { cooperationReviewKind } from './cooperation-review-kind';
import { cooperationRoutes } from './cooperation.routes';
import { cooperationSearchSource } from './cooperation.search';

/** Cooperation pages, partner companies, and the cooperation application through the review queue. */
export const cooperationFeature = defineFeature({
  name: 'cooperation',
  contributes: {
    reviewKinds: [cooperationReviewKind],
    memberApplications: [cooperationApplications],
    searchSources: [cooperationSearchSource],
  },
  routes: cooperationRoutes,
});
