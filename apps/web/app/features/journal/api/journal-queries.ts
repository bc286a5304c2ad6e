import type { Site } from '@portal/contracts/sites';
import {
  ebookArticleInfo,
  ebookArticleList,
  ebookInfo,
  ebookPreviousList,
  getEbookCategory,
  getEbookList,
  JOURNAL_PAGE_SIZE,
  journalStats,
} from '@portal/contracts/journal';
import { callQuery } from '~/lib/query/call-query';
import { useCallPages } from '~/lib/query/use-call';

const listBody = (categoryId: number | null) =>
  categoryId === null ? { limit: JOURNAL_PAGE_SIZE } : { tjc_id: categoryId, limit: JOURNAL_PAGE_SIZE };

export const journalCategoriesQuery = (site: Site) => callQuery(getEbookCategory, site, {});
export const journalStatsQuery = (site: Site) => callQuery(journalStats, site, {});
/** The first page of the issues (of one category, or all): what the loader prefetches. */
export const journalIssuesQuery = (site: Site, categoryId: number | null) =>
  callQuery(getEbookList, site, listBody(categoryId));

/** The issues with "load more": the prefetched first page, then pages by `next_cursor`. */
export function useJournalIssues(site: Site, categoryId: number | null) {
  return useCallPages(getEbookList, listBody(categoryId), { site, firstPage: true });
}

/** An issue as its page shows it; asked once per page load (the server counts the reader). */
export const journalIssueQuery = (site: Site, issueId: number) => callQuery(ebookInfo, site, { teb_id: issueId });
export const journalContentsQuery = (site: Site, issueId: number) =>
  callQuery(ebookArticleList, site, { teb_id: issueId, limit: 50 });
export function useJournalContents(site: Site, issueId: number) {
  return useCallPages(ebookArticleList, { teb_id: issueId, limit: 50 }, { site, firstPage: true });
}
export const journalPreviousQuery = (site: Site, issueId: number) =>
  callQuery(ebookPreviousList, site, { teb_id: issueId, limit: 6 });
export const journalArticleQuery = (site: Site, articleId: number) =>
  callQuery(ebookArticleInfo, site, { tea_id: articleId });
