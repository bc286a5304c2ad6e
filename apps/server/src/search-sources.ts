import { memberSearchSource } from './features/accounts/accounts.search';
import { postSearchSource } from './features/discussions/discussions.search';
import { eventSearchSource } from './features/events/events.search';
import { journalArticleSearchSource, journalIssueSearchSource } from './features/journal/journal.search';
import { articleSearchSource, topicSearchSource } from './features/topics/topics.search';
import { cooperationSearchSource } from './features/cooperation/cooperation.search';
import type { SearchSource } from './platform/search/search-index';

/**
 * Every kind of findable item, for what runs outside the app (the seeders, `search:reindex`). The
 * app reads the same sources from the features' contributions (`searchSources`); a kind added there
 * is added here too.
 */
export const SEARCH_SOURCES: readonly SearchSource[] = [
  postSearchSource,
  articleSearchSource,
  topicSearchSource,
  eventSearchSource,
  journalIssueSearchSource,
  journalArticleSearchSource,
  memberSearchSource,
  cooperationSearchSource,
];
