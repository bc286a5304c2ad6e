import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import {
  TOPIC_ARTICLE_SORTS,
  topicArticlePath,
  topicActivitiesPath,
  topicFollow,
  type TopicArticleSort,
  type TopicDetail,
} from '@portal/contracts/topics';
import { Avatar } from '~/components/Avatar';
import { DateTime } from '~/components/DateTime';
import { MoreButton } from '~/components/MoreButton';
import { PortalButton } from '~/components/PortalButton';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { topicInfoQuery, useTopicArticles } from '../api/topic-queries';
import { useMemberGate } from '~/lib/use-member-gate';
import { usePublishArticle } from '../publish/usePublishArticle';

const sortLabel = { latest: 'ui.sortLatest', hot: 'ui.sortHot', expert: 'ui.sortExpert' } as const;

/** Follow / followed: flips when the server answers; a visitor goes to login with the callback. */
function FollowButton({ topic }: { topic: TopicDetail }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const { gate } = useMemberGate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const follow = () =>
    gate(() => {
      if (busy) return;
      setBusy(true);
      void requestClient.call(topicFollow, { tt_id: topic.tt_id }, { siteCode: site.apply_site }).then((result) => {
        setBusy(false);
        if (!result.ok) return;
        queryClient.setQueryData<TopicDetail>(
          topicInfoQuery(site, topic.tt_id).queryKey,
          (old) =>
            old && { ...old, is_followed: result.data.is_followed, tt_follower_count: result.data.tt_follower_count },
        );
      });
    });
  return (
    <PortalButton
      variant={topic.is_followed ? 'default' : 'primary'}
      aria-pressed={topic.is_followed}
      loading={busy}
      onClick={follow}
      data-testid="topic-follow"
    >
      {topic.is_followed ? t('ui.followed') : t('ui.follow')}
    </PortalButton>
  );
}

function ArticleList({ topicId, sort }: { topicId: number; sort: TopicArticleSort }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const pages = useTopicArticles(site, topicId, sort);
  const { data } = pages;
  const articles = data ? data.pages.flatMap((page) => page.list) : [];
  if (data && !articles.length) return <p className="topics-empty">{t('ui.noArticles')}</p>;
  return (
    <>
      <ul className="topics-articles" data-testid="topic-articles">
        {articles.map((a) => (
          <li key={a.ttar_id} className="topics-article" data-testid="topic-article">
            <h3 className="topics-article__title">
              {a.is_expert === EXPERT_FLAG.expert ? (
                <span className="post-badge post-badge--expert">{t('ui.expert')}</span>
              ) : null}
              <Link to={topicArticlePath(site.prefix, a.ttar_id)} data-testid="topic-article-link">
                {a.ttar_title}
              </Link>
            </h3>
            {a.ttar_summary ? <p className="topics-article__summary">{a.ttar_summary}</p> : null}
            <p className="topics-meta">
              <ProfileTrigger user={a.author}>
                <Avatar user={a.author} size={20} lazy />
                <span>{a.author.user_nick_name}</span>
              </ProfileTrigger>
              <DateTime iso={a.publish_time} />
              <span>{t('ui.views', { count: a.view_count })}</span>
            </p>
          </li>
        ))}
      </ul>
      <MoreButton query={pages} className="topics-more" testId="topic-articles-more">
        {t('ui.loadMore')}
      </MoreButton>
    </>
  );
}

/**
 * `/{lang}/subject/info/{id}`: the topic, its hosts with their profile cards, follow, the publish
 * entry, and its approved articles (latest, hot, expert; the order is in the URL's `?sort=`).
 */
export function TopicPage({ topicId, sort }: { topicId: number; sort: TopicArticleSort }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const publish = usePublishArticle();
  const { data: topic } = useQuery(topicInfoQuery(site, topicId));
  if (!topic) return null;
  return (
    <div className="portal-page topics-page" data-testid="topic-page">
      <nav className="topics-crumbs">
        <Link to={`/${site.prefix}/subject/list`}>{t('ui.listTitle')}</Link>
      </nav>
      <header className="topics-hero">
        {topic.tt_cover_url ? <img src={topic.tt_cover_url} alt="" width={96} height={96} /> : null}
        <div className="topics-hero__body">
          <h1 data-testid="topic-title">{topic.tt_title}</h1>
          {topic.tt_desc ? <p className="topics-head__lead">{topic.tt_desc}</p> : null}
          <p className="topics-meta">
            <span data-testid="topic-article-count">{t('ui.articles', { count: topic.tt_article_count })}</span>
            <span data-testid="topic-follower-count">{t('ui.followers', { count: topic.tt_follower_count })}</span>
            <Link to={topicActivitiesPath(site.prefix, topic.tt_id)} data-testid="topic-events-link">
              {t('ui.topicEvents')}
            </Link>
          </p>
        </div>
        <div className="topics-hero__actions">
          <FollowButton topic={topic} />
          <PortalButton variant="primary" onClick={() => publish(topic.tt_id)} data-testid="topic-publish">
            {t('ui.publish')}
          </PortalButton>
        </div>
      </header>
      <div className="topics-layout">
        <section className="topics-main" aria-labelledby="topic-articles-title">
          <h2 id="topic-articles-title" className="portal-visually-hidden">
            {t('ui.listTitle')}
          </h2>
          <nav className="topics-sorts">
            {TOPIC_ARTICLE_SORTS.map((s) => (
              <Link
                key={s}
                to={s === 'latest' ? '?' : `?sort=${s}`}
                className={s === sort ? 'topics-chip is-active' : 'topics-chip'}
                aria-current={s === sort ? 'true' : undefined}
                preventScrollReset
                data-testid={`topic-sort-${s}`}
              >
                {t(sortLabel[s])}
              </Link>
            ))}
          </nav>
          <ArticleList topicId={topic.tt_id} sort={sort} />
        </section>
        <aside className="topics-side" aria-labelledby="topic-hosts-title">
          <h2 id="topic-hosts-title">{t('ui.hosts')}</h2>
          {topic.hosts.length ? (
            <ul className="topics-hosts" data-testid="topic-hosts">
              {topic.hosts.map((host) => (
                <li key={host.user_id}>
                  <ProfileTrigger user={host} testId="topic-host">
                    <Avatar user={host} size={40} />
                    <span>{host.user_nick_name}</span>
                  </ProfileTrigger>
                  <span className="topics-meta">Lv{host.user_points_level}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="topics-empty">{t('ui.noHosts')}</p>
          )}
          {topic.featured.length ? (
            <>
              <h2>{t('ui.featuredTitle')}</h2>
              <ul className="topics-featured" data-testid="topic-featured">
                {topic.featured.map((a) => (
                  <li key={a.ttar_id}>
                    <Link to={topicArticlePath(site.prefix, a.ttar_id)}>{a.ttar_title}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
