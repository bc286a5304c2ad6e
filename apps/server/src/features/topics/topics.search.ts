import { REVIEW_STATUS } from '@portal/contracts/constants';
import { plainText, type SearchSource } from '../../platform/search/search-index';

/** Topic articles: approved and not deleted. */
export const articleSearchSource: SearchSource = {
  kind: 'article',
  async documents(executor, itemIds) {
    const rows = await executor
      .selectFrom('topic_articles')
      .select(['id', 'site_id', 'topic_id', 'title', 'content_html', 'published_at', 'created_at'])
      .where('id', 'in', itemIds)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((a) => ({
      kind: 'article' as const,
      item_id: a.id,
      site_id: a.site_id,
      audience: 0,
      parent_id: a.topic_id,
      title: a.title,
      body: plainText(a.content_html),
      published_at: Number(a.published_at ?? a.created_at),
    }));
  },
  async ids(executor, afterId, limit) {
    const rows = await executor
      .selectFrom('topic_articles')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
};

/** Topics that are open (an archived topic has left the lists, so it leaves the search too). */
export const topicSearchSource: SearchSource = {
  kind: 'topic',
  async documents(executor, itemIds) {
    const rows = await executor
      .selectFrom('topics')
      .select(['id', 'site_id', 'title', 'description', 'created_at'])
      .where('id', 'in', itemIds)
      .where('archived_at', 'is', null)
      .execute();
    return rows.map((t) => ({
      kind: 'topic' as const,
      item_id: t.id,
      site_id: t.site_id,
      audience: 0,
      parent_id: 0,
      title: t.title,
      body: plainText(t.description),
      published_at: Number(t.created_at),
    }));
  },
  async ids(executor, afterId, limit) {
    const rows = await executor
      .selectFrom('topics')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
};
