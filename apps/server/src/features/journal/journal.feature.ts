import { defineFeature } from '../../platform/kit/feature';
import { journalArticleSearchSource, journalIssueSearchSource } from './journal.search';
import { journalRoutes } from './journal.routes';

/** The e-magazine: categories, issues with their PDF (partner-only downloads), articles read online, the back office. */
export const journalFeature = defineFeature({
  name: 'journal',
  contributes: { searchSources: [journalIssueSearchSource, journalArticleSearchSource] },
  routes: journalRoutes,
});
