import { plainText, type SearchSource } from '../../platform/search/search-index';

/** Events: every event of the back office is public (state is derived from time, decisions.md). */
export const eventSearchSource: SearchSource = {
  kind: 'event',
  async documents(executor, itemIds) {
    const rows = await executor
      .selectFrom('activities')
      .select(['id', 'site_id', 'title', 'summary', 'body_html', 'area', 'address', 'created_at'])
      .where('id', 'in', itemIds)
      .execute();
    return rows.map((e) => ({
      kind: 'event' as const,
      item_id: e.id,
      site_id: e.site_id,
      audience: 0,
      parent_id: 0,
      title: e.title,
      body: [e.summary, e.area, e.address, plainText(e.body_html)].filter(Boolean).join('\n'),
      published_at: Number(e.created_at),
    }));
  },
  async ids(executor, afterId, limit) {
    const rows = await executor
      .selectFrom('activities')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
};
