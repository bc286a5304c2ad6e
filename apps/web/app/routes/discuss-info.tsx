import { lazy, Suspense } from 'react';
import { HydrationBoundary } from '@tanstack/react-query';
import type { PostDetail } from '@portal/contracts/discussions';
import { catalogueOf } from '~/lib/catalogue';
import { commentsFirstPageQuery, postInfoQuery } from '~/features/discussions/api/discuss-queries';
import { isPreviewParam, postDescription, postIdParam, postMeta } from '~/features/discussions/api/post-view';
import discussCss from '~/features/discussions/components/discussions.css?url';
import { PostDetailPage } from '~/features/discussions/components/PostDetailPage';
import { PostNotFound } from '~/features/discussions/components/PostNotFound';
import { DiscussionSlotsContext, type DiscussionSlots } from '~/features/discussions/components/discussion-slots';
import { useMayModerate } from '~/features/moderation/api/my-boards';
import moderationCss from '~/features/moderation/components/moderation.css?url';
import { detailResponse, noDetail, type DetailPageData, type DetailPageSpec } from '~/lib/query/detail-page';
import { loadDetailPageInBrowser } from '~/lib/query/prefetch.client';
import { loadDetailPage } from '~/lib/query/prefetch.server';
import { siteOfPage } from '~/lib/site';
import { metaPlace, routeMeta } from '~/lib/route-meta';
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

interface PostPageData extends DetailPageData<PostHead> {
  preview: boolean;
}

function headOf(post: PostDetail): PostHead {
  return {
    title: post.tp_title,
    summary: post.tp_summary,
    preview: post.is_preview,
    linked: post.linked.map((v) => ({ siteId: v.tws_id, postId: v.tp_id })),
  };
}

/** A missing, hidden or deleted post (and a malformed id) answers 404 with the page's own words. */
const postPage: DetailPageSpec<PostDetail, PostHead> = {
  detail: postInfoQuery,
  headOf,
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const postId = postIdParam(params.id);
  const preview = isPreviewParam(params.is_preview);
  if (postId === null) return detailResponse<PostPageData>({ ...noDetail<PostHead>(), preview });
  return detailResponse<PostPageData>({
    ...(await loadDetailPage(context, site, postPage, postId, [commentsFirstPageQuery(site, postId)])),
    preview,
  });
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<PostPageData> {
  const site = siteOfPage(new URL(request.url).pathname, undefined);
  const postId = postIdParam(params.id);
  const preview = isPreviewParam(params.is_preview);
  if (postId === null) return { ...noDetail<PostHead>(), preview };
  return {
    ...(await loadDetailPageInBrowser(site, postPage, postId, [commentsFirstPageQuery(site, postId)])),
    preview,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  const { site, origin } = metaPlace(args);
  const head = loaderData?.head;
  if (!head) return routeMeta(args, { titleKey: 'notFound', indexable: false });
  const texts = catalogueOf(site.lang);
  return postMeta({
    origin,
    site,
    postId: loaderData.id,
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

/** The moderator's menu, loaded only for those who may moderate the post's board. */
function ModeratorTools({ post }: { post: PostDetail }) {
  return useMayModerate(post.tp_board_id) ? <ModeratorActions post={post} /> : null;
}

/** What moderation adds to the page: the moderator's menu, and "report" on others' posts and comments. */
const slots: DiscussionSlots = {
  postTools: (post) => (
    <Suspense fallback={null}>
      {post.is_mine ? null : <ReportButton targetKind="post" targetId={post.tp_id} type="default" />}
      <ModeratorTools post={post} />
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
        <PostDetailPage postId={loaderData.id} />
      </DiscussionSlotsContext.Provider>
    </HydrationBoundary>
  );
}
