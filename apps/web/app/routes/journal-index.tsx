import { HydrationBoundary } from '@tanstack/react-query';
import { journalCategoriesQuery, journalIssuesQuery, journalStatsQuery } from '~/features/journal/api/journal-queries';
import { idParam } from '~/features/journal/api/journal-view';
import journalCss from '~/features/journal/components/journal.css?url';
import { JournalHomePage } from '~/features/journal/components/JournalHomePage';
import { catalogueOf } from '~/lib/catalogue';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { siteOfPage } from '~/lib/site';
import { routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/journal-index';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: journalCss }];

function place(request: Request) {
  const url = new URL(request.url);
  return { site: siteOfPage(url.pathname, undefined), categoryId: idParam(url.searchParams.get('category')) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, categoryId } = place(request);
  const queries = [journalStatsQuery(site), journalCategoriesQuery(site), journalIssuesQuery(site, categoryId)];
  return { categoryId, dehydratedState: await prefetchCalls(context, queries) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { site, categoryId } = place(request);
  await ensureCalls([journalStatsQuery(site), journalCategoriesQuery(site), journalIssuesQuery(site, categoryId)]);
  return { categoryId, dehydratedState: null };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { titleKey: 'journal', description: (lang) => catalogueOf(lang).journal.ui.homeDescription });

export default function JournalIndex({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <JournalHomePage categoryId={loaderData.categoryId} />
    </HydrationBoundary>
  );
}
