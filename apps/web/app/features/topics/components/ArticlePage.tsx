import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { ARTICLE_SOURCE, EXPERT_FLAG } from '@portal/contracts/constants';
import { siteById } from '@portal/contracts/sites';
import {
  topicArticleFavourite,
  topicArticleLike,
  topicArticlePath,
  topicPath,
  type TopicArticleDetail,
} from '@portal/contracts/topics';
import { Avatar } from '~/components/Avatar';
import { DateTime } from '~/components/DateTime';
import { PortalButton } from '~/components/PortalButton';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { requestClient } from '~/lib/request/client';
import { useShell } from '~/lib/shell';
import { articleInfoQuery } from '../api/topic-queries';
import { articleBanner } from '../api/topic-view';
import { useMemberGate } from '~/lib/use-member-gate';

// Below the article, fetched after the page's own code: the server renders them in place (the whole
// page is rendered before it answers), the browser hydrates them once their chunk is in.
const ArticleComments = lazy(() => import('./ArticleComments'));
const ArticleAuthorActions = lazy(() => import('./ArticleAuthorActions'));

interface Reaction {
  active: boolean;
  count: number;
}

/** A like or favourite: flips at once, then takes the server's state and count (or goes back). */
function ReactionButton(props: { initial: Reaction; label: string; run(): Promise<Reaction | null>; testId: string }) {
  const { gate } = useMemberGate();
  const [state, setState] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setState(props.initial), [props.initial.active, props.initial.count]); // eslint-disable-line react-hooks/exhaustive-deps
  const onClick = () =>
    gate(() => {
      if (busy) return;
      const before = state;
      setState({ active: !before.active, count: Math.max(0, before.count + (before.active ? -1 : 1)) });
      setBusy(true);
      void props.run().then((after) => {
        setState(after ?? before);
        setBusy(false);
      });
    });
  return (
    <PortalButton
      onClick={onClick}
      variant={state.active ? 'primary' : 'default'}
      ghost={state.active}
      aria-pressed={state.active}
      data-testid={props.testId}
    >
      {props.label}
      <span className="topics-count" data-testid={`${props.testId}-count`}>
        {state.count}
      </span>
    </PortalButton>
  );
}

function StatusBanner({ article }: { article: TopicArticleDetail }) {
  const { t } = useTranslation('topics');
  const kind = articleBanner(article.status);
  if (!article.is_preview || !kind) return null;
  return (
    <div className={`topics-banner topics-banner--${kind}`} role="status" data-testid="article-status">
      {kind === 'pending' ? t('ui.previewPending') : null}
      {kind === 'rejected' ? t('ui.previewRejected', { reason: article.review_reason ?? '' }) : null}
      {kind === 'withdrawn' ? t('ui.previewWithdrawn') : null}
    </div>
  );
}

/**
 * `/{lang}/subject/article/{id}` (decision 026): the article with its topic, source (original, or a
 * reprint with its original's link), author card, likes, favourites and linked language versions.
 */
export function ArticlePage({ articleId }: { articleId: number }) {
  const { t } = useTranslation('topics');
  const { site } = useShell();
  const { data: article } = useQuery(articleInfoQuery(site, articleId));
  if (!article) return null;
  const siteCode = site.apply_site;
  const like = async () => {
    const r = await requestClient.call(topicArticleLike, { ttar_id: article.ttar_id }, { siteCode });
    return r.ok ? { active: r.data.is_liked, count: r.data.like_count } : null;
  };
  const favourite = async () => {
    const r = await requestClient.call(topicArticleFavourite, { ttar_id: article.ttar_id }, { siteCode });
    return r.ok ? { active: r.data.is_favourited, count: r.data.favourite_count } : null;
  };
  const reprint = article.ttar_source === ARTICLE_SOURCE.reprint;

  return (
    <div className="portal-page topics-page" data-testid="article-page">
      <nav className="topics-crumbs">
        <Link to={`/${site.prefix}/subject/list`}>{t('ui.listTitle')}</Link>
        <span aria-hidden="true"> / </span>
        <Link to={topicPath(site.prefix, article.tt_id)} data-testid="article-topic">
          {article.tt_title}
        </Link>
      </nav>
      <StatusBanner article={article} />
      <div className="topics-layout">
        <article className="topics-main topics-article-body" aria-labelledby="article-title">
          <header>
            <h1 id="article-title" data-testid="article-title">
              {article.is_expert === EXPERT_FLAG.expert ? (
                <span className="post-badge post-badge--expert">{t('ui.expert')}</span>
              ) : null}
              {article.ttar_title}
            </h1>
            <p className="topics-meta">
              <span className="topics-source" data-testid="article-source">
                {article.ttar_source_name || (reprint ? t('ui.reprint') : t('ui.original'))}
              </span>
              {article.publish_time ? (
                <span>
                  <DateTime iso={article.publish_time} />
                </span>
              ) : null}
              <span data-testid="article-views">{t('ui.views', { count: article.view_count })}</span>
            </p>
            {reprint && article.ttar_source_url ? (
              <p className="topics-meta" data-testid="article-source-url">
                {t('ui.reprintFrom')}{' '}
                <a href={article.ttar_source_url} target="_blank" rel="noopener noreferrer nofollow ugc">
                  {article.ttar_source_url}
                </a>
              </p>
            ) : null}
            {article.linked.length ? (
              <p className="topics-meta" data-testid="article-versions">
                <span className="portal-visually-hidden">{t('ui.otherVersion')}: </span>
                {article.linked.map((version) => {
                  const other = siteById(version.tws_id);
                  if (!other) return null;
                  return (
                    <a
                      key={version.tws_id}
                      href={topicArticlePath(other.prefix, version.ttar_id)}
                      hrefLang={other.htmlLang}
                      lang={other.htmlLang}
                      data-testid={`article-version-${other.lang}`}
                    >
                      {t(other.lang === 'zh' ? 'ui.lang_zh' : 'ui.lang_en')}
                    </a>
                  );
                })}
              </p>
            ) : null}
          </header>
          <div
            className="topics-content"
            data-testid="article-content"
            // The server's sanitised HTML (allow-list on the way in and again on the way out).
            dangerouslySetInnerHTML={{ __html: article.ttar_content }}
          />
          {article.is_preview ? null : (
            <div className="topics-actions">
              <ReactionButton
                initial={{ active: article.is_liked, count: article.like_count }}
                label={t('ui.like')}
                run={like}
                testId="article-like"
              />
              <ReactionButton
                initial={{ active: article.is_favourited, count: article.favourite_count }}
                label={t('ui.favourite')}
                run={favourite}
                testId="article-favourite"
              />
            </div>
          )}
          {article.is_mine ? (
            <Suspense fallback={null}>
              <ArticleAuthorActions article={article} />
            </Suspense>
          ) : null}
        </article>
        <aside className="topics-side" data-testid="article-author">
          <ProfileTrigger user={article.author} decorative>
            <Avatar user={article.author} size={64} />
          </ProfileTrigger>
          <ProfileTrigger user={article.author} testId="article-author-name">
            {article.author.user_nick_name}
          </ProfileTrigger>
          <p className="topics-meta">
            Lv{article.author.user_points_level}
            {article.author.user_expert === EXPERT_FLAG.expert ? (
              <span className="post-badge post-badge--expert">{t('ui.expert')}</span>
            ) : null}
          </p>
        </aside>
      </div>
      <div className="topics-layout">
        <div className="topics-main">
          <Suspense fallback={null}>
            <ArticleComments article={article} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
