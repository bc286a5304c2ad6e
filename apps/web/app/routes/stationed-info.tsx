import { HydrationBoundary } from '@tanstack/react-query';
import { dictList } from '@portal/contracts/dictionaries';
import type { ExpertProfile, ExpertSort, ExpertTab } from '@portal/contracts/experts';
import {
  expertContentQuery,
  expertInfoQuery,
  expertPath,
  jsonForScript,
  personJsonLd,
  sortOf,
  tabOf,
} from '~/features/experts/api/expert-page';
import { ExpertPage } from '~/features/experts/components/ExpertPage';
import mvpCss from '~/features/experts/components/mvp-page.css?url';
import { catalogueOf } from '~/lib/catalogue';
import { useNonce } from '~/lib/nonce';
import { callQuery } from '~/lib/query/call-query';
import { detailResponse, noDetail, type DetailPageData, type DetailPageSpec } from '~/lib/query/detail-page';
import { loadDetailPageInBrowser } from '~/lib/query/prefetch.client';
import { loadDetailPage } from '~/lib/query/prefetch.server';
import { metaPlace, routeMeta } from '~/lib/route-meta';
import { useShell } from '~/lib/shell';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/stationed-info';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: mvpCss }];

interface ExpertHead {
  name: string;
  jobTitle: string;
  company: string;
  avatar: string;
  fans: number;
}

interface ExpertPageData extends DetailPageData<ExpertHead> {
  tab: ExpertTab;
  type: ExpertSort;
}

const expertPage: DetailPageSpec<ExpertProfile, ExpertHead> = {
  detail: expertInfoQuery,
  headOf: (e) => ({
    name: e.user_nick_name,
    jobTitle: e.user_job_title,
    company: e.user_company,
    avatar: e.user_avatar_att_url,
    fans: e.user_fans_count,
  }),
};

function idOf(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

const blocks = (site: Parameters<typeof expertInfoQuery>[0], id: number, tab: ExpertTab, type: ExpertSort) => [
  expertContentQuery(site, id, tab, type),
  callQuery(dictList, site, { kind: 'industry' }),
  callQuery(dictList, site, { kind: 'scene' }),
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const [id, tab, type] = [idOf(params.id), tabOf(params.tab), sortOf(params.type)];
  if (id === null) return detailResponse<ExpertPageData>({ ...noDetail<ExpertHead>(), tab, type });
  return detailResponse<ExpertPageData>({
    ...(await loadDetailPage(context, site, expertPage, id, blocks(site, id, tab, type))),
    tab,
    type,
  });
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<ExpertPageData> {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const [id, tab, type] = [idOf(params.id), tabOf(params.tab), sortOf(params.type)];
  if (id === null) return { ...noDetail<ExpertHead>(), tab, type };
  return { ...(await loadDetailPageInBrowser(site, expertPage, id, blocks(site, id, tab, type))), tab, type };
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const head = loaderData?.head;
  if (!head) return routeMeta(args, { titleKey: 'notFound', indexable: false });
  const { site, origin } = metaPlace(args);
  const texts = catalogueOf(site.lang);
  const title = `${head.name} - ${texts.experts.dirTitle}`;
  const description = [head.name, head.jobTitle, head.company].filter(Boolean).join(' · ');
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'profile' },
    {
      tagName: 'link',
      rel: 'canonical',
      href: `${origin}${expertPath(site.prefix, loaderData.id, loaderData.tab, loaderData.type)}`,
    },
  ];
};

/** schema.org Person, inline with the request's CSP nonce. */
function PersonStructuredData({ id, head }: { id: number; head: ExpertHead }) {
  const nonce = useNonce();
  const { site, origin } = useShell();
  const json = personJsonLd({
    url: `${origin}${expertPath(site.prefix, id)}`,
    name: head.name,
    jobTitle: head.jobTitle,
    company: head.company,
    image: head.avatar ? new URL(head.avatar, origin || 'http://localhost').toString() : '',
    fans: head.fans,
  });
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      data-testid="person-jsonld"
      dangerouslySetInnerHTML={{ __html: jsonForScript(json) }}
    />
  );
}

export default function StationedInfo({ loaderData }: Route.ComponentProps) {
  if (!loaderData.head) return <ExpertMissing />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <PersonStructuredData id={loaderData.id} head={loaderData.head} />
      <ExpertPage userId={loaderData.id} tab={loaderData.tab} type={loaderData.type} />
    </HydrationBoundary>
  );
}

function ExpertMissing() {
  const { site } = useShell();
  return (
    <div className="portal-page mvp-page" data-testid="expert-missing">
      <section className="mvp-intro">
        <h1>{catalogueOf(site.lang).experts.expertNotFound}</h1>
      </section>
    </div>
  );
}
