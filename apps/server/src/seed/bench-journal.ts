import type { Insertable, Kysely } from 'kysely';
import type { DB, JournalArticlesTable, JournalIssuesTable } from '../db/schema';
import { BENCH_SEED } from './bench-posts';
import { seededRandom } from './seeded-random';

/**
 * Bulk e-magazine issues and their articles for the benchmarks (bench/journal.mjs, through
 * cli/bench-data.ts), written through Kysely so that the same code fills SQLite and PostgreSQL.
 * Deterministic: the same seed and `now` give the same rows.
 */

const DAY = 86_400_000;
const ACTIVE_USER = 1;
/** An article binds 11 values, an issue 15: 500 rows stay under both databases' limits per statement. */
const BATCH_ROWS = 500;
/** Bulk issues are numbered from here on, after the demo's few. */
export const BENCH_ISSUE_NUMBER_FROM = 1000;

const ZH_SUBJECTS = ['全闪存', '分布式存储', '数据保护', '容灾', '对象存储', '存储网络', '数据湖', '存算分离'];
const EN_SUBJECTS = [
  'all-flash',
  'distributed storage',
  'data protection',
  'disaster recovery',
  'object storage',
  'storage networking',
  'data lakes',
  'disaggregated storage',
];
const ZH_GUESTS = ['陈工', '王磊', '李娜', '编辑部'];
const EN_GUESTS = ['Dana Chen', 'Lei Wang', 'Maria Lopez', 'The editors'];

export interface JournalTopUpResult {
  issuesInserted: number;
  articlesInserted: number;
  /** Published issues per site after the top-up (public or scheduled), and the drafts. */
  issuesPerSite: Record<number, number>;
  drafts: number;
  articles: number;
  ms: number;
}

