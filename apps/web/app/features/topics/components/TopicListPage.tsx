import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { topicArticlePath, topicPath } from '@portal/contracts/topics';
import { Avatar } from '~/components/Avatar';
import { PortalButton } from '~/components/PortalButton';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { useShell } from '~/lib/shell';
import { useTopicList } from '../api/topic-queries';

/** `/{lang}/subject/list`: the site's topics with hosts, counts and latest article, "load more". */
export function TopicListPage() {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useTopicList(site);
  const topics = data ? data.pages.flatMap((page) => page.list) : [];

  return (
    <div className="portal-page topics-page" data-testid="topic-list-page">
      <header className="topics-head">
        <h1>{t('ui.listTitle')}</h1>
        <p className="topics-head__lead">{t('ui.listDescription')}</p>
      </header>
      {topics.length ? (
        <ul className="topics-grid" data-testid="topic-list">
          {topics.map((topic) => (
            <li key={topic.tt_id} className="topics-card" data-testid="topic-item">
              {topic.tt_cover_url ? (
                <img src={topic.tt_cover_url} alt="" width={72} height={72} loading="lazy" decoding="async" />
              ) : null}
              <div className="topics-card__body">
                <h2 className="topics-card__title">
                  <Link to={topicPath(site.prefix, topic.tt_id)} data-testid="topic-item-link">
                    {topic.tt_title}
                  </Link>
                </h2>
                {topic.tt_desc ? <p className="topics-card__desc">{topic.tt_desc}</p> : null}
                <p className="topics-meta">
                  <span>{t('ui.articles', { count: topic.tt_article_count })}</span>
                  <span>{t('ui.followers', { count: topic.tt_follower_count })}</span>
                </p>
                {topic.hosts.length ? (
                  <p className="topics-meta">
                    <span>{t('ui.hosts')}:</span>
                    {topic.hosts.map((host) => (
                      <ProfileTrigger key={host.user_id} user={host}>
                        <Avatar user={host} size={20} lazy />
                        <span>{host.user_nick_name}</span>
                      </ProfileTrigger>
                    ))}
                  </p>
                ) : null}
                {topic.latest_article ? (
                  <p className="topics-card__latest">
                    {t('ui.latestArticle')}:{' '}
                    <Link to={topicArticlePath(site.prefix, topic.latest_article.ttar_id)}>
                      {topic.latest_article.ttar_title}
                    </Link>
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="topics-empty">{t('ui.noArticles')}</p>
      )}
      {hasNextPage ? (
        <div className="topics-more">
          <PortalButton onClick={() => void fetchNextPage()} loading={isFetchingNextPage} data-testid="topic-load-more">
            {t('ui.loadMore')}
          </PortalButton>
        </div>
      ) : null}
    </div>
  );
}
