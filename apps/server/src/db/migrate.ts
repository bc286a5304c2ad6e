import { Migrator, type Kysely, type Migration } from 'kysely';
import * as foundation from './migrations/2026-11-21-0001-foundation';
import * as accounts from './migrations/2026-11-21-0002-accounts';
import * as rolesAndAudit from './migrations/2026-11-22-0003-roles-and-audit';
import * as messages from './migrations/2026-11-22-0004-messages';
import * as feedback from './migrations/2026-11-22-0005-feedback';
import * as dashboardIndexes from './migrations/2026-11-22-0006-dashboard-indexes';
import * as attachments from './migrations/2026-11-22-0007-attachments';
import * as discussions from './migrations/2026-11-22-0008-discussions';
import * as reviewQueue from './migrations/2026-11-22-0009-review-queue';
import * as reports from './migrations/2026-11-22-0010-reports';
import * as postsAuthorIndex from './migrations/2026-11-22-0011-posts-author-index';
import * as attachmentAccessKeys from './migrations/2026-11-22-0012-attachment-access-keys';
import * as attachmentLinks from './migrations/2026-11-22-0013-attachment-links';
import * as pointsRules from './migrations/2026-11-25-0014-points-rules';
import * as rolesCodeNotNull from './migrations/2026-11-25-0015-roles-code-not-null';
import * as events from './migrations/2026-11-26-0016-events';
import * as topicArticles from './migrations/2026-11-26-0017-topic-articles';
import * as eventsAdmin from './migrations/2026-11-26-0018-events-admin';
import * as articleComments from './migrations/2026-11-26-0019-article-comments';
import * as topicCuration from './migrations/2026-11-26-0020-topic-curation';
import * as questionnaires from './migrations/2026-11-26-0021-questionnaires';
import * as eventTopics from './migrations/2026-11-26-0022-event-topics';
import * as topicDailyViews from './migrations/2026-11-26-0024-topic-daily-views';
import * as journal from './migrations/2026-11-26-0025-journal';
import * as pointsSigninsLevels from './migrations/2026-11-26-0026-points-signins-levels';
import * as expertFields from './migrations/2026-11-26-0027-expert-fields';
import * as journalSubmissions from './migrations/2026-11-27-0028-journal-submissions';
import * as expertApplications from './migrations/2026-11-27-0029-expert-applications';
import * as raffle from './migrations/2026-11-27-0030-raffle';
import * as search from './migrations/2026-11-27-0032-search';
import * as pointsEarned from './migrations/2026-11-27-0033-points-earned';
import * as journalArticleCount from './migrations/2026-11-27-0034-journal-article-count';
import * as searchFacets from './migrations/2026-11-27-0035-search-facets';
import * as expertDirectoryIndex from './migrations/2026-11-27-0036-expert-directory-index';
import * as postCommentsReplyTo from './migrations/2026-11-27-0037-post-comments-reply-to';
import * as mvpProgramme from './migrations/2026-11-27-0038-mvp-programme';
import * as cooperation from './migrations/2026-11-27-0040-cooperation';
import * as searchRecentTier from './migrations/2026-11-27-0041-search-recent-tier';
import * as searchTerms from './migrations/2026-11-27-0042-search-terms';
import * as searchTermsOtherKinds from './migrations/2026-11-28-0043-search-terms-other-kinds';

/** Every migration, in order. Frozen once landed: add a new file instead of changing one. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-foundation': foundation,
  '2026-11-21-0002-accounts': accounts,
  '2026-11-22-0003-roles-and-audit': rolesAndAudit,
  '2026-11-22-0004-messages': messages,
  '2026-11-22-0005-feedback': feedback,
  '2026-11-22-0006-dashboard-indexes': dashboardIndexes,
  '2026-11-22-0007-attachments': attachments,
  '2026-11-22-0008-discussions': discussions,
  '2026-11-22-0009-review-queue': reviewQueue,
  '2026-11-22-0010-reports': reports,
  '2026-11-22-0011-posts-author-index': postsAuthorIndex,
  '2026-11-22-0012-attachment-access-keys': attachmentAccessKeys,
  '2026-11-22-0013-attachment-links': attachmentLinks,
  '2026-11-25-0014-points-rules': pointsRules,
  '2026-11-25-0015-roles-code-not-null': rolesCodeNotNull,
  '2026-11-26-0016-events': events,
  '2026-11-26-0017-topic-articles': topicArticles,
  '2026-11-26-0018-events-admin': eventsAdmin,
  '2026-11-26-0019-article-comments': articleComments,
  '2026-11-26-0020-topic-curation': topicCuration,
  '2026-11-26-0021-questionnaires': questionnaires,
  '2026-11-26-0022-event-topics': eventTopics,
  '2026-11-26-0024-topic-daily-views': topicDailyViews,
  '2026-11-26-0025-journal': journal,
  '2026-11-26-0026-points-signins-levels': pointsSigninsLevels,
  '2026-11-26-0027-expert-fields': expertFields,
  '2026-11-27-0028-journal-submissions': journalSubmissions,
  '2026-11-27-0029-expert-applications': expertApplications,
  '2026-11-27-0030-raffle': raffle,
  '2026-11-27-0032-search': search,
  '2026-11-27-0033-points-earned': pointsEarned,
  '2026-11-27-0034-journal-article-count': journalArticleCount,
  '2026-11-27-0035-search-facets': searchFacets,
  '2026-11-27-0036-expert-directory-index': expertDirectoryIndex,
  '2026-11-27-0037-post-comments-reply-to': postCommentsReplyTo,
  '2026-11-27-0038-mvp-programme': mvpProgramme,
  '2026-11-27-0040-cooperation': cooperation,
  '2026-11-27-0041-search-recent-tier': searchRecentTier,
  '2026-11-27-0042-search-terms': searchTerms,
  '2026-11-28-0043-search-terms-other-kinds': searchTermsOtherKinds,
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