async function issuesPerSite(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('journal_issues')
    .select(['site_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('published', '=', 1)
    .groupBy('site_id')
    .orderBy('site_id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.site_id, Number(r.n)]));
}

/**
 * Adds `issues` issues (sites 1 and 2 alternating, one a week back from `now`, in the site's demo
 * categories, one in ten partner-only, one in fifty a draft) with the site's demo PDF when there is
 * one, and `articles` articles spread over them (5 to about 35 an issue), by members of the portal
 * or guest authors. Does nothing when bulk issues are already there. One transaction of multi-row
 * inserts.
 */
export async function seedBenchJournal(
  db: Kysely<DB>,
  opts: { issues: number; articles: number; now: number; seed?: number },
): Promise<JournalTopUpResult> {
  const started = performance.now();
  const already = await db
    .selectFrom('journal_issues')
    .select('id')
    .where('number', '>=', BENCH_ISSUE_NUMBER_FROM)
    .limit(1)
    .executeTakeFirst();
  const issueCount = already ? 0 : opts.issues;
  const articleCount = issueCount > 0 ? opts.articles : 0;
  if (issueCount > 0) {
    const authors = (
      await db.selectFrom('users').select('id').where('status', '=', ACTIVE_USER).orderBy('id').execute()
    ).map((r) => r.id);
    const categories = await db.selectFrom('journal_categories').select(['id', 'site_id']).orderBy('id').execute();
    // The demo's PDFs, one a site: bulk issues show the reader and the download as real issues do.
    const pdfs = await db
      .selectFrom('journal_issues')
      .select(['site_id', (eb) => eb.fn.min('pdf_attachment_id').as('pdf')])
      .where('pdf_attachment_id', 'is not', null)
      .groupBy('site_id')
      .execute();
    const pdfOf = new Map(pdfs.map((r) => [r.site_id, r.pdf === null ? null : Number(r.pdf)]));
    const random = seededRandom((opts.seed ?? BENCH_SEED) + 20);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

    // How many articles each issue holds: uneven, about articles / issues on average, every one counted.
    const weights = Array.from({ length: issueCount }, () => 0.25 + random() * 1.5);
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const perIssue = weights.map((w) => Math.floor((w / weightSum) * articleCount));
    for (let i = 0, left = articleCount - perIssue.reduce((a, b) => a + b, 0); left > 0; i++, left--)
      perIssue[i % issueCount]! += 1;

    const issueRow = (i: number): Insertable<JournalIssuesTable> => {
      const siteId = (i % 2) + 1;
      const zh = siteId === 1;
      const number = BENCH_ISSUE_NUMBER_FROM + Math.floor(i / 2);
      const subject = pick(zh ? ZH_SUBJECTS : EN_SUBJECTS);
      const siteCategories = categories.filter((c) => c.site_id === siteId);
      const publishAt = opts.now - (Math.floor(i / 2) + 1) * 7 * DAY + Math.floor(random() * DAY);
      return {
        site_id: siteId,
        category_id: siteCategories.length ? pick(siteCategories).id : null,
        number,
        title: zh ? `${subject}专刊（第 ${number} 期）` : `${subject} issue (No. ${number})`,
        summary: zh
          ? `本期聚焦${subject}：选型、部署与运维的一线经验，以及社区成员的投稿。`
          : `This issue looks at ${subject}: choosing, deploying and running it, with members' submissions.`,
        cover_url: '',
        pdf_attachment_id: pdfOf.get(siteId) ?? null,
        partner_only: random() < 0.1 ? 1 : 0,
        published: random() < 0.02 ? 0 : 1,
        publish_at: publishAt,
        read_count: Math.floor(random() * 5000),
        download_count: Math.floor(random() * 800),
        // The articles written below, straight into their table: the count the repository keeps.
        article_count: perIssue[i]!,
        created_by: authors[0] ?? null,
        created_at: publishAt,
        updated_at: publishAt,
      };
    };

    await db.transaction().execute(async (trx) => {
      const issues: Array<{ id: number; siteId: number; publishAt: number }> = [];
      for (let from = 0; from < issueCount; from += BATCH_ROWS) {
        const batch: Insertable<JournalIssuesTable>[] = [];
        for (let i = from; i < Math.min(issueCount, from + BATCH_ROWS); i++) batch.push(issueRow(i));
        const ids = await trx
          .insertInto('journal_issues')
          .values(batch)
          .returning(['id', 'number', 'site_id'])
          .execute();
        // RETURNING promises no order: match the rows back by (site, number), unique among the bulk issues.
        const byKey = new Map(ids.map((r) => [`${r.site_id}:${r.number}`, Number(r.id)]));
        for (const row of batch)
          issues.push({
            id: byKey.get(`${row.site_id}:${row.number}`)!,
            siteId: row.site_id,
            publishAt: Number(row.publish_at),
          });
      }

      let pending: Insertable<JournalArticlesTable>[] = [];
      let n = 0;
      for (const [i, issue] of issues.entries()) {
        const zh = issue.siteId === 1;
        for (let sort = 0; sort < perIssue[i]!; sort++) {
          n += 1;
          const subject = pick(zh ? ZH_SUBJECTS : EN_SUBJECTS);
          const guest = authors.length === 0 || random() < 0.3;
          const paragraph = zh
            ? `<p>本文从${subject}的生产实践出发，整理了容量规划、性能基线、故障演练与成本核算中的经验与教训，并给出可复用的检查清单。</p>`
            : `<p>This article draws on ${subject} in production: capacity planning, performance baselines, failure drills and cost, with a checklist you can reuse.</p>`;
          pending.push({
            issue_id: issue.id,
            sort,
            title: zh ? `${subject}实践笔记（第 ${n} 篇）` : `${subject} in practice (article ${n})`,
            author_id: guest ? null : authors[Math.floor(random() * authors.length)]!,
            author_name: guest ? pick(zh ? ZH_GUESTS : EN_GUESTS) : '',
            summary: zh
              ? `${subject}的容量规划、性能基线与故障演练。`
              : `${subject}: capacity planning, performance baselines and failure drills.`,
            content: `<h2>${zh ? '背景' : 'Background'}</h2>${paragraph}${paragraph}<h2>${zh ? '结论' : 'Conclusions'}</h2>${paragraph}`,
            submission_id: null,
            read_count: Math.floor(random() * 2000),
            created_at: issue.publishAt,
            updated_at: issue.publishAt,
          });
          if (pending.length === BATCH_ROWS) {
            await trx.insertInto('journal_articles').values(pending).execute();
            pending = [];
          }
        }
      }
      if (pending.length) await trx.insertInto('journal_articles').values(pending).execute();
    });
  }
  const drafts = await db
    .selectFrom('journal_issues')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('published', '=', 0)
    .executeTakeFirstOrThrow();
  const articles = await db
    .selectFrom('journal_articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    issuesInserted: issueCount,
    articlesInserted: articleCount,
    issuesPerSite: await issuesPerSite(db),
    drafts: Number(drafts.n),
    articles: Number(articles.n),
    ms: Math.round(performance.now() - started),
  };
}

export interface IssueRef {
  id: number;
  title: string;
}

export interface JournalBenchFacts {
  /** Per site (1, 2): its newest public issue (the top of the magazine home). */
  newest: Record<number, IssueRef | null>;
  /** Per site: `detailIssues` public issues picked at random (seeded), for the issue page's renders. */
  issues: Record<number, IssueRef[]>;
}

function shuffledPrefix<T>(all: T[], count: number, seed: number): T[] {
  const random = seededRandom(seed);
  const n = Math.min(count, all.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (all.length - i));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, n);
}

/** What the e-magazine benchmark's requests are made of, read from the seeded database. */
export async function readJournalFacts(
  db: Kysely<DB>,
  opts: { detailIssues: number; now: number; seed?: number },
): Promise<JournalBenchFacts> {
  const seed = (opts.seed ?? BENCH_SEED) + 21;
  const newest: Record<number, IssueRef | null> = {};
  const issues: Record<number, IssueRef[]> = {};
  for (const siteId of [1, 2]) {
    const rows = await db
      .selectFrom('journal_issues')
      .select(['id', 'title'])
      .where('site_id', '=', siteId)
      .where('published', '=', 1)
      .where('publish_at', '<=', opts.now)
      .orderBy('publish_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    newest[siteId] = rows[0] ?? null;
    issues[siteId] = shuffledPrefix(rows, opts.detailIssues, seed + siteId);
  }
  return { newest, issues };
}
