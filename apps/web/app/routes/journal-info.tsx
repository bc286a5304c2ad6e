import { HydrationBoundary } from '@tanstack/react-query';
import type { JournalArticleDetail, JournalIssueDetail } from '@portal/contracts/journal';
import {
  journalArticleQuery,
  journalContentsQuery,
  journalIssueQuery,
  journalPreviousQuery,
} from '~/features/journal/api/journal-queries';
import { describe, idParam, issueMeta } from '~/features/journal/api/journal-view';
import journalCss from '~/features/journal/components/journal.css?url';
import { JournalIssuePage } from '~/features/journal/components/JournalIssuePage';
import { JournalNotFound } from '~/features/journal/components/JournalNotFound';
import type { Site } from '@portal/contracts/sites';
import { catalogueOf } from '~/lib/catalogue';
import { detailIn, detailResponse, noDetail, type DetailPageData, type DetailPageSpec } from '~/lib/query/detail-page';
import { loadDetailPageInBrowser } from '~/lib/query/prefetch.client';
import { browserQueryClient } from '~/lib/query/query-client';
import { loadDetailPage } from '~/lib/query/prefetch.server';
import { siteOfPage } from '~/lib/site';
import { metaPlace, routeMeta } from '~/lib/route-meta';
import type { Route } from './+types/journal-info';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: journalCss }];

interface IssueHead {
  title: string;
  number: number;
  summary: string;
  cover: string;
  preview: boolean;
  article: { title: string; summary: string } | null;
}

interface IssuePageData extends DetailPageData<IssueHead> {
  articleId: number | null;
  missing: 'issue' | 'article';
}

const issuePage: DetailPageSpec<JournalIssueDetail, IssueHead> = {
  detail: journalIssueQuery,
  headOf: (issue) => ({
    title: issue.teb_title,
    number: issue.teb_number,
    summary: issue.teb_summary,
    cover: issue.teb_cover_url,
    preview: issue.is_preview,
    article: null,
  }),
};

function place(request: Request, params: { id?: string }) {
  const url = new URL(request.url);
  const site = siteOfPage(url.pathname, undefined);
  const issueId = idParam(params.id);
  const raw = url.searchParams.get('article');
  return { site, issueId, articleId: raw === null ? null : (idParam(raw) ?? -1) };
}

const blocksOf = (site: Site, issueId: number, articleId: number | null) => [
  journalContentsQuery(site, issueId),
  journalPreviousQuery(site, issueId),
  ...(articleId !== null && articleId > 0 ? [journalArticleQuery(site, articleId)] : []),
];

/** The issue's page, with the article asked for (`?article=`): 404 when either is missing or not public. */
function withArticle(
  page: DetailPageData<IssueHead>,
  articleId: number | null,
  article: JournalArticleDetail | undefined,
): IssuePageData {
  if (!page.head) return { ...page, articleId, missing: 'issue' };
  if (articleId === null) return { ...page, articleId, missing: 'issue' };
  if (!article || article.teb_id !== page.id) return { ...page, head: null, articleId, missing: 'article' };
  return {
    ...page,
    head: { ...page.head, article: { title: article.tea_title, summary: article.tea_summary } },
    articleId,
    missing: 'article',
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { site, issueId, articleId } = place(request, params);
  if (issueId === null) return detailResponse<IssuePageData>({ ...noDetail<IssueHead>(), articleId, missing: 'issue' });
  const page = await loadDetailPage(context, site, issuePage, issueId, blocksOf(site, issueId, articleId));
  const article =
    articleId !== null && articleId > 0 && page.dehydratedState
      ? detailIn<JournalArticleDetail>(page.dehydratedState, journalArticleQuery(site, articleId))
      : undefined;
  return detailResponse(withArticle(page, articleId, article));
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<IssuePageData> {
  const { site, issueId, articleId } = place(request, params);
  if (issueId === null) return { ...noDetail<IssueHead>(), articleId, missing: 'issue' };
  const page = await loadDetailPageInBrowser(site, issuePage, issueId, blocksOf(site, issueId, articleId));
  const article =
    articleId !== null && articleId > 0
      ? browserQueryClient().getQueryData<JournalArticleDetail>(journalArticleQuery(site, articleId).queryKey)
      : undefined;
  return withArticle(page, articleId, article);
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const { site, origin } = metaPlace(args);
  const head = loaderData?.head;
  if (!head) return routeMeta(args, { titleKey: 'notFound', indexable: false });
  const texts = catalogueOf(site.lang);
  const issueTitle = `${texts.journal.ui.issueNumber.replace('{{number}}', String(head.number))} ${head.title}`;
  return issueMeta({
    origin,
    site,
    issueId: loaderData.id,
    articleId: head.article ? loaderData.articleId : null,
    title: head.article ? `${head.article.title} - ${issueTitle}` : issueTitle,
    description: describe(head.article?.summary ?? head.summary, texts.journal.ui.homeDescription),
    siteName: texts.common.siteName,
    cover: head.cover,
    indexable: !head.preview,
  });
};

export default function JournalInfo({ loaderData }: Route.ComponentProps) {
  if (!loaderData.head) return <JournalNotFound what={loaderData.missing} />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <JournalIssuePage issueId={loaderData.id} articleId={loaderData.articleId} />
    </HydrationBoundary>
  );
}
