import { PERMISSIONS } from '@portal/contracts/permissions';
import { POINT_RULE } from '@portal/contracts/points';
import { attachmentAddress } from '@portal/contracts/uploads';
import type { Site } from '@portal/contracts/sites';
import { holdsPermission } from '../../http/register-call';
import { translate } from '../../lib/i18n';
import { sanitizeRichText } from '../../lib/sanitize';
import { award } from '../../platform/points/points.service';
import type { ReviewKindAdapter } from '../../platform/reviews/review-kinds';
import { refreshSearch } from '../../platform/search/search-index';
import { postSearchSource } from './discussions.search';

/** tp_type of a post (decisions.md): 10 discussion, 20 question. */
const QUESTION = 20;

/**
 * Discussion posts and questions in the review queue (site setting `review.post_review`). Reviewed
 * by holders of review.post: site-wide staff, or a board's moderators for that board's posts. A
 * decision sets the post's status: 20 published or 30 rejected.
 */
export const postReviewKind: ReviewKindAdapter = {
  kind: 'post',
  permission: PERMISSIONS.reviewPost,

  queueScope(user) {
    if (holdsPermission(user, PERMISSIONS.reviewPost)) return 'all';
    const boards = [...(user.scoped.get(PERMISSIONS.reviewPost) ?? [])];
    if (user.banned || boards.length === 0) return 'none';
    return (eb) =>
      eb('review_items.item_id', 'in', eb.selectFrom('posts').select('posts.id').where('posts.board_id', 'in', boards));
  },

  async mayReview(executor, user, itemId) {
    const post = await executor
      .selectFrom('posts')
      .select('board_id')
      .where('id', '=', itemId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!post) return 'gone';
    return holdsPermission(user, PERMISSIONS.reviewPost, post.board_id ?? undefined);
  },

  async render(executor, itemId, lang) {
    const post = await executor
      .selectFrom('posts')
      .leftJoin('dictionaries as board', 'board.id', 'posts.board_id')
      .leftJoin('dictionaries as industry', 'industry.id', 'posts.industry_id')
      .leftJoin('dictionaries as scene', 'scene.id', 'posts.scene_id')
      .select([
        'posts.id',
        'posts.site_id',
        'posts.title',
        'posts.content_html',
        'posts.type',
        'board.label as board',
        'industry.label as industry',
        'scene.label as scene',
      ])
      .where('posts.id', '=', itemId)
      .where('posts.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!post) return null;
    const attachments = await executor
      .selectFrom('post_attachments')
      .innerJoin('attachments', 'attachments.id', 'post_attachments.attachment_id')
      .select(['attachments.id', 'attachments.title', 'attachments.size', 'attachments.access_key'])
      .where('post_attachments.post_id', '=', itemId)
      .orderBy('post_attachments.sort')
      .execute();
    const t = (key: string) => translate(lang, `reviewsAdmin.post.${key}`);
    const facts = [
      { label: t('type'), value: t(post.type === QUESTION ? 'question' : 'discussion') },
      ...(post.board ? [{ label: t('board'), value: post.board }] : []),
      ...(post.industry ? [{ label: t('industry'), value: post.industry }] : []),
      ...(post.scene ? [{ label: t('scene'), value: post.scene }] : []),
    ];
    return {
      title: post.title,
      // Stored sanitised; sanitised again on the way out, never trusted.
      html: sanitizeRichText(post.content_html),
      site_name: post.site_id === 2 ? 'English' : '中文',
      facts,
      attachments: attachments.map((a) => ({
        att_id: a.id,
        att_title: a.title,
        att_url: attachmentAddress(a.id, a.access_key),
        att_size: Number(a.size),
      })),
    };
  },

  previewUrl(site: Site, itemId: number) {
    return `/${site.prefix}/discuss/info/${itemId}/1`;
  },

  async applyDecision(executor, itemId, status, now) {
    const post = await executor
      .updateTable('posts')
      .set({ status, updated_at: now })
      .where('id', '=', itemId)
      .where('deleted_at', 'is', null)
      .returning(['author_id', 'site_id'])
      .executeTakeFirst();
    if (!post) return false;
    await refreshSearch(executor, postSearchSource, [itemId]);
    // An approved post is published now: it earns its points then (once, whatever resubmissions follow).
    if (status === 20) {
      await award(executor, {
        userId: post.author_id,
        siteId: post.site_id,
        rule: POINT_RULE.postPublished,
        source: { kind: 'post', id: itemId },
        now,
      });
    }
    return true;
  },
};
