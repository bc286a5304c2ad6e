import type { CallData } from '@portal/contracts/call';
import { PAGE_SIZE } from '@portal/contracts/constants';
import { actQuestion, activityCalendar, activityGetArea, activityIndex, activityInfo } from '@portal/contracts/events';
import type { Site } from '@portal/contracts/sites';
import { callQuery, type CallQuery } from '~/lib/query/call-query';
import { useCallPages, type Invalidates } from '~/lib/query/use-call';
import { calendarBody, eventListBody, type EventFilters } from './event-filters';

export type EventListEntry = CallData<typeof activityIndex>['list'][number];

export const eventListFirstPageQuery = (site: Site, f: EventFilters) =>
  callQuery(activityIndex, site, eventListBody(f, PAGE_SIZE));
export const eventAreasQuery = (site: Site) => callQuery(activityGetArea, site, {});
export const eventCalendarQuery = (site: Site, f: EventFilters, month: string) =>
  callQuery(activityCalendar, site, calendarBody(f, month));

/** Everything the list page shows at first: the areas, the calendar's month and the first page. */
export const eventListQueries = (site: Site, f: EventFilters, calendarMonth: string): CallQuery[] => [
  eventAreasQuery(site),
  eventCalendarQuery(site, f, calendarMonth),
  eventListFirstPageQuery(site, f),
];

export function useEventList(site: Site, f: EventFilters) {
  return useCallPages(activityIndex, eventListBody(f, PAGE_SIZE), { site, firstPage: true });
}

/** The first page of the events attached to a topic (its activities page, decision 030). */
export const topicEventsFirstPageQuery = (site: Site, topicId: number) =>
  callQuery(activityIndex, site, { tt_id: topicId, limit: PAGE_SIZE });

export function useTopicEvents(site: Site, topicId: number) {
  return useCallPages(activityIndex, { tt_id: topicId, limit: PAGE_SIZE }, { site, firstPage: true });
}

export const eventInfoQuery = (site: Site, id: number) => callQuery(activityInfo, site, { ta_id: id });
export const questionsFirstPageQuery = (site: Site, id: number) =>
  callQuery(actQuestion, site, { ta_id: id, limit: PAGE_SIZE });

export function useQuestions(site: Site, id: number) {
  return useCallPages(actQuestion, { ta_id: id, limit: PAGE_SIZE }, { site, firstPage: true });
}

/** What a sign-up, cancellation or toggle makes stale: the event, and the lists that show its counts. */
export const eventCalls = (site: Site, id: number): Invalidates[] => [
  { call: activityInfo, site: site.apply_site, body: { ta_id: id } },
  { call: activityIndex, site: site.apply_site },
];

export const questionCalls = (site: Site, id: number): Invalidates[] => [
  { call: actQuestion, site: site.apply_site, body: { ta_id: id } },
  { call: activityInfo, site: site.apply_site, body: { ta_id: id } },
];

/** A positive id from the URL, or null. */
export function eventIdParam(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}
