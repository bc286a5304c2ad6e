import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '~/lib/use-translation';
import { EXPERT_FLAG } from '@portal/contracts/constants';
import { POST_TYPE, type PostDetail } from '@portal/contracts/discussions';
import { siteById } from '@portal/contracts/sites';
import { Avatar } from '~/components/Avatar';
import { DateTime } from '~/components/DateTime';
import { ProfileTrigger } from '~/components/profile-card/ProfileTrigger';
import { useShell } from '~/lib/shell';
import { postInfoQuery } from '../api/discuss-queries';
import { listHref, DEFAULT_FILTERS } from '../api/list-filters';
import { downloadHref, postPath, reviewBanner } from '../api/post-view';
import { AuthorCard } from './AuthorCard';
import { CommentsSection } from './CommentsSection';
import { PostActions } from './PostActions';

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The preview banner: where the author's unpublished post stands, with the rejection's reason. */
function StatusBanner({ post }: { post: PostDetail }) {
  const { t } = useTranslation('discuss');
  const kind = reviewBanner(post.status);
  if (!post.is_preview) return null;
  return (
    <div className={`discuss-banner discuss-banner--${kind ?? 'hidden'}`} role="status" data-testid="discuss-status">
      {kind === 'pending' ? <p>{t('ui.statusPending')}</p> : null}
      {kind === 'rejected' ? (
        <p>
          {post.review_reason ? t('ui.statusRejected', { reason: post.review_reason }) : t('ui.statusRejectedNoReason')}
        </p>
      ) : null}
      {kind === 'withdrawn' ? <p>{t('ui.statusWithdrawn')}</p> : null}
      {post.is_hidden ? <p>{t('ui.hidden')}</p> : null}
      <p className="discuss-banner__note">{t('ui.previewNote')}</p>
    </div>
  );
}

/** `/{lang}/discuss/info/{id}/{is_preview?}`: the post, its author, its actions and its comments. */
export function PostDetailPage({ postId }: { postId: number }) {
  const { t } = useTranslation('discuss');
  const { site } = useShell();
  const { data: post } = useQuery(postInfoQuery(site, postId));
  if (!post) return null;
  const isQuestion = post.tp_type === POST_TYPE.question;
  const boardHref = post.tp_board_id
    ? listHref(site.prefix, DEFAULT_FILTERS, { board: post.tp_board_id })
    : listHref(site.prefix, DEFAULT_FILTERS);

  return (
    <div className="portal-page discuss-detail" data-testid="discuss-detail-page">
      <nav className="discuss-crumbs" aria-label={t('ui.backToList')}>
        <Link to={listHref(site.prefix, DEFAULT_FILTERS)} data-testid="discuss-back">
          {t('ui.backToList')}
        </Link>
        {post.tp_board_name ? (
          <>
            <span aria-hidden="true"> / </span>
            <Link to={boardHref}>{post.tp_board_name}</Link>
          </>
        ) : null}
      </nav>
      <StatusBanner post={post} />
      <div className="discuss-detail__layout">
        <article className="discuss-post" aria-labelledby="discuss-post-title">
          <header className="discuss-post__head">
            <p className="discuss-post__marks">
              {post.is_pinned ? <span className="post-badge discuss-badge--pinned">{t('ui.pinned')}</span> : null}
              {post.is_featured ? <span className="post-badge discuss-badge--featured">{t('ui.featured')}</span> : null}
              {isQuestion ? (
                <span className="post-badge post-badge--question" data-testid="discuss-question-badge">
                  {t('ui.question')}
                </span>
              ) : null}
              {isQuestion && post.accepted_comment_id ? (
                <span className="post-badge discuss-badge--solved" data-testid="discuss-solved">
                  {t('ui.solved')}
                </span>
              ) : null}
              {post.is_expert === EXPERT_FLAG.expert ? (
                <span className="post-badge post-badge--expert">{t('ui.expert')}</span>
              ) : null}
            </p>
            <h1 id="discuss-post-title" data-testid="discuss-title">
              {post.tp_title}
            </h1>
            <p className="discuss-post__meta">
              <ProfileTrigger user={post.author} testId="discuss-post-author">
                <Avatar user={post.author} size={24} />
                <span>{post.author.user_nick_name}</span>
              </ProfileTrigger>
              <span>
                {t('ui.publishedAt')} <DateTime iso={post.create_time} />
              </span>
              {post.tp_hy_name ? <span>{post.tp_hy_name}</span> : null}
              {post.tp_cj_name ? <span>{post.tp_cj_name}</span> : null}
              <span data-testid="discuss-views">{t('ui.views', { count: post.view_count })}</span>
            </p>
            {post.linked.length ? (
              <p className="discuss-versions" data-testid="discuss-versions">
                <span className="portal-visually-hidden">{t('ui.versions')}: </span>
                {post.linked.map((version) => {
                  const other = siteById(version.tws_id);
                  if (!other) return null;
                  return (
                    <Link
                      key={version.tws_id}
                      to={postPath(other, version.tp_id)}
                      hrefLang={other.htmlLang}
                      lang={other.htmlLang}
                      reloadDocument
                      data-testid={`discuss-version-${other.lang}`}
                    >
                      {t(`ui.versionOf.${other.lang}`)}
                    </Link>
                  );
                })}
              </p>
            ) : null}
          </header>

          <div
            className="discuss-content"
            data-testid="discuss-content"
            // The server's sanitised HTML (allow-list on the way in): the only way rich text is shown.
            dangerouslySetInnerHTML={{ __html: post.tp_content }}
          />

          {post.tp_annex.length ? (
            <section className="discuss-annex" aria-labelledby="discuss-annex-title">
              <h2 id="discuss-annex-title">{t('ui.attachments')}</h2>
              <ul>
                {post.tp_annex.map((file) => (
                  <li key={file.att_id} data-testid="discuss-attachment">
                    <a href={file.att_url} target="_blank" rel="noopener noreferrer">
                      {file.att_title}
                    </a>
                    <span className="discuss-annex__size">{formatSize(file.att_size)}</span>
                    <a
                      href={downloadHref(file.att_url)}
                      download={file.att_title}
                      className="discuss-annex__download"
                      data-testid="discuss-attachment-download"
                    >
                      {t('ui.download')}
                      <span className="portal-visually-hidden"> {file.att_title}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <PostActions post={post} />
        </article>
        <aside className="discuss-detail__side">
          <AuthorCard author={post.author} />
        </aside>
      </div>
      <CommentsSection post={post} />
    </div>
  );
}
