import { ARTICLE_SOURCE, REVIEW_STATUS } from '@portal/contracts/constants';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { POINT_RULE } from '@portal/contracts/points';
import { topicArticlePath } from '@portal/contracts/topics';
import type { Site } from '@portal/contracts/sites';
import { holdsPermission } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { sanitizeRichText } from '../../lib/sanitize';
import { award } from '../../platform/points/points.service';
import type { ReviewKindAdapter } from '../../platform/reviews/review-kinds';
import { refreshSearch } from '../../platform/search/search-index';
import { articleSearchSource } from './topics.search';

/** The points ledger's name for a topic article (the demo's ledger uses it too). */
export const ARTICLE_POINTS_KIND = 'topic_article';

/**
 * Topic articles in the review queue (decisions.md "Content and review": reviewed by that topic's
 * hosts or admins). Decided by holders of review.article: site-wide staff, or a topic's hosts (the
 * topic-scoped grant) for that topic's articles only. Approval publishes the article in its topic
 * and earns the topic-article points once; rejection keeps it with the author, who may edit and
 * resubmit it. Each language version is an item of its own site.
 */
export const articleReviewKind: ReviewKindAdapter = {
  kind: 'article',
  permission: PERMISSIONS.reviewArticle,

  queueScope(user) {
    if (holdsPermission(user, PERMISSIONS.reviewArticle)) return 'all';
    const topics = [...(user.scoped.get(PERMISSIONS.reviewArticle) ?? [])];
    if (user.banned || topics.length === 0) return 'none';
    return (eb) =>
      eb(
        'review_items.item_id',
        'in',
        eb.selectFrom('topic_articles').select('topic_articles.id').where('topic_articles.topic_id', 'in', topics),
      );
  },

  async mayReview(executor, user, itemId) {
    const article = await executor
      .selectFrom('topic_articles')
      .select('topic_id')
      .where('id', '=', itemId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!article) return 'gone';
    return holdsPermission(user, PERMISSIONS.reviewArticle, article.topic_id);
  },

  async render(executor, itemId, lang) {
    const article = await executor
      .selectFrom('topic_articles')
      .innerJoin('topics', 'topics.id', 'topic_articles.topic_id')
      .select([
        'topic_articles.site_id',
        'topic_articles.title',
        'topic_articles.content_html',
        'topic_articles.source',
        'topic_articles.source_url',
        'topics.title as topic',
      ])
      .where('topic_articles.id', '=', itemId)
      .where('topic_articles.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!article) return null;
    const t = (key: string) => translate(lang, `reviewsAdmin.article.${key}`);
    const reprint = article.source === ARTICLE_SOURCE.reprint;
    return {
      title: article.title,
      // Stored sanitised; sanitised again on the way out, never trusted.
      html: sanitizeRichText(article.content_html),
      site_name: article.site_id === 2 ? 'English' : '中文',
      facts: [
        { label: t('topic'), value: article.topic },
        { label: t('source'), value: t(reprint ? 'reprint' : 'original') },
        ...(reprint && article.source_url ? [{ label: t('sourceUrl'), value: article.source_url }] : []),
      ],
      attachments: [],
    };
  },

  previewUrl(site: Site, itemId: number) {
    return topicArticlePath(site.prefix, itemId);
  },

  async applyDecision(executor, itemId, status, now) {
    const article = await executor
      .updateTable('topic_articles')
      .set(
        status === REVIEW_STATUS.approved
          ? { status, updated_at: now, published_at: now }
          : { status, updated_at: now },
      )
      .where('id', '=', itemId)
      .where('deleted_at', 'is', null)
      .returning(['author_id', 'site_id', 'topic_id'])
      .executeTakeFirst();
    if (!article) return false;
    await refreshSearch(executor, articleSearchSource, [itemId]);
    if (status === REVIEW_STATUS.approved) {
      await executor
        .updateTable('topics')
        .set((eb) => ({ article_count: eb('article_count', '+', 1) }))
        .where('id', '=', article.topic_id)
        .execute();
      // Once per article, whatever edits and approvals follow (the ledger holds it until taken back).
      await award(executor, {
        userId: article.author_id,
        siteId: article.site_id,
        rule: POINT_RULE.topicArticleApproved,
        source: { kind: ARTICLE_POINTS_KIND, id: itemId },
        now,
      });
    }
    return true;
  },
};
