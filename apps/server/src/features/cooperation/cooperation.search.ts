import { plainText, type SearchSource } from '../../platform/search/search-index';

/**
 * Cooperation pages (decision 045): published ones, found by title, summary and body. A page is
 * public; its partner-only files are never indexed (only their page is found), so the index holds
 * nothing a visitor may not read.
 */
export const cooperationSearchSource: SearchSource = {
  kind: 'cooperation',
  async documents(executor, itemIds) {
    const rows = await executor
      .selectFrom('cooperation_pages')
      .select(['id', 'site_id', 'title', 'summary', 'body_html', 'created_at', 'updated_at'])
      .where('id', 'in', itemIds)
      .where('published', '=', 1)
      .execute();
    return rows.map((p) => ({
      kind: 'cooperation' as const,
      item_id: p.id,
      site_id: p.site_id,
      audience: 0,
      parent_id: 0,
      title: p.title,
      body: [p.summary, plainText(p.body_html)].filter(Boolean).join('\n'),
      published_at: Number(p.updated_at) || Number(p.created_at),
    }));
  },
  async ids(executor, afterId, limit) {
    const rows = await executor
      .selectFrom('cooperation_pages')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
};
