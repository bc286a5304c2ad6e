import {
  articleCommentAdd,
  articleCommentDelete,
  articleCommentLike,
  articleCommentReplies,
} from '@portal/contracts/topic-article-comments';
import type { TopicArticleDetail } from '@portal/contracts/topics';
import { answered, type CommentApi } from '~/components/comments/comment-api';
import { CommentsBlock } from '~/components/comments/CommentsBlock';
import { useInvalidateCalls } from '~/lib/query/use-call';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { useTranslation } from '~/lib/use-translation';
import { articleCommentCalls, useArticleComments } from '../api/article-comment-queries';

/** The article's comment calls for the shared comment pieces (`components/comments`). */
function useArticleCommentApi(articleId: number): CommentApi {
  const { site } = useShell();
  const invalidate = useInvalidateCalls();
  const siteCode = site.apply_site;
  return {
    add: async (content, parentId) =>
      answered(
        await requestClient.call(
          articleCommentAdd,
          parentId
            ? { ttar_id: articleId, tpc_content: content, tpc_parent_id: parentId }
            : { ttar_id: articleId, tpc_content: content },
          { siteCode },
        ),
      ),
    replies: async (commentId, cursor) =>
      answered(await requestClient.call(articleCommentReplies, { tpc_id: commentId, cursor }, { siteCode })),
    remove: async (commentId) =>
      answered(await requestClient.call(articleCommentDelete, { tpc_id: commentId }, { siteCode })),
    like: async (commentId) =>
      answered(await requestClient.call(articleCommentLike, { tpc_id: commentId }, { siteCode })),
    refresh: () => invalidate(articleCommentCalls(site, articleId)),
  };
}

/** Comments and replies under an article (the shared `CommentsBlock`); a preview shows its thread without the box. */
export default function ArticleComments({ article }: { article: TopicArticleDetail }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const api = useArticleCommentApi(article.ttar_id);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useArticleComments(site, article.ttar_id);
  return (
    <CommentsBlock
      api={api}
      comments={data?.pages.flatMap((page) => page.list) ?? []}
      pages={{ hasNextPage, fetchNextPage, isFetchingNextPage }}
      title={t('ui.commentsTitle')}
      count={article.comment_count}
      writable={!article.is_preview}
      moderates={article.can_moderate}
      placeholder={t('ui.commentPlaceholder')}
      submitLabel={t('ui.submitComment')}
      emptyText={t('ui.noComments')}
      testIdPrefix="article"
    />
  );
}
