import type { SearchSource } from '../../platform/search/search-index';

const ACTIVE = 1;

/** Members by nickname, on both sites (accounts are global); closed accounts are not found. */
export const memberSearchSource: SearchSource = {
  kind: 'member',
  async documents(executor, itemIds) {
    const rows = await executor
      .selectFrom('users')
      .select(['id', 'nick_name', 'created_at'])
      .where('id', 'in', itemIds)
      .where('status', '=', ACTIVE)
      .execute();
    return rows.map((u) => ({
      kind: 'member' as const,
      item_id: u.id,
      site_id: 0,
      audience: 0,
      parent_id: 0,
      title: u.nick_name,
      body: '',
      published_at: Number(u.created_at),
    }));
  },
  async ids(executor, afterId, limit) {
    const rows = await executor
      .selectFrom('users')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
};
