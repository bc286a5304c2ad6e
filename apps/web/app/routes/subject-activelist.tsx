import { HydrationBoundary } from '@tanstack/react-query';
import { topicActivitiesPath, type TopicDetail } from '@portal/contracts/topics';
import { topicEventsFirstPageQuery } from '~/features/events/api/event-queries';
import eventsCss from '~/features/events/components/events.css?url';
import { TopicEventList } from '~/features/events/components/TopicEventList';
import { topicInfoQuery } from '~/features/topics/api/topic-queries';
import { describe, idParam, topicMeta } from '~/features/topics/api/topic-view';
import topicsCss from '~/features/topics/components/topics.css?url';
import { TopicEventsHeader } from '~/features/topics/components/TopicEventsHeader';
import { TopicNotFound } from '~/features/topics/components/TopicNotFound';
import { catalogueOf } from '~/lib/catalogue';
import { detailResponse, noDetail, type DetailPageSpec } from '~/lib/query/detail-page';
import { loadDetailPageInBrowser } from '~/lib/query/prefetch.client';
import { loadDetailPage } from '~/lib/query/prefetch.server';
import { siteOfPage } from '~/lib/site';
import { metaPlace, routeMeta } from '~/lib/route-meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/subject-activelist';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: topicsCss },
  { rel: 'stylesheet', href: eventsCss },
];

interface TopicHead {
  title: string;
}

/** `/{lang}/subject/activeList/{id}` (decision 030): the topic decides the page (404 without it); its events under it. */
const topicEventsPage: DetailPageSpec<TopicDetail, TopicHead> = {
  detail: topicInfoQuery,
  headOf: (topic) => ({ title: topic.tt_title }),
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const topicId = idParam(params.id);
  if (topicId === null) return detailResponse(noDetail<TopicHead>());
  return detailResponse(
    await loadDetailPage(context, site, topicEventsPage, topicId, [topicEventsFirstPageQuery(site, topicId)]),
  );
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const topicId = idParam(params.id);
  if (topicId === null) return noDetail<TopicHead>();
  return loadDetailPageInBrowser(site, topicEventsPage, topicId, [topicEventsFirstPageQuery(site, topicId)]);
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
    path: topicActivitiesPath,
    title: texts.events.ui.topicEventsTitle.replace('{{title}}', head.title),
    description: describe(
      texts.events.ui.topicEventsDescription.replace('{{title}}', head.title),
      texts.meta.description,
    ),
    siteName: texts.common.siteName,
    indexable: true,
  });
};

export default function SubjectActiveList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('events');
  if (!loaderData.head) return <TopicNotFound what="topic" />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <div className="portal-page topics-page" data-testid="topic-events-page">
        <TopicEventsHeader topicId={loaderData.id} heading={t('ui.topicEventsHeading')} />
        <TopicEventList topicId={loaderData.id} />
      </div>
    </HydrationBoundary>
  );
}
