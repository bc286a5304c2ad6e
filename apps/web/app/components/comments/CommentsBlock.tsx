import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ThreadComment, TopThreadComment } from '@portal/contracts/comments';
import { Avatar } from '~/components/Avatar';
import { ConfirmAction } from '~/components/ConfirmAction';
import { DateTime } from '~/components/DateTime';
import { PortalButton } from '~/components/PortalButton';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { toast } from '~/lib/toast';
import { useMemberGate } from '~/lib/use-member-gate';
import { useTranslation } from '~/lib/use-translation';
import type { CommentApi } from './comment-api';
import { CommentForm } from './CommentForm';

/** What a kind adds to each comment's tools (a question's "accept", a moderator's tools). */
export type CommentTools = (comment: ThreadComment) => ReactNode;

function CommentLike({ api, comment }: { api: CommentApi; comment: ThreadComment }) {
  const { t } = useTranslation('discuss');
  const { gate } = useMemberGate();
  const [state, setState] = useState({ active: comment.is_liked, count: comment.like_count });
  useEffect(
    () => setState({ active: comment.is_liked, count: comment.like_count }),
    [comment.is_liked, comment.like_count],
  );
  const onClick = () =>
    gate(() => {
      const before = state;
      setState(
        before.active
          ? { active: false, count: Math.max(0, before.count - 1) }
          : { active: true, count: before.count + 1 },
      );
      void api.like(comment.tpc_id).then((result) => {
        setState(result ? { active: result.data.is_liked, count: result.data.like_count } : before);
      });
    });
  return (
    <button
      type="button"
      className={state.active ? 'portal-link-button is-active' : 'portal-link-button'}
      aria-pressed={state.active}
      onClick={onClick}
      data-testid="comment-like"
    >
      {state.active ? t('ui.liked') : t('ui.like')} <span data-testid="comment-like-count">{state.count}</span>
    </button>
  );
}

interface ThreadOptions {
  api: CommentApi;
  /** Members may reply (not on a locked item or a preview). */
  canReply: boolean;
  /** Whether the viewer may delete this comment: their own, or anyone's for a moderator of the item. */
  canDelete(comment: ThreadComment): boolean;
  tools?: CommentTools;
}

/** One comment or reply: who, when, the text (as text), and what the reader may do with it. */
function CommentBody({
  comment,
  options,
  onReply,
  testId,
}: {
  comment: ThreadComment;
  options: ThreadOptions;
  onReply(): void;
  testId: string;
}) {
  const { t } = useTranslation('discuss');
  const { gate } = useMemberGate();
  const remove = async () => {
    const result = await options.api.remove(comment.tpc_id);
    if (!result) return;
    if (result.msg) toast.success(result.msg);
    await options.api.refresh();
  };

  return (
    <div className="portal-comment__body" data-testid={testId}>
      <ProfileTrigger user={comment.author} decorative className="portal-comment__avatar">
        <Avatar user={comment.author} size={comment.tpc_parent_id ? 28 : 36} lazy />
      </ProfileTrigger>
      <div className="portal-comment__main">
        <p className="portal-comment__who">
          <ProfileTrigger user={comment.author} className="portal-comment__nick" testId="comment-author">
            {comment.author.user_nick_name}
          </ProfileTrigger>
          {comment.reply_to ? (
            <span data-testid="comment-reply-to">
              {t('ui.replyTo')} @{comment.reply_to.user_nick_name}
            </span>
          ) : null}
          {comment.is_accepted ? (
            <span className="post-badge portal-comment__accepted" data-testid="comment-accepted">
              {t('ui.accepted')}
            </span>
          ) : null}
          <DateTime iso={comment.create_time} />
        </p>
        <p className="portal-comment__text" data-testid="comment-text">
          {comment.tpc_content}
        </p>
        <p className="portal-comment__tools">
          <CommentLike api={options.api} comment={comment} />
          {options.canReply ? (
            <button
              type="button"
              className="portal-link-button"
              onClick={() => gate(onReply)}
              data-testid="comment-reply"
            >
              {t('ui.reply')}
            </button>
          ) : null}
          {options.canDelete(comment) ? (
            <ConfirmAction title={t('ui.deleteCommentConfirm')} onConfirm={remove} danger>
              <button type="button" className="portal-link-button" data-testid="comment-delete">
                {t('ui.delete')}
              </button>
            </ConfirmAction>
          ) : null}
          {options.tools?.(comment)}
        </p>
      </div>
    </div>
  );
}

