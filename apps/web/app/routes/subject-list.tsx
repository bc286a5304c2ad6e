import { HydrationBoundary } from '@tanstack/react-query';
import { siteById } from '@portal/contracts/sites';
import { topicListQuery } from '~/features/topics/api/topic-queries';
import topicsCss from '~/features/topics/components/topics.css?url';
import { TopicListPage } from '~/features/topics/components/TopicListPage';
import { catalogueOf } from '~/lib/catalogue';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { languageLinks, pageTitle } from '~/lib/seo';
import { siteOfPage } from '~/lib/site';
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

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string; siteId?: number } | undefined;
  const site = siteOfPage(location.pathname, siteById(root?.siteId));
  const title = pageTitle(site.lang, 'subject');
  const description = catalogueOf(site.lang).topics.ui.listDescription;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    // The list is the same page on both sites: /cn/subject/list and /en/subject/list.
    ...languageLinks(root?.origin ?? '', location.pathname),
  ];
};

export default function SubjectList({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicListPage />
    </HydrationBoundary>
  );
}
