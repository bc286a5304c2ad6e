import { useTranslation } from '~/lib/use-translation';
import {
  commentAdd,
  commentDelete,
  commentLike,
  commentReplies,
  postAcceptAnswer,
  POST_TYPE,
  type PostDetail,
} from '@portal/contracts/discussions';
import type { ThreadComment } from '@portal/contracts/comments';
import { answered, type CommentApi } from '~/components/comments/comment-api';
import { CommentsBlock } from '~/components/comments/CommentsBlock';
import { ConfirmAction } from '~/components/ConfirmAction';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useInvalidateCalls } from '~/lib/query/use-call';
import { commentCalls, useComments } from '../api/discuss-queries';
import { useDiscussionSlots } from './discussion-slots';

/** The post's comment calls for the shared comment pieces (`components/comments`). */
function usePostCommentApi(post: PostDetail): CommentApi {
  const { site } = useShell();
  const invalidate = useInvalidateCalls();
  const siteCode = site.apply_site;
  return {
    add: async (content, parentId) =>
      answered(
        await requestClient.call(
          commentAdd,
          parentId
            ? { tp_id: post.tp_id, tpc_content: content, tpc_parent_id: parentId }
            : { tp_id: post.tp_id, tpc_content: content },
          { siteCode },
        ),
      ),
    replies: async (commentId, cursor) =>
      answered(await requestClient.call(commentReplies, { tpc_id: commentId, cursor }, { siteCode })),
    remove: async (commentId) => answered(await requestClient.call(commentDelete, { tpc_id: commentId }, { siteCode })),
    like: async (commentId) => answered(await requestClient.call(commentLike, { tpc_id: commentId }, { siteCode })),
    // After any comment write: the comment pages and the post (its counts, its accepted answer) again.
    refresh: () => invalidate(commentCalls(site, post.tp_id)),
  };
}

/** The asker's "accept" on an answer of their question. */
function AcceptAnswer({ post, comment, api }: { post: PostDetail; comment: ThreadComment; api: CommentApi }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const accept = async () => {
    const result = await requestClient.call(
      postAcceptAnswer,
      { tp_id: post.tp_id, tpc_id: comment.tpc_id },
      { siteCode: site.apply_site },
    );
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    await api.refresh();
  };
  return (
    <ConfirmAction title={t('ui.acceptConfirm')} onConfirm={accept}>
      <button type="button" className="portal-link-button" data-testid="comment-accept">
        {t('ui.accept')}
      </button>
    </ConfirmAction>
  );
}

/**
 * The comments of a post, or the answers of a question (the shared `CommentsBlock`): a locked post
 * says so instead of the box, a preview shows no box; the asker may accept an answer.
 */
export function CommentsSection({ post }: { post: PostDetail }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const api = usePostCommentApi(post);
  const slots = useDiscussionSlots();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useComments(site, post.tp_id);
  const comments = data?.pages.flatMap((page) => page.list) ?? [];
  const isQuestion = post.tp_type === POST_TYPE.question;

  return (
    <CommentsBlock
      api={api}
      comments={comments}
      pages={{ hasNextPage, fetchNextPage, isFetchingNextPage }}
      title={isQuestion ? t('ui.answersTitle') : t('ui.commentsTitle')}
      count={isQuestion ? post.answer_count : post.comment_count}
      writable={!post.is_locked && !post.is_preview}
      closed={
        post.is_locked ? (
          <p className="portal-comments__notice" data-testid="discuss-locked">
            {t('ui.locked')}
          </p>
        ) : null
      }
      placeholder={isQuestion ? t('ui.answerPlaceholder') : t('ui.commentPlaceholder')}
      submitLabel={isQuestion ? t('ui.submitAnswer') : t('ui.submitComment')}
      emptyText={isQuestion ? t('ui.noAnswers') : t('ui.noComments')}
      tools={(comment) => {
        const canAccept =
          isQuestion &&
          comment.tpc_parent_id === null &&
          post.is_mine &&
          !comment.is_mine &&
          !comment.is_accepted &&
          !post.is_preview;
        return (
          <>
            {canAccept ? <AcceptAnswer post={post} comment={comment} api={api} /> : null}
            {slots.commentTools?.({ ...comment, tp_id: post.tp_id }, post)}
          </>
        );
      }}
      testIdPrefix="discuss"
    />
  );
}
