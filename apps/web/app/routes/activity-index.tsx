import { HydrationBoundary } from '@tanstack/react-query';
import { dateInZone, knownTimeZone } from '@portal/contracts/time';
import { catalogueOf } from '~/lib/catalogue';
import { eventFiltersFromSearch } from '~/features/events/api/event-filters';
import { eventListQueries } from '~/features/events/api/event-queries';
import eventsCss from '~/features/events/components/events.css?url';
import { EventListPage } from '~/features/events/components/EventListPage';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { siteOfPage } from '~/lib/site';
import { timeZoneOfRequest } from '~/lib/time-zone';
import { routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/activity-index';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: eventsCss }];

/** The calendar shows the filtered month, else this month as the viewer's clock names it. */
const calendarMonthOf = (month: string | null, zone: string) => month ?? dateInZone(Date.now(), zone).slice(0, 7);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const filters = eventFiltersFromSearch(url.search);
  const calendarMonth = calendarMonthOf(filters.month, timeZoneOfRequest(request, site));
  return {
    filters,
    calendarMonth,
    dehydratedState: await prefetchCalls(context, eventListQueries(site, filters, calendarMonth)),
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const filters = eventFiltersFromSearch(url.search);
  const zone = knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC';
  const calendarMonth = calendarMonthOf(filters.month, zone);
  await ensureCalls(eventListQueries(site, filters, calendarMonth));
  return { filters, calendarMonth, dehydratedState: null };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { titleKey: 'activity', description: (lang) => catalogueOf(lang).events.ui.listDescription });

export default function ActivityIndex({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <EventListPage filters={loaderData.filters} calendarMonth={loaderData.calendarMonth} />
    </HydrationBoundary>
  );
}
