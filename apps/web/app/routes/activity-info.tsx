import { HydrationBoundary } from '@tanstack/react-query';
import type { ActivityDetail } from '@portal/contracts/events';
import { siteById, SITES, DEFAULT_SITE, type Site } from '@portal/contracts/sites';
import { catalogueOf } from '~/lib/catalogue';
import { eventIdParam, eventInfoQuery, questionsFirstPageQuery } from '~/features/events/api/event-queries';
import { eventDescription, eventPath } from '~/features/events/api/event-view';
import eventsCss from '~/features/events/components/events.css?url';
import { EventDetailPage, EventNotFound } from '~/features/events/components/EventDetailPage';
import { detailResponse, noDetail, type DetailPageData, type DetailPageSpec } from '~/lib/query/detail-page';
import { loadDetailPageInBrowser } from '~/lib/query/prefetch.client';
import { loadDetailPage } from '~/lib/query/prefetch.server';
import { siteOfPage } from '~/lib/site';
import { metaPlace, routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/activity-info';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: eventsCss }];

/** What the page's `<head>` needs of the event; null when there is none (404). */
interface EventHead {
  title: string;
  summary: string;
  cover: string;
  linked: Array<{ siteId: number; eventId: number }>;
}

function headOf(event: ActivityDetail): EventHead {
  return {
    title: event.ta_title,
    summary: event.ta_summary,
    cover: event.ta_cover_url,
    linked: event.linked.map((v) => ({ siteId: v.tws_id, eventId: v.ta_id })),
  };
}

/** The event decides the page (404 when missing or not shown); its questions come with it. */
const eventPage: DetailPageSpec<ActivityDetail, EventHead> = {
  detail: eventInfoQuery,
  headOf,
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const eventId = eventIdParam(params.id);
  if (eventId === null) return detailResponse(noDetail<EventHead>());
  return detailResponse(
    await loadDetailPage(context, site, eventPage, eventId, [questionsFirstPageQuery(site, eventId)]),
  );
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<DetailPageData<EventHead>> {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const eventId = eventIdParam(params.id);
  if (eventId === null) return noDetail();
  return loadDetailPageInBrowser(site, eventPage, eventId, [questionsFirstPageQuery(site, eventId)]);
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const { site, origin } = metaPlace(args);
  const head = loaderData?.head;
  if (!head) return routeMeta(args, { titleKey: 'notFound', indexable: false });
  const texts = catalogueOf(site.lang);
  const title = `${head.title} - ${texts.common.siteName}`;
  const description = eventDescription(head.summary, texts.events.ui.listDescription);
  // Linked language versions are other events with their own ids.
  const versions = new Map<Site, number>([[site, loaderData.id]]);
  for (const v of head.linked) {
    const s = siteById(v.siteId);
    if (s && !versions.has(s)) versions.set(s, v.eventId);
  }
  const url = (s: Site, id: number) => `${origin}${eventPath(s.prefix, id)}`;
  const alternates = SITES.flatMap((s) => {
    const id = versions.get(s);
    return id === undefined ? [] : [{ tagName: 'link', rel: 'alternate', hrefLang: s.htmlLang, href: url(s, id) }];
  });
  const fallback = versions.get(DEFAULT_SITE);
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    ...(head.cover
      ? [{ property: 'og:image', content: new URL(head.cover, origin || 'http://localhost').toString() }]
      : []),
    { tagName: 'link', rel: 'canonical', href: url(site, loaderData.id) },
    ...(versions.size > 1 ? alternates : []),
    ...(versions.size > 1 && fallback !== undefined
      ? [{ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url(DEFAULT_SITE, fallback) }]
      : []),
  ];
};

export default function ActivityInfo({ loaderData }: Route.ComponentProps) {
  if (!loaderData.head) return <EventNotFound />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <EventDetailPage eventId={loaderData.id} />
    </HydrationBoundary>
  );
}
