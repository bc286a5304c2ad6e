import type { Executor } from '../../db/executor';
import { plainText, refreshSearch, type SearchSource } from '../../platform/search/search-index';

/**
 * E-magazine issues: published ones, from their publishing time (the engines leave out items
 * whose time is still ahead, so a scheduled issue appears when it is due).
 */
export const journalIssueSearchSource: SearchSource = {
  kind: 'journal_issue',
  async documents(executor, itemIds) {
    const rows = await executor
      .selectFrom('journal_issues')
      .select(['id', 'site_id', 'title', 'summary', 'publish_at'])
      .where('id', 'in', itemIds)
      .where('published', '=', 1)
      .execute();
    return rows.map((i) => ({
      kind: 'journal_issue' as const,
      item_id: i.id,
      site_id: i.site_id,
      audience: 0,
      parent_id: 0,
      title: i.title,
      body: i.summary,
      published_at: Number(i.publish_at),
    }));
  },
  async ids(executor, afterId, limit) {
    const rows = await executor
      .selectFrom('journal_issues')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
};

/** Articles of published issues, found from their issue's publishing time. */
export const journalArticleSearchSource: SearchSource = {
  kind: 'journal_article',
  async documents(executor, itemIds) {
    const rows = await executor
      .selectFrom('journal_articles as a')
      .innerJoin('journal_issues as i', 'i.id', 'a.issue_id')
      .select(['a.id', 'a.issue_id', 'i.site_id', 'a.title', 'a.author_name', 'a.summary', 'a.content', 'i.publish_at'])
      .where('a.id', 'in', itemIds)
      .where('i.published', '=', 1)
      .execute();
    return rows.map((a) => ({
      kind: 'journal_article' as const,
      item_id: a.id,
      site_id: a.site_id,
      audience: 0,
      parent_id: a.issue_id,
      title: a.title,
      body: [a.author_name, a.summary, plainText(a.content)].filter(Boolean).join('\n'),
      published_at: Number(a.publish_at),
    }));
  },
  async ids(executor, afterId, limit) {
    const rows = await executor
      .selectFrom('journal_articles')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
};

/** An issue and its articles: publishing, unpublishing or deleting an issue changes what of both is found. */
export async function refreshIssueSearch(executor: Executor, issueId: number, articleIds?: readonly number[]) {
  const ids =
    articleIds ??
    (await executor.selectFrom('journal_articles').select('id').where('issue_id', '=', issueId).execute()).map(
      (r) => r.id,
    );
  await refreshSearch(executor, journalIssueSearchSource, [issueId]);
  await refreshSearch(executor, journalArticleSearchSource, ids);
}
