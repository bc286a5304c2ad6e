import { HydrationBoundary } from '@tanstack/react-query';
import { raffleCatalogues } from '@portal/locales/raffle';
import { raffleCurrentQuery } from '~/features/raffle/api/raffle-queries';
import raffleCss from '~/features/raffle/components/raffle.css?url';
import { RafflePage } from '~/features/raffle/components/RafflePage';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/rafflelandingpage';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: raffleCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  return { dehydratedState: await prefetchCalls(context, [raffleCurrentQuery(site)]) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await ensureCalls([raffleCurrentQuery(siteOfPage(new URL(request.url).pathname, undefined))]);
  return { dehydratedState: null };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { titleKey: 'raffle', description: (lang) => raffleCatalogues[lang].raffle.ui.description });

export default function RaffleLandingPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <RafflePage />
    </HydrationBoundary>
  );
}
