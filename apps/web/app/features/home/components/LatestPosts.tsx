import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import { Avatar } from '~/components/Avatar';
import { DateTime } from '~/components/DateTime';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { useShell } from '~/lib/shell';
import { latestPostsQuery } from '../api/home-queries';
import { EmptyBlock, HomeBlock } from './HomeBlock';

/** tp_type 20 is a question (contracts/home.ts). */
const QUESTION = 20;

export function LatestPosts() {
  const { t } = useTranslation('home');
  const { site } = useShell();
  const { data } = useQuery(latestPostsQuery(site));
  const posts = data?.list ?? [];
  return (
    <HomeBlock id="home-posts" title={t('latestPosts')} viewAllTo={`/${site.prefix}/discuss/list`}>
      {posts.length ? (
        <ul className="post-list">
          {posts.map((post) => (
            <li key={post.tp_id} className="post-item" data-testid="home-post">
              <h3 className="post-item__title">
                {post.tp_type === QUESTION ? (
                  <span className="post-badge post-badge--question">{t('question')}</span>
                ) : null}
                {post.is_expert === EXPERT_FLAG.expert ? (
                  <span className="post-badge post-badge--expert">{t('expert')}</span>
                ) : null}
                <Link to={`/${site.prefix}/discuss/info/${post.tp_id}`}>{post.tp_title}</Link>
              </h3>
              {post.tp_summary ? <p className="post-item__summary">{post.tp_summary}</p> : null}
              <p className="post-item__meta">
                <ProfileTrigger user={post.author} testId="home-post-author">
                  <Avatar user={post.author} size={20} lazy />
                  <span>{post.author.user_nick_name}</span>
                </ProfileTrigger>
                <DateTime iso={post.create_time} />
                <span>{t('views', { count: post.view_count })}</span>
                <span>{t('comments', { count: post.comment_count })}</span>
                <span>{t('likes', { count: post.like_count })}</span>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyBlock />
      )}
    </HomeBlock>
  );
}
