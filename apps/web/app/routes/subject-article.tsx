import { data } from 'react-router';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { siteById } from '@portal/contracts/sites';
import { topicArticleInfo, type TopicArticleDetail } from '@portal/contracts/topics';
import commentsCss from '~/components/comments/comments.css?url';
import { articleCommentsFirstPageQuery } from '~/features/topics/api/article-comment-queries';
import { articleInfoQuery } from '~/features/topics/api/topic-queries';
import { articleJsonLd, articleMeta, describe, idParam, jsonForScript } from '~/features/topics/api/topic-view';
import { ArticlePage } from '~/features/topics/components/ArticlePage';
import topicsCss from '~/features/topics/components/topics.css?url';
import { TopicNotFound } from '~/features/topics/components/TopicNotFound';
import { catalogueOf } from '~/lib/catalogue';
import { useNonce } from '~/lib/nonce';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { browserQueryClient } from '~/lib/query/query-client';
import { requestClient } from '~/lib/request/client';
import { pageMeta } from '~/lib/seo';
import { useShell } from '~/lib/shell';
import { siteOfPage } from '~/lib/site';
import type { Route } from './+types/subject-article';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: topicsCss },
  { rel: 'stylesheet', href: commentsCss },
];

/** What the page's `<head>` and structured data need of the article; null when there is none (404). */
interface ArticleHead {
  title: string;
  summary: string;
  preview: boolean;
  topic: string;
  author: string;
  published: string | null;
  modified: string;
  linked: Array<{ siteId: number; id: number }>;
}

interface ArticlePageData {
  articleId: number;
  head: ArticleHead | null;
  dehydratedState: DehydratedState | null;
}

function headOf(article: TopicArticleDetail | undefined): ArticleHead | null {
  if (!article) return null;
  return {
    title: article.ttar_title,
    summary: article.ttar_summary,
    preview: article.is_preview,
    topic: article.tt_title,
    author: article.author.user_nick_name,
    published: article.publish_time,
    modified: article.update_time,
    linked: article.linked.map((v) => ({ siteId: v.tws_id, id: v.ttar_id })),
  };
}

/** A missing or not public article (and a malformed id) answers 404 with the page's own words. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const articleId = idParam(params.id);
  if (articleId === null)
    return data<ArticlePageData>({ articleId: 0, head: null, dehydratedState: null }, { status: 404 });
  const dehydratedState = await prefetchCalls(context, [
    articleInfoQuery(site, articleId),
    articleCommentsFirstPageQuery(site, articleId),
  ]);
  const article = dehydratedState.queries.find((q) => q.queryKey[1] === topicArticleInfo.id)?.state.data as
    | TopicArticleDetail
    | undefined;
  const page: ArticlePageData = { articleId, head: headOf(article), dehydratedState };
  return article ? page : data(page, { status: 404 });
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<ArticlePageData> {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const articleId = idParam(params.id);
  if (articleId === null) return { articleId: 0, head: null, dehydratedState: null };
  const client = browserQueryClient();
  const query = articleInfoQuery(site, articleId);
  let article = client.getQueryData<TopicArticleDetail>(query.queryKey);
  if (!article) {
    // Silent: a missing article is this page's own 404, not the request client's "interface" toast.
    const result = await requestClient.call(
      topicArticleInfo,
      { ttar_id: articleId },
      { siteCode: site.apply_site, silent: true },
    );
    if (result.ok) {
      article = result.data;
      client.setQueryData(query.queryKey, article);
    }
  }
  return { articleId, head: headOf(article), dehydratedState: null };
}

export const meta: Route.MetaFunction = ({ location, loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string; siteId?: number } | undefined;
  const site = siteOfPage(location.pathname, siteById(root?.siteId));
  const origin = root?.origin ?? '';
  const head = loaderData?.head;
  if (!head)
    return pageMeta({ lang: site.lang, titleKey: 'notFound', origin, pathname: location.pathname, indexable: false });
  const texts = catalogueOf(site.lang);
  return articleMeta({
    origin,
    site,
    articleId: loaderData.articleId,
    title: head.title,
    description: describe(head.summary, texts.meta.description),
    siteName: texts.common.siteName,
    versions: head.linked,
    indexable: !head.preview,
  });
};

/** schema.org Article, inline with the request's CSP nonce (public articles only). */
function ArticleStructuredData({ articleId, head }: { articleId: number; head: ArticleHead }) {
  const nonce = useNonce();
  const { site, origin } = useShell();
  if (head.preview) return null;
  const texts = catalogueOf(site.lang);
  const json = articleJsonLd({
    origin,
    site,
    articleId,
    title: head.title,
    description: describe(head.summary, texts.meta.description),
    authorName: head.author,
    published: head.published,
    modified: head.modified,
    topic: head.topic,
    siteName: texts.common.siteName,
  });
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      data-testid="article-jsonld"
      // Escaped JSON (jsonForScript): no text of the article can end the element.
      dangerouslySetInnerHTML={{ __html: jsonForScript(json) }}
    />
  );
}

export default function SubjectArticle({ loaderData }: Route.ComponentProps) {
  if (!loaderData.head) return <TopicNotFound what="article" />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <ArticleStructuredData articleId={loaderData.articleId} head={loaderData.head} />
      <ArticlePage articleId={loaderData.articleId} />
    </HydrationBoundary>
  );
}
