import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import {
  commentDelete,
  commentLike,
  commentReplies,
  postAcceptAnswer,
  POST_TYPE,
  type PostComment,
  type PostDetail,
  type TopComment,
} from '@portal/contracts/discussions';
import { Avatar } from '~/components/Avatar';
import { DateTime } from '~/components/DateTime';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { toast } from '~/lib/toast';
import { useInvalidateCalls } from '~/lib/query/use-call';
import { commentCalls, useComments } from '../api/discuss-queries';
import { toggled } from '../api/post-view';
import { useMemberGate } from '../api/use-member-gate';
import { CommentForm } from './CommentForm';
import { ConfirmAction } from './ConfirmAction';
import { useDiscussionSlots } from './discussion-slots';
import { PortalButton } from '~/components/PortalButton';

/** After any comment write: the comment pages and the post (its counts, its accepted answer) again. */
function useRefreshComments(post: PostDetail) {
  const { site } = useShell();
  const invalidate = useInvalidateCalls();
  return () => invalidate(commentCalls(site, post.tp_id));
}

function CommentLike({ comment }: { comment: PostComment }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const { gate } = useMemberGate();
  const [state, setState] = useState({ active: comment.is_liked, count: comment.like_count });
  useEffect(
    () => setState({ active: comment.is_liked, count: comment.like_count }),
    [comment.is_liked, comment.like_count],
  );
  const onClick = () =>
    gate(() => {
      const before = state;
      setState(toggled(before));
      void requestClient.call(commentLike, { tpc_id: comment.tpc_id }, { siteCode: site.apply_site }).then((result) => {
        setState(result.ok ? { active: result.data.is_liked, count: result.data.like_count } : before);
      });
    });
  return (
    <button
      type="button"
      className={state.active ? 'discuss-link-button is-active' : 'discuss-link-button'}
      aria-pressed={state.active}
      onClick={onClick}
      data-testid="comment-like"
    >
      {state.active ? t('ui.liked') : t('ui.like')} <span data-testid="comment-like-count">{state.count}</span>
    </button>
  );
}

/** One comment or reply: who, when, the text (as text), and what the reader may do with it. */
function CommentBody({
  comment,
  post,
  onReply,
  testId,
}: {
  comment: PostComment;
  post: PostDetail;
  onReply(): void;
  testId: string;
}) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const { gate } = useMemberGate();
  const refresh = useRefreshComments(post);
  const slots = useDiscussionSlots();
  const isAnswer = post.tp_type === POST_TYPE.question && comment.tpc_parent_id === null;
  const canAccept = isAnswer && post.is_mine && !comment.is_mine && !comment.is_accepted && !post.is_preview;

  const remove = async () => {
    const result = await requestClient.call(commentDelete, { tpc_id: comment.tpc_id }, { siteCode: site.apply_site });
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    await refresh();
  };
  const accept = async () => {
    const result = await requestClient.call(
      postAcceptAnswer,
      { tp_id: post.tp_id, tpc_id: comment.tpc_id },
      { siteCode: site.apply_site },
    );
    if (!result.ok) return;
    if (result.envelope.msg) toast.success(result.envelope.msg);
    await refresh();
  };

  return (
    <div className="discuss-comment__body" data-testid={testId}>
      <ProfileTrigger user={comment.author} decorative className="discuss-comment__avatar">
        <Avatar user={comment.author} size={comment.tpc_parent_id ? 28 : 36} lazy />
      </ProfileTrigger>
      <div className="discuss-comment__main">
        <p className="discuss-comment__who">
          <ProfileTrigger user={comment.author} className="discuss-comment__nick" testId="comment-author">
            {comment.author.user_nick_name}
          </ProfileTrigger>
          {comment.reply_to ? (
            <span className="discuss-comment__reply-to" data-testid="comment-reply-to">
              {t('ui.replyTo')} @{comment.reply_to.user_nick_name}
            </span>
          ) : null}
          {comment.is_accepted ? (
            <span className="post-badge discuss-badge--solved" data-testid="comment-accepted">
              {t('ui.accepted')}
            </span>
          ) : null}
          <DateTime iso={comment.create_time} />
        </p>
        <p className="discuss-comment__text" data-testid="comment-text">
          {comment.tpc_content}
        </p>
        <p className="discuss-comment__tools">
          <CommentLike comment={comment} />
          {post.is_locked || post.is_preview ? null : (
            <button
              type="button"
              className="discuss-link-button"
              onClick={() => gate(onReply)}
              data-testid="comment-reply"
            >
              {t('ui.reply')}
            </button>
          )}
          {canAccept ? (
            <ConfirmAction title={t('ui.acceptConfirm')} onConfirm={accept}>
              <button type="button" className="discuss-link-button" data-testid="comment-accept">
                {t('ui.accept')}
              </button>
            </ConfirmAction>
          ) : null}
          {comment.is_mine ? (
            <ConfirmAction title={t('ui.deleteCommentConfirm')} onConfirm={remove} danger>
              <button type="button" className="discuss-link-button" data-testid="comment-delete">
                {t('ui.delete')}
              </button>
            </ConfirmAction>
          ) : null}
          {slots.commentTools?.(comment, post)}
        </p>
      </div>
    </div>
  );
}

