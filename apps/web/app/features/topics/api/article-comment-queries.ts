import { PAGE_SIZE } from '@portal/contracts/constants';
import type { Site } from '@portal/contracts/sites';
import { articleCommentList } from '@portal/contracts/topic-article-comments';
import { topicArticleInfo } from '@portal/contracts/topics';
import { callQuery } from '~/lib/query/call-query';
import { useCallPages, type Invalidates } from '~/lib/query/use-call';

/** The first page of an article's comments: prefetched by the article page's loader. */
export const articleCommentsFirstPageQuery = (site: Site, articleId: number) =>
  callQuery(articleCommentList, site, { ttar_id: articleId, limit: PAGE_SIZE });

/** The article's comments with "load more": the first page from the prefetched query, then by cursor. */
export function useArticleComments(site: Site, articleId: number) {
  return useCallPages(articleCommentList, { ttar_id: articleId, limit: PAGE_SIZE }, { site, firstPage: true });
}

/** What a comment write makes stale: the article's comment pages and the article (its count). */
export const articleCommentCalls = (site: Site, articleId: number): Invalidates[] => [
  { call: articleCommentList, site: site.apply_site, body: { ttar_id: articleId } },
  { call: topicArticleInfo, site: site.apply_site, body: { ttar_id: articleId } },
];
