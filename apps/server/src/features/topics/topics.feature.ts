import { defineFeature } from '../../platform/kit/feature';
import { articleCount, articleDashboard, articleSources } from './topics.contributions';
import { topicsRoutes } from './topics.routes';

/** Topics: today the home page's block and figures (the topics issue builds the pages and articles here). */
export const topicsFeature = defineFeature({
  name: 'topics',
  contributes: { homeFigures: [articleCount], dashboardFigures: [articleDashboard], dictionaryUses: [articleSources] },
  routes: topicsRoutes,
});
