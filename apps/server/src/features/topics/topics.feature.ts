import { defineFeature } from '../../platform/kit/feature';
import { articleReviewKind } from './article-review-kind';
import {
  articleCount,
  articleDashboard,
  articleSources,
  authoredArticles,
  topicDirectory,
} from './topics.contributions';
import { topicsRoutes } from './topics.routes';
import { articleSearchSource, topicSearchSource } from './topics.search';

/** Topics: the topic list and pages, topic articles reviewed by their topics' hosts, follows of topics. */
export const topicsFeature = defineFeature({
  name: 'topics',
  contributes: {
    reviewKinds: [articleReviewKind],
    homeFigures: [articleCount],
    dashboardFigures: [articleDashboard],
    dictionaryUses: [articleSources],
    topicDirectories: [topicDirectory],
    authoredContent: [authoredArticles],
    searchSources: [articleSearchSource, topicSearchSource],
  },
  routes: topicsRoutes,
});
