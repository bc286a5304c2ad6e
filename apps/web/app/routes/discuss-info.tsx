import { lazy, Suspense } from 'react';
import { data } from 'react-router';
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { postInfo, type PostDetail } from '@portal/contracts/discussions';
import { siteById } from '@portal/contracts/sites';
import { catalogueOf } from '~/lib/catalogue';
import { commentsFirstPageQuery, postInfoQuery } from '~/features/discussions/api/discuss-queries';
import { isPreviewParam, postDescription, postIdParam, postMeta } from '~/features/discussions/api/post-view';
import discussCss from '~/features/discussions/components/discussions.css?url';
import { PostDetailPage } from '~/features/discussions/components/PostDetailPage';
import { PostNotFound } from '~/features/discussions/components/PostNotFound';
import { DiscussionSlotsContext, type DiscussionSlots } from '~/features/discussions/components/discussion-slots';
import moderationCss from '~/features/moderation/components/moderation.css?url';
import { ensureCalls } from '~/lib/query/prefetch.client';
import { prefetchCalls } from '~/lib/query/prefetch.server';
import { browserQueryClient } from '~/lib/query/query-client';
import { requestClient } from '~/lib/request/client';
import { pageMeta } from '~/lib/seo';
import { siteOfPage } from '~/lib/site';
import commentsCss from '~/components/comments/comments.css?url';
import type { Route } from './+types/discuss-info';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: discussCss },
  { rel: 'stylesheet', href: commentsCss },
  { rel: 'stylesheet', href: moderationCss },
];

/** What the page's `<head>` needs of the post; null when there is no post to show (404). */
interface PostHead {
  title: string;
  summary: string;
  preview: boolean;
  linked: Array<{ siteId: number; postId: number }>;
}

interface PostPageData {
  postId: number;
  preview: boolean;
  head: PostHead | null;
  dehydratedState: DehydratedState | null;
}

function headOf(post: PostDetail | undefined): PostHead | null {
  if (!post) return null;
  return {
    title: post.tp_title,
    summary: post.tp_summary,
    preview: post.is_preview,
    linked: post.linked.map((v) => ({ siteId: v.tws_id, postId: v.tp_id })),
  };
}

/** A missing, hidden or deleted post (and a malformed id) answers 404 with the page's own words. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const postId = postIdParam(params.id);
  const preview = isPreviewParam(params.is_preview);
  if (postId === null)
    return data<PostPageData>({ postId: 0, preview, head: null, dehydratedState: null }, { status: 404 });
  const postQuery = postInfoQuery(site, postId);
  const dehydratedState = await prefetchCalls(context, [postQuery, commentsFirstPageQuery(site, postId)]);
  const post = dehydratedState.queries.find((q) => q.queryKey[1] === postInfo.id)?.state.data as PostDetail | undefined;
  const page: PostPageData = { postId, preview, head: headOf(post), dehydratedState };
  return post ? page : data(page, { status: 404 });
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<PostPageData> {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const postId = postIdParam(params.id);
  const preview = isPreviewParam(params.is_preview);
  if (postId === null) return { postId: 0, preview, head: null, dehydratedState: null };
  const client = browserQueryClient();
  const postQuery = postInfoQuery(site, postId);
  let post = client.getQueryData<PostDetail>(postQuery.queryKey);
  if (!post) {
    // Silent: a missing post is this page's own 404, not the request client's "interface" toast.
    const result = await requestClient.call(
      postInfo,
      { tp_id: postId },
      {
        siteCode: site.apply_site,
        silent: true,
      },
    );
    if (result.ok) {
      post = result.data;
      client.setQueryData(postQuery.queryKey, post);
    }
  }
  if (post) await ensureCalls([commentsFirstPageQuery(site, postId)]);
  return { postId, preview, head: headOf(post), dehydratedState: null };
}

export const meta: Route.MetaFunction = ({ location, loaderData, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string; siteId?: number } | undefined;
  const site = siteOfPage(location.pathname, siteById(root?.siteId));
  const origin = root?.origin ?? '';
  const head = loaderData?.head;
  if (!head)
    return pageMeta({ lang: site.lang, titleKey: 'notFound', origin, pathname: location.pathname, indexable: false });
  const texts = catalogueOf(site.lang);
  return postMeta({
    origin,
    site,
    postId: loaderData.postId,
    title: head.title,
    description: postDescription(head.summary, texts.meta.description),
    siteName: texts.common.siteName,
    versions: head.linked,
    indexable: !head.preview && !loaderData.preview,
  });
};

// Moderation's menus and report dialog are their own chunk (forms, selects, dialogs): the page
// reads and hydrates without them, and they appear as soon as they have loaded.
const ModeratorActions = lazy(() =>
  import('~/features/moderation/components/ModeratorActions').then((m) => ({ default: m.ModeratorActions })),
);
const ReportButton = lazy(() =>
  import('~/features/moderation/components/ReportButton').then((m) => ({ default: m.ReportButton })),
);

/** What moderation adds to the page: the moderator's menu, and "report" on others' posts and comments. */
const slots: DiscussionSlots = {
  postTools: (post) => (
    <Suspense fallback={null}>
      {post.is_mine ? null : <ReportButton targetKind="post" targetId={post.tp_id} type="default" />}
      <ModeratorActions post={post} />
    </Suspense>
  ),
  commentTools: (comment) =>
    comment.is_mine ? null : (
      <Suspense fallback={null}>
        <ReportButton targetKind="comment" targetId={comment.tpc_id} size="small" type="link" />
      </Suspense>
    ),
};

export default function DiscussInfo({ loaderData }: Route.ComponentProps) {
  if (!loaderData.head) return <PostNotFound />;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <DiscussionSlotsContext.Provider value={slots}>
        <PostDetailPage postId={loaderData.postId} />
      </DiscussionSlotsContext.Provider>
    </HydrationBoundary>
  );
}
