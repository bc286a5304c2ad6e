import { HydrationBoundary } from '@tanstack/react-query';
import { topicListQuery } from '~/features/topics/api/topic-queries';
import topicsCss from '~/features/topics/components/topics.css?url';
import { TopicListPage } from '~/features/topics/components/TopicListPage';
import { catalogueOf } from '~/lib/catalogue';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { siteOfPage } from '~/lib/site';
import { routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/subject-list';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: topicsCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  return { dehydratedState: await prefetchCalls(context, [topicListQuery(site)]) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await ensureCalls([topicListQuery(siteOfPage(new URL(request.url).pathname, undefined))]);
  return { dehydratedState: null };
}

// The list is the same page on both sites: /cn/subject/list and /en/subject/list.
export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { titleKey: 'subject', description: (lang) => catalogueOf(lang).topics.ui.listDescription });

export default function SubjectList({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicListPage />
    </HydrationBoundary>
  );
}
