import { data } from 'react-router';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { signregistList } from '@portal/contracts/event-signups';
import { siteById } from '@portal/contracts/sites';
import { catalogueOf } from '~/lib/catalogue';
import { eventIdParam } from '~/features/events/api/event-queries';
import { eventPath } from '~/features/events/api/event-view';
import eventsCss from '~/features/events/components/events.css?url';
import { EventNotFound } from '~/features/events/components/EventDetailPage';
import { SignupListPage, signupListBody } from '~/features/events/components/SignupListPage';
import { callQuery } from '~/lib/query/call-query';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { pageMeta } from '~/lib/seo';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/signregist-list';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: eventsCss }];

interface ListPageData {
  eventId: number;
  viewType: 1 | 2;
  title: string | null;
  dehydratedState: DehydratedState | null;
}

/** The URL's ids, or null for anything but an event's list (sign_type 1) of view 1 or 2 (decision 028). */
function parse(params: { ta_id?: string; sign_type?: string; view_type?: string }) {
  const eventId = eventIdParam(params.ta_id);
  if (eventId === null || params.sign_type !== '1') return null;
  if (params.view_type !== '1' && params.view_type !== '2') return null;
  return { eventId, viewType: Number(params.view_type) as 1 | 2 };
}

const empty: ListPageData = { eventId: 0, viewType: 1, title: null, dehydratedState: null };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const ids = parse(params);
  if (!ids) return data(empty, { status: 404 });
  const query = callQuery(signregistList, site, signupListBody(ids.eventId, ids.viewType));
  const dehydratedState = await prefetchCalls(context, [query]);
  const answer = dehydratedState.queries.find((q) => q.queryKey[1] === signregistList.id)?.state.data as
    | { ta_title: string }
    | undefined;
  const page: ListPageData = { ...ids, title: answer?.ta_title ?? null, dehydratedState };
  return answer ? page : data(page, { status: 404 });
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<ListPageData> {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const ids = parse(params);
  if (!ids) return empty;
  const query = callQuery(signregistList, site, signupListBody(ids.eventId, ids.viewType));
  await ensureCalls([query]);
  return { ...ids, title: '', dehydratedState: null };
}

export const meta: Route.MetaFunction = ({ location, loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string; siteId?: number } | undefined;
  const site = siteOfPage(location.pathname, siteById(root?.siteId));
  const origin = root?.origin ?? '';
  if (!loaderData || loaderData.title === null)
    return pageMeta({ lang: site.lang, titleKey: 'notFound', origin, pathname: location.pathname, indexable: false });
  const texts = catalogueOf(site.lang);
  const fill = (s: string) => s.replace('{{title}}', loaderData.title ?? '');
  return [
    { title: `${fill(texts.events.ui.listTitle2)} - ${texts.common.siteName}` },
    { name: 'description', content: fill(texts.events.ui.listDescription2) },
    // A list of people: kept out of search engines; the event page is the one to index.
    { name: 'robots', content: 'noindex' },
    { tagName: 'link', rel: 'canonical', href: `${origin}${eventPath(site.prefix, loaderData.eventId)}` },
  ];
};

export default function SignregistList({ loaderData }: Route.ComponentProps) {
  if (loaderData.title === null) return <EventNotFound />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <SignupListPage eventId={loaderData.eventId} viewType={loaderData.viewType} />
    </HydrationBoundary>
  );
}
