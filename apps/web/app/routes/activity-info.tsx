import { data } from 'react-router';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { activityInfo, type ActivityDetail } from '@portal/contracts/events';
import { siteById, SITES, DEFAULT_SITE, type Site } from '@portal/contracts/sites';
import { catalogueOf } from '~/lib/catalogue';
import { eventIdParam, eventInfoQuery, questionsFirstPageQuery } from '~/features/events/api/event-queries';
import { eventDescription, eventPath } from '~/features/events/api/event-view';
import eventsCss from '~/features/events/components/events.css?url';
import { EventDetailPage, EventNotFound } from '~/features/events/components/EventDetailPage';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { browserQueryClient } from '~/lib/query/query-client';
import { requestClient } from '~/lib/request/client';
import { pageMeta } from '~/lib/seo';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/activity-info';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: eventsCss }];

/** What the page's `<head>` needs of the event; null when there is none (404). */
interface EventHead {
  title: string;
  summary: string;
  cover: string;
  linked: Array<{ siteId: number; eventId: number }>;
}

interface EventPageData {
  eventId: number;
  head: EventHead | null;
  dehydratedState: DehydratedState | null;
}

function headOf(event: ActivityDetail | undefined): EventHead | null {
  if (!event) return null;
  return {
    title: event.ta_title,
    summary: event.ta_summary,
    cover: event.ta_cover_url,
    linked: event.linked.map((v) => ({ siteId: v.tws_id, eventId: v.ta_id })),
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const eventId = eventIdParam(params.id);
  if (eventId === null) return data<EventPageData>({ eventId: 0, head: null, dehydratedState: null }, { status: 404 });
  const dehydratedState = await prefetchCalls(context, [
    eventInfoQuery(site, eventId),
    questionsFirstPageQuery(site, eventId),
  ]);
  const event = dehydratedState.queries.find((q) => q.queryKey[1] === activityInfo.id)?.state.data as
    | ActivityDetail
    | undefined;
  const page: EventPageData = { eventId, head: headOf(event), dehydratedState };
  return event ? page : data(page, { status: 404 });
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<EventPageData> {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const eventId = eventIdParam(params.id);
  if (eventId === null) return { eventId: 0, head: null, dehydratedState: null };
  const client = browserQueryClient();
  const query = eventInfoQuery(site, eventId);
  let event = client.getQueryData<ActivityDetail>(query.queryKey);
  if (!event) {
    // Silent: a missing event is this page's own 404, not the request client's toast.
    const result = await requestClient.call(
      activityInfo,
      { ta_id: eventId },
      { siteCode: site.apply_site, silent: true },
    );
    if (result.ok) {
      event = result.data;
      client.setQueryData(query.queryKey, event);
    }
  }
  if (event) await ensureCalls([questionsFirstPageQuery(site, eventId)]);
  return { eventId, head: headOf(event), dehydratedState: null };
}

export const meta: Route.MetaFunction = ({ location, loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string; siteId?: number } | undefined;
  const site = siteOfPage(location.pathname, siteById(root?.siteId));
  const origin = root?.origin ?? '';
  const head = loaderData?.head;
  if (!head)
    return pageMeta({ lang: site.lang, titleKey: 'notFound', origin, pathname: location.pathname, indexable: false });
  const texts = catalogueOf(site.lang);
  const title = `${head.title} - ${texts.common.siteName}`;
  const description = eventDescription(head.summary, texts.events.ui.listDescription);
  // Linked language versions are other events with their own ids.
  const versions = new Map<Site, number>([[site, loaderData.eventId]]);
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
    { tagName: 'link', rel: 'canonical', href: url(site, loaderData.eventId) },
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
      <EventDetailPage eventId={loaderData.eventId} />
    </HydrationBoundary>
  );
}
