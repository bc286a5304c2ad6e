import { REVIEW_STATUS } from '@portal/contracts/constants';
import { plainText, type SearchSource } from '../../platform/search/search-index';

/** Answers and comments kept with a post, oldest first: the first ones say what the thread is about. */
const COMMENTS_KEPT = 100;

/** Posts and questions with their answers and comments: published, not hidden, not deleted. */
export const postSearchSource: SearchSource = {
  kind: 'post',
  async documents(executor, itemIds) {
    const posts = await executor
      .selectFrom('posts')
      .select(['id', 'site_id', 'title', 'content_html', 'created_at'])
      .where('id', 'in', itemIds)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('hidden', '=', 0)
      .where('deleted_at', 'is', null)
      .execute();
    if (posts.length === 0) return [];
    const comments = await executor
      .selectFrom('post_comments')
      .select(['post_id', 'content'])
      .where(
        'post_id',
        'in',
        posts.map((p) => p.id),
      )
      .where('hidden', '=', 0)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    const byPost = new Map<number, string[]>();
    for (const c of comments) {
      const list = byPost.get(c.post_id) ?? [];
      if (list.length < COMMENTS_KEPT) list.push(c.content);
      byPost.set(c.post_id, list);
    }
    return posts.map((p) => ({
      kind: 'post' as const,
      item_id: p.id,
      site_id: p.site_id,
      audience: 0,
      parent_id: 0,
      title: p.title,
      body: [plainText(p.content_html), ...(byPost.get(p.id) ?? [])].join('\n'),
      published_at: Number(p.created_at),
    }));
  },
  async ids(executor, afterId, limit) {
    const rows = await executor
      .selectFrom('posts')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
};
