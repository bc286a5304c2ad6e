import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ArticleComment, TopArticleComment } from '@portal/contracts/topic-article-comments';
import { topicArticlePath } from '@portal/contracts/topics';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { ApiError } from '../../http/api-error';
import type { SignedInMember } from '../../http/register-call';
import type { Clock } from '../../lib/clock';
import { ARTICLE_COMMENTS } from '../../platform/comments/comments.repository';
import { threadComments, type CommentTarget } from '../../platform/comments/comments.service';
import { topicsRepository, type ArticleRow } from './topics.repository';
import { isPublic, reviewsTopic } from './topics.service';

const asArticleComment = <C extends { target_id: number }>({ target_id, ...rest }: C) => ({
  ...rest,
  ttar_id: target_id,
});

/**
 * Comments and replies on topic articles (issue 19, item 5): the rules of platform/comments on the
 * article's own tables. Approved articles take comments; a preview (its author, its topic's
 * reviewers) shows its thread read-only.
 */
export function articleCommentsService(db: Kysely<DB>, clock: Clock) {
  const repo = topicsRepository(db);

  async function openArticle(executor: Executor, site: Site, articleId: number): Promise<ArticleRow> {
    const article = await repo.findArticle(executor, articleId);
    if (!article || article.site_id !== site.tws_id || !isPublic(article)) {
      throw ApiError.notFound('topics.api.articleNotFound');
    }
    return article;
  }

  const target: CommentTarget<ArticleRow> = {
    store: ARTICLE_COMMENTS,
    commentedMessage: 'article_commented',
    async readable(site, articleId, viewer: SignedInMember | null) {
      const article = await repo.findArticle(db, articleId);
      if (!article || article.site_id !== site.tws_id) throw ApiError.notFound('topics.api.articleNotFound');
      const mine = viewer !== null && viewer.id === article.author_id;
      const preview = article.deleted_at === null && (mine || reviewsTopic(viewer, article.topic_id));
      if (!isPublic(article) && !preview) throw ApiError.notFound('topics.api.articleNotFound');
      return article;
    },
    open: openArticle,
    count: (executor, articleId, delta) => repo.bumpComments(executor, articleId, delta.comments),
    url: (site, article) => topicArticlePath(site.prefix, article.id),
    // The topic's hosts (and site-wide reviewers of articles) moderate its articles' comments.
    async moderates(executor, user, articleId) {
      const article = await repo.findArticle(executor, articleId);
      return article !== undefined && reviewsTopic(user, article.topic_id);
    },
  };
  const thread = threadComments(db, target, clock);

  return {
    async list(site: Site, q: { ttar_id: number; cursor?: string; limit: number }, viewer: SignedInMember | null) {
      const page = await thread.list(site, { itemId: q.ttar_id, cursor: q.cursor, limit: q.limit }, viewer);
      const list: TopArticleComment[] = page.list.map((c) => ({
        ...asArticleComment(c),
        replies: c.replies.map(asArticleComment),
      }));
      return { list, next_cursor: page.next_cursor };
    },

    async replies(site: Site, q: { tpc_id: number; cursor?: string; limit: number }, viewer: SignedInMember | null) {
      const page = await thread.replies(site, q, viewer);
      return { list: page.list.map(asArticleComment), next_cursor: page.next_cursor };
    },

    async add(
      site: Site,
      author: SignedInMember,
      body: { ttar_id: number; tpc_content: string; tpc_parent_id?: number },
    ): Promise<ArticleComment> {
      const { comment } = await thread.add(site, author, {
        itemId: body.ttar_id,
        content: body.tpc_content,
        parentId: body.tpc_parent_id,
      });
      return asArticleComment(comment);
    },

    remove: (site: Site, user: SignedInMember, commentId: number, request: Pick<FastifyRequest, 'ip' | 'id'>) =>
      thread.remove(site, user, commentId, { request }),
    toggleLike: (site: Site, userId: number, commentId: number) => thread.toggleLike(site, userId, commentId),
  };
}
