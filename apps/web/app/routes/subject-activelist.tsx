import { HydrationBoundary } from '@tanstack/react-query';
import type { CallData } from '@portal/contracts/call';
import type { activityIndex } from '@portal/contracts/events';
import { topicActivitiesPath } from '@portal/contracts/topic-paths';
import { eventIdParam, topicEventsFirstPageQuery } from '~/features/events/api/event-queries';
import { eventDescription } from '~/features/events/api/event-view';
import eventsCss from '~/features/events/components/events.css?url';
import { TopicEventsPage } from '~/features/events/components/TopicEventsPage';
import topicsCss from '~/features/topics/components/topics.css?url';
import { TopicNotFound } from '~/features/topics/components/TopicNotFound';
import { catalogueOf } from '~/lib/catalogue';
import { detailResponse, noDetail, type DetailPageSpec } from '~/lib/query/detail-page';
import { loadDetailPageInBrowser } from '~/lib/query/prefetch.client';
import { loadDetailPage } from '~/lib/query/prefetch.server';
import { siteOfPage } from '~/lib/site';
import { metaPlace, routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/subject-activelist';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: topicsCss },
  { rel: 'stylesheet', href: eventsCss },
];

interface TopicHead {
  title: string;
  cover: string;
}

/**
 * `/{lang}/subject/activeList/{id}` (decision 030): the events call filtered by the topic decides the
 * page (it answers 404 for a topic the site has not, so the page does) and names the topic for the
 * head; the page loads the events' modules only, not the topics'.
 */
const topicEventsPage: DetailPageSpec<CallData<typeof activityIndex>, TopicHead> = {
  detail: topicEventsFirstPageQuery,
  headOf: (page) => ({ title: page.topic?.tt_title ?? '', cover: page.topic?.tt_cover_url ?? '' }),
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const topicId = eventIdParam(params.id);
  if (topicId === null) return detailResponse(noDetail<TopicHead>());
  return detailResponse(await loadDetailPage(context, site, topicEventsPage, topicId, []));
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const topicId = eventIdParam(params.id);
  if (topicId === null) return noDetail<TopicHead>();
  return loadDetailPageInBrowser(site, topicEventsPage, topicId, []);
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const { site, origin } = metaPlace(args);
  const head = loaderData?.head;
  if (!head) return routeMeta(args, { titleKey: 'notFound', indexable: false });
  const texts = catalogueOf(site.lang);
  const fill = (s: string) => s.replace('{{title}}', head.title);
  const title = fill(texts.events.ui.topicEventsTitle);
  const description = eventDescription(fill(texts.events.ui.topicEventsDescription), texts.events.ui.listDescription);
  return [
    { title: `${title} - ${texts.common.siteName}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    ...(head.cover
      ? [{ property: 'og:image', content: new URL(head.cover, origin || 'http://localhost').toString() }]
      : []),
    // Topics are one site's each (decision 026): only this site's address.
    { tagName: 'link', rel: 'canonical', href: `${origin}${topicActivitiesPath(site.prefix, loaderData.id)}` },
  ];
};

export default function SubjectActiveList({ loaderData }: Route.ComponentProps) {
  if (!loaderData.head) return <TopicNotFound what="topic" />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicEventsPage topicId={loaderData.id} />
    </HydrationBoundary>
  );
}
