import { HydrationBoundary } from '@tanstack/react-query';
import type { TopicArticleDetail } from '@portal/contracts/topics';
import commentsCss from '~/components/comments/comments.css?url';
import { articleCommentsFirstPageQuery } from '~/features/topics/api/article-comment-queries';
import { articleInfoQuery } from '~/features/topics/api/topic-queries';
import { articleJsonLd, articleMeta, describe, idParam, jsonForScript } from '~/features/topics/api/topic-view';
import { ArticlePage } from '~/features/topics/components/ArticlePage';
import topicsCss from '~/features/topics/components/topics.css?url';
import { TopicNotFound } from '~/features/topics/components/TopicNotFound';
import { catalogueOf } from '~/lib/catalogue';
import { useNonce } from '~/lib/nonce';
import { detailResponse, noDetail, type DetailPageData, type DetailPageSpec } from '~/lib/query/detail-page';
import { loadDetailPageInBrowser } from '~/lib/query/prefetch.client';
import { loadDetailPage } from '~/lib/query/prefetch.server';
import { useShell } from '~/lib/shell';
import { siteOfPage } from '~/lib/site';
import { metaPlace, routeMeta } from '~/lib/route-meta';
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

function headOf(article: TopicArticleDetail): ArticleHead {
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
const articlePage: DetailPageSpec<TopicArticleDetail, ArticleHead> = {
  detail: articleInfoQuery,
  headOf,
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const articleId = idParam(params.id);
  if (articleId === null) return detailResponse(noDetail<ArticleHead>());
  // The comments come with the render; in the browser their lazy block asks for them itself.
  return detailResponse(
    await loadDetailPage(context, site, articlePage, articleId, [articleCommentsFirstPageQuery(site, articleId)]),
  );
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<DetailPageData<ArticleHead>> {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const articleId = idParam(params.id);
  if (articleId === null) return noDetail();
  return loadDetailPageInBrowser(site, articlePage, articleId);
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const { site, origin } = metaPlace(args);
  const head = loaderData?.head;
  if (!head) return routeMeta(args, { titleKey: 'notFound', indexable: false });
  const texts = catalogueOf(site.lang);
  return articleMeta({
    origin,
    site,
    articleId: loaderData.id,
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
      <ArticleStructuredData articleId={loaderData.id} head={loaderData.head} />
      <ArticlePage articleId={loaderData.id} />
    </HydrationBoundary>
  );
}
