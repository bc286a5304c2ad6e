import { HydrationBoundary } from '@tanstack/react-query';
import { TOPIC_ARTICLE_SORTS, type TopicArticleSort, type TopicDetail } from '@portal/contracts/topics';
import { topicArticlesQuery, topicInfoQuery } from '~/features/topics/api/topic-queries';
import { describe, idParam, topicMeta } from '~/features/topics/api/topic-view';
import topicsCss from '~/features/topics/components/topics.css?url';
import { TopicNotFound } from '~/features/topics/components/TopicNotFound';
import { TopicPage } from '~/features/topics/components/TopicPage';
import { catalogueOf } from '~/lib/catalogue';
import { detailResponse, noDetail, type DetailPageData, type DetailPageSpec } from '~/lib/query/detail-page';
import { loadDetailPageInBrowser } from '~/lib/query/prefetch.client';
import { loadDetailPage } from '~/lib/query/prefetch.server';
import { siteOfPage } from '~/lib/site';
import { metaPlace, routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/subject-info';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: topicsCss }];

interface TopicHead {
  title: string;
  description: string;
}

interface TopicPageData extends DetailPageData<TopicHead> {
  sort: TopicArticleSort;
}

function sortOf(url: URL): TopicArticleSort {
  const raw = url.searchParams.get('sort');
  return (TOPIC_ARTICLE_SORTS as readonly string[]).includes(raw ?? '') ? (raw as TopicArticleSort) : 'latest';
}

/** A missing topic (or a malformed id) answers 404 with the page's own words; its articles in `sort`. */
const topicPage: DetailPageSpec<TopicDetail, TopicHead> = {
  detail: topicInfoQuery,
  headOf: (topic) => ({ title: topic.tt_title, description: topic.tt_desc }),
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const topicId = idParam(params.id);
  const sort = sortOf(url);
  if (topicId === null) return detailResponse<TopicPageData>({ ...noDetail<TopicHead>(), sort });
  return detailResponse<TopicPageData>({
    ...(await loadDetailPage(context, site, topicPage, topicId, [topicArticlesQuery(site, topicId, sort)])),
    sort,
  });
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<TopicPageData> {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const topicId = idParam(params.id);
  const sort = sortOf(url);
  if (topicId === null) return { ...noDetail<TopicHead>(), sort };
  return {
    ...(await loadDetailPageInBrowser(site, topicPage, topicId, [topicArticlesQuery(site, topicId, sort)])),
    sort,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const { site, origin } = metaPlace(args);
  const head = loaderData?.head;
  if (!head) return routeMeta(args, { titleKey: 'notFound', indexable: false });
  const texts = catalogueOf(site.lang);
  return topicMeta({
    origin,
    site,
    topicId: loaderData.id,
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
      <TopicPage topicId={loaderData.id} sort={loaderData.sort} />
    </HydrationBoundary>
  );
}
