import { defineFeature } from '../../platform/kit/feature';
import { journalReviewKind } from './journal-review-kind';
import { submissionDictionaryUses } from './journal.contributions';
import { journalArticleSearchSource, journalIssueSearchSource } from './journal.search';
import { journalRoutes } from './journal.routes';

/**
 * The e-magazine: categories, issues with their PDF (partner-only downloads), articles read online,
 * members' submissions reviewed by editors in the one queue, the back office.
 */
export const journalFeature = defineFeature({
  name: 'journal',
  contributes: {
    reviewKinds: [journalReviewKind],
    dictionaryUses: submissionDictionaryUses,
    searchSources: [journalIssueSearchSource, journalArticleSearchSource],
  },
  routes: journalRoutes,
});
