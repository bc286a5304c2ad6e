import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { JournalArticlesTable, JournalIssuesTable } from '../../db/schema';
import type { KeysetCursor } from '../../lib/keyset';
import { refreshSearch } from '../../platform/search/search-index';
import { journalArticleSearchSource, refreshIssueSearch } from './journal.search';

/** What counts once per viewer and day. */
export type JournalCountKind = 'read' | 'download';

/** An issue's columns with its category's name and its PDF's size, as lists and pages show it. */
function issueQuery(db: Executor) {
  return db
    .selectFrom('journal_issues as i')
    .leftJoin('journal_categories as c', 'c.id', 'i.category_id')
    .select([
      'i.id',
      'i.site_id',
      'i.category_id',
      'i.number',
      'i.title',
      'i.summary',
      'i.cover_url',
      'i.pdf_attachment_id',
      'i.partner_only',
      'i.published',
      'i.publish_at',
      'i.read_count',
      'i.download_count',
      'i.updated_at',
      'i.article_count',
      'c.name as category_name',
    ]);
}

export type IssueRow = Awaited<ReturnType<ReturnType<typeof issueQuery>['executeTakeFirstOrThrow']>>;

/** The e-magazine's tables (Kysely only): categories, issues, articles and the daily figures. */
export function journalRepository(db: Executor) {
  return {
    categories(siteId: number, publicAt: number | null) {
      return db
        .selectFrom('journal_categories as c')
        .select([
          'c.id',
          'c.name',
          'c.sort',
          (eb) => {
            let q = eb
              .selectFrom('journal_issues as i')
              .select(eb.fn.countAll<number | string>().as('n'))
              .whereRef('i.category_id', '=', 'c.id');
            if (publicAt !== null) q = q.where('i.published', '=', 1).where('i.publish_at', '<=', publicAt);
            return q.as('issue_count');
          },
        ])
        .where('c.site_id', '=', siteId)
        .orderBy('c.sort')
        .orderBy('c.id')
        .execute();
    },
    category(executor: Executor, id: number) {
      return executor.selectFrom('journal_categories').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insertCategory(executor: Executor, row: { site_id: number; name: string; sort: number; created_at: number }) {
      const r = await executor.insertInto('journal_categories').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },
    async updateCategory(executor: Executor, id: number, set: { name: string; sort: number }) {
      await executor.updateTable('journal_categories').set(set).where('id', '=', id).execute();
    },
    async deleteCategory(executor: Executor, id: number) {
      await executor.updateTable('journal_issues').set({ category_id: null }).where('category_id', '=', id).execute();
      await executor.deleteFrom('journal_categories').where('id', '=', id).execute();
    },

    /** Published issues (public at `now`), newest first; of one category, or before one issue. */
    publicIssues(
      siteId: number,
      now: number,
      opts: { categoryId?: number; after: KeysetCursor | null; limit: number; before?: KeysetCursor },
    ) {
      let q = issueQuery(db)
        .where('i.site_id', '=', siteId)
        .where('i.published', '=', 1)
        .where('i.publish_at', '<=', now);
      if (opts.categoryId !== undefined) q = q.where('i.category_id', '=', opts.categoryId);
      // A row-value comparison: one range of the site's index, however deep the page (an OR of the
      // two columns made the database walk every newer issue and filter them out).
      for (const c of [opts.after, opts.before]) {
        if (c) q = q.where((eb) => eb(eb.refTuple('i.publish_at', 'i.id'), '<', eb.tuple(c.at, c.id)));
      }
      return q.orderBy('i.publish_at', 'desc').orderBy('i.id', 'desc').limit(opts.limit).execute();
    },
    /** Every issue of the site, drafts included (the back office), newest publish date first. */
    allIssues(siteId: number, after: KeysetCursor | null, limit: number) {
      let q = issueQuery(db).where('i.site_id', '=', siteId);
      if (after) q = q.where((eb) => eb(eb.refTuple('i.publish_at', 'i.id'), '<', eb.tuple(after.at, after.id)));
      return q.orderBy('i.publish_at', 'desc').orderBy('i.id', 'desc').limit(limit).execute();
    },
    issue(executor: Executor, id: number) {
      return issueQuery(executor).where('i.id', '=', id).executeTakeFirst();
    },
    async insertIssue(executor: Executor, row: Insertable<JournalIssuesTable>) {
      const r = await executor.insertInto('journal_issues').values(row).returning('id').executeTakeFirstOrThrow();
      await refreshIssueSearch(executor, Number(r.id), []);
      return Number(r.id);
    },
    async updateIssue(executor: Executor, id: number, set: Updateable<JournalIssuesTable>) {
      await executor.updateTable('journal_issues').set(set).where('id', '=', id).execute();
      await refreshIssueSearch(executor, id);
    },
    async deleteIssue(executor: Executor, id: number) {
      // The children first: SQLite enforces no cascade unless its foreign keys are switched on.
      const articleIds = (
        await executor.selectFrom('journal_articles').select('id').where('issue_id', '=', id).execute()
      ).map((r) => r.id);
      await executor.deleteFrom('journal_counted').where('issue_id', '=', id).execute();
      await executor.deleteFrom('journal_daily_counts').where('issue_id', '=', id).execute();
      await executor.deleteFrom('journal_articles').where('issue_id', '=', id).execute();
      await executor.deleteFrom('journal_issues').where('id', '=', id).execute();
      await refreshIssueSearch(executor, id, articleIds);
    },

    /** An issue's articles in their order (sort, then id), keyset paged on (sort, id). */
    articles(issueId: number, after: KeysetCursor | null, limit: number, withContent: boolean) {
      let q = db
        .selectFrom('journal_articles')
        .select([
          'id',
          'issue_id',
          'sort',
          'title',
          'author_id',
          'author_name',
          'summary',
          'read_count',
          'submission_id',
          ...(withContent ? (['content'] as const) : []),
        ])
        .where('issue_id', '=', issueId);
      if (after)
        q = q.where((eb) =>
          eb.or([eb('sort', '>', after.at), eb.and([eb('sort', '=', after.at), eb('id', '>', after.id)])]),
        );
      return q.orderBy('sort').orderBy('id').limit(limit).execute() as Promise<
        Array<{
          id: number;
          issue_id: number;
          sort: number;
          title: string;
          author_id: number | null;
          author_name: string;
          summary: string;
          read_count: number;
          submission_id: number | null;
          content?: string;
        }>
      >;
    },
    article(executor: Executor, id: number) {
      return executor.selectFrom('journal_articles').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The articles just before and after one in its issue's order. */
    async neighbours(issueId: number, sort: number, id: number) {
      const [prev, next] = await Promise.all([
        db
          .selectFrom('journal_articles')
          .select(['id', 'title'])
          .where('issue_id', '=', issueId)
          .where((eb) => eb.or([eb('sort', '<', sort), eb.and([eb('sort', '=', sort), eb('id', '<', id)])]))
          .orderBy('sort', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('journal_articles')
          .select(['id', 'title'])
          .where('issue_id', '=', issueId)
          .where((eb) => eb.or([eb('sort', '>', sort), eb.and([eb('sort', '=', sort), eb('id', '>', id)])]))
          .orderBy('sort')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { prev, next };
    },
    async maxArticleSort(executor: Executor, issueId: number): Promise<number> {
      const r = await executor
        .selectFrom('journal_articles')
        .select((eb) => eb.fn.max('sort').as('m'))
        .where('issue_id', '=', issueId)
        .executeTakeFirst();
      return r?.m === null || r?.m === undefined ? -1 : Number(r.m);
    },
    async insertArticle(executor: Executor, row: Insertable<JournalArticlesTable>) {
      const r = await executor.insertInto('journal_articles').values(row).returning('id').executeTakeFirstOrThrow();
      await executor
        .updateTable('journal_issues')
        .set((eb) => ({ article_count: eb('article_count', '+', 1) }))
        .where('id', '=', row.issue_id)
        .execute();
      await refreshSearch(executor, journalArticleSearchSource, [Number(r.id)]);
      return Number(r.id);
    },
    async updateArticle(executor: Executor, id: number, set: Updateable<JournalArticlesTable>) {
      await executor.updateTable('journal_articles').set(set).where('id', '=', id).execute();
      await refreshSearch(executor, journalArticleSearchSource, [id]);
    },
    async deleteArticle(executor: Executor, id: number) {
      const gone = await executor
        .deleteFrom('journal_articles')
        .where('id', '=', id)
        .returning('issue_id')
        .executeTakeFirst();
      if (gone)
        await executor
          .updateTable('journal_issues')
          .set((eb) => ({ article_count: eb('article_count', '-', 1) }))
          .where('id', '=', gone.issue_id)
          .execute();
      await refreshSearch(executor, journalArticleSearchSource, [id]);
    },

    /** The site's published issues and their articles, readers and downloads (the issues' own counts). */
    async stats(siteId: number, now: number) {
      const row = await db
        .selectFrom('journal_issues as i')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('issues'),
          eb.fn.coalesce(eb.fn.sum<number | string>('i.article_count'), sql.lit(0)).as('articles'),
          eb.fn.coalesce(eb.fn.sum<number | string>('i.read_count'), sql.lit(0)).as('reads'),
          eb.fn.coalesce(eb.fn.sum<number | string>('i.download_count'), sql.lit(0)).as('downloads'),
        ])
        .where('i.site_id', '=', siteId)
        .where('i.published', '=', 1)
        .where('i.publish_at', '<=', now)
        .executeTakeFirstOrThrow();
      return {
        issues: Number(row.issues),
        articles: Number(row.articles ?? 0),
        reads: Number(row.reads),
        downloads: Number(row.downloads),
      };
    },

    /**
     * Counts `viewer` once for an issue on a day: the unique row is inserted by the first of any
     * number of concurrent requests, and only that one adds to the day's figure and the issue's (and
     * the article's, for an article read), in one transaction. Answers whether it counted.
     */
    async countOnce(
      executor: Executor,
      c: { issueId: number; day: number; kind: JournalCountKind; viewer: string; articleId?: number },
    ): Promise<boolean> {
      const inserted = await executor
        .insertInto('journal_counted')
        .values({ issue_id: c.issueId, day: c.day, kind: c.kind, viewer: c.viewer })
        .onConflict((oc) => oc.doNothing())
        .returning('issue_id')
        .executeTakeFirst();
      if (!inserted) return false;
      if (c.articleId !== undefined) {
        await executor
          .updateTable('journal_articles')
          .set((eb) => ({ read_count: eb('read_count', '+', 1) }))
          .where('id', '=', c.articleId)
          .execute();
        return true;
      }
      const column = c.kind === 'read' ? 'reads' : 'downloads';
      await executor
        .insertInto('journal_daily_counts')
        .values({
          issue_id: c.issueId,
          day: c.day,
          reads: c.kind === 'read' ? 1 : 0,
          downloads: c.kind === 'read' ? 0 : 1,
        })
        .onConflict((oc) =>
          oc
            .columns(['issue_id', 'day'])
            .doUpdateSet((eb) => ({ [column]: eb(`journal_daily_counts.${column}`, '+', 1) })),
        )
        .execute();
      await executor
        .updateTable('journal_issues')
        .set((eb) =>
          c.kind === 'read'
            ? { read_count: eb('read_count', '+', 1) }
            : { download_count: eb('download_count', '+', 1) },
        )
        .where('id', '=', c.issueId)
        .execute();
      return true;
    },
    /** Who was counted before `day` no longer matters: the figures keep the counts. */
    async forgetCountedBefore(day: number) {
      const r = await db.deleteFrom('journal_counted').where('day', '<', day).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    dailyCounts(issueId: number, sinceDay: number) {
      return db
        .selectFrom('journal_daily_counts')
        .select(['day', 'reads', 'downloads'])
        .where('issue_id', '=', issueId)
        .where('day', '>=', sinceDay)
        .orderBy('day')
        .execute();
    },
  };
}

export type JournalRepository = ReturnType<typeof journalRepository>;