/** A top-level comment (an answer of a question) with its replies on the second level. */
function CommentThread({ comment, post }: { comment: TopComment; post: PostDetail }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const refresh = useRefreshComments(post);
  const [replyingTo, setReplyingTo] = useState<PostComment | null>(null);
  const [older, setOlder] = useState<{ list: PostComment[]; cursor: string | null }>({ list: [], cursor: null });
  const [loading, setLoading] = useState(false);
  // A refetch of the page brings new first replies: what was loaded after them is asked again.
  useEffect(() => setOlder({ list: [], cursor: null }), [comment.replies_next_cursor, comment.reply_count]);
  const cursor = older.list.length ? older.cursor : comment.replies_next_cursor;
  const replies = [...comment.replies, ...older.list];

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    const result = await requestClient.call(
      commentReplies,
      { tpc_id: comment.tpc_id, cursor },
      { siteCode: site.apply_site },
    );
    setLoading(false);
    if (result.ok) setOlder((prev) => ({ list: [...prev.list, ...result.data.list], cursor: result.data.next_cursor }));
  };

  return (
    <li className={comment.is_accepted ? 'discuss-comment is-accepted' : 'discuss-comment'} data-testid="comment">
      <CommentBody comment={comment} post={post} onReply={() => setReplyingTo(comment)} testId="comment-body" />
      {replies.length || replyingTo ? (
        <div className="discuss-replies">
          {replyingTo ? (
            <CommentForm
              key={replyingTo.tpc_id}
              postId={post.tp_id}
              parentId={replyingTo.tpc_id}
              placeholder={t('ui.replyPlaceholder', { nick: replyingTo.author.user_nick_name })}
              submitLabel={t('ui.submitReply')}
              autoFocus
              onCancel={() => setReplyingTo(null)}
              onDone={() => {
                setReplyingTo(null);
                void refresh();
              }}
              testId="reply-form"
            />
          ) : null}
          {replies.length ? (
            <ul className="discuss-replies__list">
              {replies.map((reply) => (
                <li key={reply.tpc_id} className="discuss-reply" data-testid="reply">
                  <CommentBody comment={reply} post={post} onReply={() => setReplyingTo(reply)} testId="reply-body" />
                </li>
              ))}
            </ul>
          ) : null}
          {cursor ? (
            <PortalButton variant="link" onClick={() => void loadMore()} loading={loading} data-testid="replies-more">
              {t('ui.moreReplies')}
            </PortalButton>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The comments of a post, or the answers of a question: the box to write one (a visitor is offered
 * the login page; a locked post says so instead), then the list with "load more".
 */
export function CommentsSection({ post }: { post: PostDetail }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const { user, loginHref } = useMemberGate();
  const refresh = useRefreshComments(post);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useComments(site, post.tp_id);
  const comments = data?.pages.flatMap((page) => page.list) ?? [];
  const isQuestion = post.tp_type === POST_TYPE.question;

  return (
    <section className="discuss-comments" aria-labelledby="discuss-comments-title" data-testid="discuss-comments">
      <h2 id="discuss-comments-title">
        {isQuestion ? t('ui.answersTitle') : t('ui.commentsTitle')}{' '}
        <span className="discuss-count" data-testid="discuss-comment-count">
          {isQuestion ? post.answer_count : post.comment_count}
        </span>
      </h2>
      {post.is_locked ? (
        <p className="discuss-notice" data-testid="discuss-locked">
          {t('ui.locked')}
        </p>
      ) : post.is_preview ? null : user ? (
        <CommentForm
          postId={post.tp_id}
          placeholder={isQuestion ? t('ui.answerPlaceholder') : t('ui.commentPlaceholder')}
          submitLabel={isQuestion ? t('ui.submitAnswer') : t('ui.submitComment')}
          onDone={() => void refresh()}
          testId="comment-form"
        />
      ) : (
        <p className="discuss-notice">
          <Link to={loginHref} data-testid="discuss-login-to-comment">
            {t('ui.loginToComment')}
          </Link>
        </p>
      )}
      {comments.length ? (
        <ul className="discuss-comment-list" data-testid="comment-list">
          {comments.map((comment) => (
            <CommentThread key={comment.tpc_id} comment={comment} post={post} />
          ))}
        </ul>
      ) : (
        <p className="discuss-empty" data-testid="comments-empty">
          {isQuestion ? t('ui.noAnswers') : t('ui.noComments')}
        </p>
      )}
      {hasNextPage ? (
        <PortalButton onClick={() => void fetchNextPage()} loading={isFetchingNextPage} data-testid="comments-more">
          {t('ui.moreComments')}
        </PortalButton>
      ) : null}
    </section>
  );
}
