import type { CallData } from '@portal/contracts/call';
import { PAGE_SIZE } from '@portal/contracts/constants';
import type { Site } from '@portal/contracts/sites';
import {
  topicArticleInfo,
  topicArticles,
  topicInfo,
  topicPageList,
  type TopicArticleSort,
} from '@portal/contracts/topics';
import { callQuery } from '~/lib/query/call-query';
import { useCallPages, type Invalidates } from '~/lib/query/use-call';

/** The first page of the topic list: what the loader prefetches and the server renders. */
export const topicListQuery = (site: Site) => callQuery(topicPageList, site, { limit: PAGE_SIZE });

/** The topic list with "load more": the prefetched first page, then pages by `next_cursor`. */
export function useTopicList(site: Site) {
  return useCallPages(topicPageList, { limit: PAGE_SIZE }, { site, firstPage: true });
}

export const topicInfoQuery = (site: Site, topicId: number) => callQuery(topicInfo, site, { tt_id: topicId });

const articlesBody = (topicId: number, sort: TopicArticleSort) => ({ tt_id: topicId, sort, limit: PAGE_SIZE });

/** The first page of a topic's articles in one order. */
export const topicArticlesQuery = (site: Site, topicId: number, sort: TopicArticleSort) =>
  callQuery(topicArticles, site, articlesBody(topicId, sort));

export function useTopicArticles(site: Site, topicId: number, sort: TopicArticleSort) {
  return useCallPages(topicArticles, articlesBody(topicId, sort), { site, firstPage: true });
}

export type TopicArticleEntry = CallData<typeof topicArticles>['list'][number];

/** An article as its page shows it; asked once per page load (the server counts the view). */
export const articleInfoQuery = (site: Site, articleId: number) =>
  callQuery(topicArticleInfo, site, { ttar_id: articleId });

/** What a submitted or decided article makes stale: the lists and pages of topics. */
export const TOPIC_CALLS: Invalidates[] = [{ call: topicPageList }, { call: topicInfo }, { call: topicArticles }];
