import { data } from 'react-router';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { questionnaireGet } from '@portal/contracts/questionnaires';
import { siteById } from '@portal/contracts/sites';
import { catalogueOf } from '~/lib/catalogue';
import { eventIdParam } from '~/features/events/api/event-queries';
import { eventPath } from '~/features/events/api/event-view';
import eventsCss from '~/features/events/components/events.css?url';
import { QuestionnaireNotSet, QuestionnairePage } from '~/features/events/components/QuestionnairePage';
import { callQuery } from '~/lib/query/call-query';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { pageMeta } from '~/lib/seo';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/questionnaire';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: eventsCss }];

interface QuestionnairePageData {
  eventId: number;
  /** The questionnaire's title, the event's when it has none, null when there is no such event (404). */
  title: string | null;
  dehydratedState: DehydratedState | null;
}

const empty: QuestionnairePageData = { eventId: 0, title: null, dehydratedState: null };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const eventId = eventIdParam(params.ta_id);
  if (eventId === null) return data(empty, { status: 404 });
  const dehydratedState = await prefetchCalls(context, [callQuery(questionnaireGet, site, { ta_id: eventId })]);
  const answer = dehydratedState.queries.find((q) => q.queryKey[1] === questionnaireGet.id)?.state.data as
    | { ta_title: string; questionnaire: { title: string } | null }
    | undefined;
  const title = answer?.ta_title ? (answer.questionnaire?.title ?? answer.ta_title) : null;
  const page: QuestionnairePageData = { eventId, title, dehydratedState };
  return title !== null ? page : data(page, { status: 404 });
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<QuestionnairePageData> {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const eventId = eventIdParam(params.ta_id);
  if (eventId === null) return empty;
  await ensureCalls([callQuery(questionnaireGet, site, { ta_id: eventId })]);
  return { eventId, title: '', dehydratedState: null };
}

export const meta: Route.MetaFunction = ({ location, loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string; siteId?: number } | undefined;
  const site = siteOfPage(location.pathname, siteById(root?.siteId));
  const origin = root?.origin ?? '';
  if (!loaderData || loaderData.title === null)
    return pageMeta({ lang: site.lang, titleKey: 'notFound', origin, pathname: location.pathname, indexable: false });
  const texts = catalogueOf(site.lang);
  const heading = loaderData.title || texts.titles.questionnaire;
  return [
    { title: `${heading} - ${texts.titles.questionnaire} - ${texts.common.siteName}` },
    { name: 'description', content: `${texts.titles.questionnaire}: ${heading}` },
    // Answering is for the event's members: the event page is the one to index.
    { name: 'robots', content: 'noindex' },
    { tagName: 'link', rel: 'canonical', href: `${origin}${eventPath(site.prefix, loaderData.eventId)}` },
  ];
};

export default function Questionnaire({ loaderData }: Route.ComponentProps) {
  if (loaderData.title === null) return <QuestionnaireNotSet />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <QuestionnairePage eventId={loaderData.eventId} />
    </HydrationBoundary>
  );
}
