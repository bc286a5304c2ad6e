import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import { POST_TYPE } from '@portal/contracts/discussions';
import { Avatar } from '~/components/Avatar';
import { DateTime } from '~/components/DateTime';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { useShell } from '~/lib/shell';
import type { PostListEntry } from '../api/discuss-queries';
import { postPath } from '../api/post-view';

/** One post of the discussion list: marks, title, summary, author, time and counts. */
export function PostListItem({ post, boardName }: { post: PostListEntry; boardName?: string }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const isQuestion = post.tp_type === POST_TYPE.question;
  return (
    <li className="discuss-item" data-testid="discuss-item">
      <h2 className="discuss-item__title">
        {post.is_pinned ? <span className="post-badge discuss-badge--pinned">{t('ui.pinned')}</span> : null}
        {post.is_featured ? <span className="post-badge discuss-badge--featured">{t('ui.featured')}</span> : null}
        {isQuestion ? <span className="post-badge post-badge--question">{t('ui.question')}</span> : null}
        {isQuestion && post.has_accepted ? (
          <span className="post-badge discuss-badge--solved">{t('ui.solved')}</span>
        ) : null}
        {post.is_expert === EXPERT_FLAG.expert ? (
          <span className="post-badge post-badge--expert">{t('ui.expert')}</span>
        ) : null}
        <Link to={postPath(site, post.tp_id)} data-testid="discuss-item-link">
          {post.tp_title}
        </Link>
      </h2>
      {post.tp_summary ? <p className="discuss-item__summary">{post.tp_summary}</p> : null}
      <p className="discuss-item__meta">
        <ProfileTrigger user={post.author} testId="discuss-item-author">
          <Avatar user={post.author} size={20} lazy />
          <span>{post.author.user_nick_name}</span>
        </ProfileTrigger>
        <DateTime iso={post.create_time} />
        {boardName ? <span>{boardName}</span> : null}
        <span>{t('ui.views', { count: post.view_count })}</span>
        <span>
          {isQuestion
            ? t('ui.answersCount', { count: post.answer_count })
            : t('ui.comments', { count: post.comment_count })}
        </span>
        <span>{t('ui.likes', { count: post.like_count })}</span>
      </p>
    </li>
  );
}
