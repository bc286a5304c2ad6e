import { data } from 'react-router';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { siteById } from '@portal/contracts/sites';
import { TOPIC_ARTICLE_SORTS, topicInfo, type TopicArticleSort, type TopicDetail } from '@portal/contracts/topics';
import { topicArticlesQuery, topicInfoQuery } from '~/features/topics/api/topic-queries';
import { describe, idParam, topicMeta } from '~/features/topics/api/topic-view';
import topicsCss from '~/features/topics/components/topics.css?url';
import { TopicNotFound } from '~/features/topics/components/TopicNotFound';
import { TopicPage } from '~/features/topics/components/TopicPage';
import { catalogueOf } from '~/lib/catalogue';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { browserQueryClient } from '~/lib/query/query-client';
import { requestClient } from '~/lib/request/client';
import { pageMeta } from '~/lib/seo';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/subject-info';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: topicsCss }];

interface TopicPageData {
  topicId: number;
  sort: TopicArticleSort;
  head: { title: string; description: string } | null;
  dehydratedState: DehydratedState | null;
}

function sortOf(url: URL): TopicArticleSort {
  const raw = url.searchParams.get('sort');
  return (TOPIC_ARTICLE_SORTS as readonly string[]).includes(raw ?? '') ? (raw as TopicArticleSort) : 'latest';
}

const headOf = (topic: TopicDetail | undefined) =>
  topic ? { title: topic.tt_title, description: topic.tt_desc } : null;

/** A missing topic (or a malformed id) answers 404 with the page's own words. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const topicId = idParam(params.id);
  const sort = sortOf(url);
  if (topicId === null)
    return data<TopicPageData>({ topicId: 0, sort, head: null, dehydratedState: null }, { status: 404 });
  const dehydratedState = await prefetchCalls(context, [
    topicInfoQuery(site, topicId),
    topicArticlesQuery(site, topicId, sort),
  ]);
  const topic = dehydratedState.queries.find((q) => q.queryKey[1] === topicInfo.id)?.state.data as
    | TopicDetail
    | undefined;
  const page: TopicPageData = { topicId, sort, head: headOf(topic), dehydratedState };
  return topic ? page : data(page, { status: 404 });
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<TopicPageData> {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const topicId = idParam(params.id);
  const sort = sortOf(url);
  if (topicId === null) return { topicId: 0, sort, head: null, dehydratedState: null };
  const client = browserQueryClient();
  const query = topicInfoQuery(site, topicId);
  let topic = client.getQueryData<TopicDetail>(query.queryKey);
  if (!topic) {
    // Silent: a missing topic is this page's own 404, not the request client's "interface" toast.
    const result = await requestClient.call(topicInfo, { tt_id: topicId }, { siteCode: site.apply_site, silent: true });
    if (result.ok) {
      topic = result.data;
      client.setQueryData(query.queryKey, topic);
    }
  }
  if (topic) await ensureCalls([topicArticlesQuery(site, topicId, sort)]);
  return { topicId, sort, head: headOf(topic), dehydratedState: null };
}

export const meta: Route.MetaFunction = ({ location, loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string; siteId?: number } | undefined;
  const site = siteOfPage(location.pathname, siteById(root?.siteId));
  const origin = root?.origin ?? '';
  const head = loaderData?.head;
  if (!head)
    return pageMeta({ lang: site.lang, titleKey: 'notFound', origin, pathname: location.pathname, indexable: false });
  const texts = catalogueOf(site.lang);
  return topicMeta({
    origin,
    site,
    topicId: loaderData.topicId,
    title: head.title,
    description: describe(head.description, texts.meta.description),
    siteName: texts.common.siteName,
    indexable: true,
  });
};

export default function SubjectInfo({ loaderData }: Route.ComponentProps) {
  if (!loaderData.head) return <TopicNotFound what="topic" />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicPage topicId={loaderData.topicId} sort={loaderData.sort} />
    </HydrationBoundary>
  );
}