/** A top-level comment with its replies on the second level, oldest first, and "more replies". */
function CommentThread({ comment, options }: { comment: TopThreadComment; options: ThreadOptions }) {
  const { t } = useTranslation('discuss');
  const [replyingTo, setReplyingTo] = useState<ThreadComment | null>(null);
  const [older, setOlder] = useState<{ list: ThreadComment[]; cursor: string | null }>({ list: [], cursor: null });
  const [loading, setLoading] = useState(false);
  // A refetch of the page brings new first replies: what was loaded after them is asked again.
  useEffect(() => setOlder({ list: [], cursor: null }), [comment.replies_next_cursor, comment.reply_count]);
  const cursor = older.list.length ? older.cursor : comment.replies_next_cursor;
  const replies = [...comment.replies, ...older.list];

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    const result = await options.api.replies(comment.tpc_id, cursor);
    setLoading(false);
    if (result) setOlder((prev) => ({ list: [...prev.list, ...result.data.list], cursor: result.data.next_cursor }));
  };

  return (
    <li className={comment.is_accepted ? 'portal-comment is-accepted' : 'portal-comment'} data-testid="comment">
      <CommentBody comment={comment} options={options} onReply={() => setReplyingTo(comment)} testId="comment-body" />
      {replies.length || replyingTo ? (
        <div className="portal-replies">
          {replyingTo ? (
            <CommentForm
              key={replyingTo.tpc_id}
              api={options.api}
              parentId={replyingTo.tpc_id}
              placeholder={t('ui.replyPlaceholder', { nick: replyingTo.author.user_nick_name })}
              submitLabel={t('ui.submitReply')}
              autoFocus
              onCancel={() => setReplyingTo(null)}
              onDone={() => {
                setReplyingTo(null);
                void options.api.refresh();
              }}
              testId="reply-form"
            />
          ) : null}
          {replies.length ? (
            <ul className="portal-replies__list">
              {replies.map((reply) => (
                <li key={reply.tpc_id} className="portal-reply" data-testid="reply">
                  <CommentBody
                    comment={reply}
                    options={options}
                    onReply={() => setReplyingTo(reply)}
                    testId="reply-body"
                  />
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
 * The comments of an item (a post, a topic article): the box to write one (a visitor is offered
 * the login page; `closed` says why none can be written, a preview shows none), then the list,
 * oldest first with replies under their comment (decision 022), with "load more".
 */
export function CommentsBlock({
  api,
  comments,
  pages,
  title,
  count,
  writable,
  closed,
  placeholder,
  submitLabel,
  emptyText,
  tools,
  moderates = false,
  testIdPrefix,
}: {
  api: CommentApi;
  comments: TopThreadComment[];
  pages: { hasNextPage: boolean; fetchNextPage(): unknown; isFetchingNextPage: boolean };
  title: string;
  count: number;
  /** Whether new comments and replies are taken (not on a locked item or a preview). */
  writable: boolean;
  /** Said instead of the box when not writable (a locked post); nothing on a preview. */
  closed?: ReactNode;
  placeholder: string;
  submitLabel: string;
  emptyText: string;
  tools?: CommentTools;
  /** Who may delete a comment besides its author (a topic's hosts on its articles); authors only when omitted. */
  moderates?: boolean;
  /** `discuss` → `discuss-comments`, `discuss-comment-count`, `discuss-login-to-comment`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation('discuss');
  const { user, loginHref } = useMemberGate();
  const titleId = `${testIdPrefix}-comments-title`;
  const options: ThreadOptions = {
    api,
    canReply: writable,
    canDelete: (comment) => comment.is_mine || moderates,
    tools,
  };

  return (
    <section className="portal-comments" aria-labelledby={titleId} data-testid={`${testIdPrefix}-comments`}>
      <h2 id={titleId}>
        {title}{' '}
        <span className="portal-comments__count" data-testid={`${testIdPrefix}-comment-count`}>
          {count}
        </span>
      </h2>
      {!writable ? (
        (closed ?? null)
      ) : user ? (
        <CommentForm
          api={api}
          placeholder={placeholder}
          submitLabel={submitLabel}
          onDone={() => void api.refresh()}
          testId="comment-form"
        />
      ) : (
        <p className="portal-comments__notice">
          <Link to={loginHref} data-testid={`${testIdPrefix}-login-to-comment`}>
            {t('ui.loginToComment')}
          </Link>
        </p>
      )}
      {comments.length ? (
        <ul className="portal-comments__list" data-testid="comment-list">
          {comments.map((comment) => (
            <CommentThread key={comment.tpc_id} comment={comment} options={options} />
          ))}
        </ul>
      ) : (
        <p className="portal-comments__empty" data-testid="comments-empty">
          {emptyText}
        </p>
      )}
      {pages.hasNextPage ? (
        <PortalButton
          onClick={() => void pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
          data-testid="comments-more"
        >
          {t('ui.moreComments')}
        </PortalButton>
      ) : null}
    </section>
  );
}
