import { HydrationBoundary } from '@tanstack/react-query';
import type { CooperationPage as Page } from '@portal/contracts/cooperation';
import { cooperationCatalogues } from '@portal/locales/cooperation';
import { cooperationMeta, describe, idParam } from '~/features/cooperation/api/cooperation-meta';
import { cooperationPageQuery } from '~/features/cooperation/api/cooperation-queries';
import cooperationCss from '~/features/cooperation/components/cooperation.css?url';
import { CooperationNotFound } from '~/features/cooperation/components/CooperationNotFound';
import { CooperationPage } from '~/features/cooperation/components/CooperationPage';
import { catalogueOf } from '~/lib/catalogue';
import { detailResponse, noDetail, type DetailPageSpec } from '~/lib/query/detail-page';
import { loadDetailPageInBrowser } from '~/lib/query/prefetch.client';
import { loadDetailPage } from '~/lib/query/prefetch.server';
import { metaPlace, routeMeta } from '~/lib/route-meta';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/cooperate-info';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: cooperationCss }];

interface PageHead {
  title: string;
  summary: string;
  cover: string;
  versions: Page['versions'];
}

const cooperationPage: DetailPageSpec<Page, PageHead> = {
  detail: cooperationPageQuery,
  headOf: (page) => ({ title: page.title, summary: page.summary, cover: page.cover_url, versions: page.versions }),
};

function place(request: Request, params: { id?: string }) {
  return { site: siteOfPage(new URL(request.url).pathname, undefined), id: idParam(params.id) };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { site, id } = place(request, params);
  if (id === null) return detailResponse(noDetail<PageHead>());
  return detailResponse(await loadDetailPage(context, site, cooperationPage, id, []));
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const { site, id } = place(request, params);
  if (id === null) return noDetail<PageHead>();
  return loadDetailPageInBrowser(site, cooperationPage, id, []);
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const { site, origin } = metaPlace(args);
  const head = loaderData?.head;
  if (!head) return routeMeta(args, { titleKey: 'notFound', indexable: false });
  return cooperationMeta({
    origin,
    site,
    id: loaderData.id,
    title: head.title,
    description: describe(head.summary, cooperationCatalogues[site.lang].cooperation.description),
    siteName: catalogueOf(site.lang).common.siteName,
    cover: head.cover,
    versions: head.versions,
  });
};

export default function CooperateInfo({ loaderData }: Route.ComponentProps) {
  if (!loaderData.head) return <CooperationNotFound />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <CooperationPage id={loaderData.id} />
    </HydrationBoundary>
  );
}
