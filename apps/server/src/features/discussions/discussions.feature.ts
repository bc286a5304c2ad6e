import { defineFeature } from '../../platform/kit/feature';
import {
  authoredAnswers,
  authoredPosts,
  postCount,
  postDashboard,
  postDictionaryUses,
} from './discussions.contributions';
import { discussionsRoutes } from './discussions.routes';
import { moderationRoutes } from './moderation.routes';
import { postReviewKind } from './post-review-kind';
import { postSearchSource } from './discussions.search';

/** Posts and questions with their comments and answers, and the moderation of the boards they are in. */
export const discussionsFeature = defineFeature({
  name: 'discussions',
  contributes: {
    reviewKinds: [postReviewKind],
    homeFigures: [postCount],
    dashboardFigures: [postDashboard],
    dictionaryUses: postDictionaryUses,
    authoredContent: [authoredPosts, authoredAnswers],
    searchSources: [postSearchSource],
  },
  async routes(app, deps) {
    await app.register(discussionsRoutes, deps);
    await app.register(moderationRoutes, deps);
  },
});
