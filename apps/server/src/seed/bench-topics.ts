import { ARTICLE_SOURCE, EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import type { Insertable, Kysely } from 'kysely';
import type { DB, TopicArticlesTable, TopicsTable } from '../db/schema';
import { BENCH_SEED } from './bench-posts';
import { seededRandom } from './seeded-random';

/**
 * Bulk topics and topic articles for the benchmarks (bench/topics.mjs, through cli/bench-data.ts),
 * written through Kysely so that the same code fills SQLite and PostgreSQL. Deterministic: the same
 * seed and `now` give the same rows.
 */

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const ACTIVE_USER = 1;
/** An article binds 16 values, a topic 8: 1,000 rows stay under both databases' limits per statement. */
const BATCH_ROWS = 1000;
/** Bulk topics come after the demo's in the list's order (sort, id). */
const SORT_FROM = 1000;

const ZH_SUBJECTS = [
  '全闪存',
  '分布式存储',
  '数据保护',
  '容灾',
  '对象存储',
  '存储网络',
  '数据湖',
  '存算分离',
  'CXL',
  '勒索防护',
];
const ZH_ANGLES = ['选型', '实践', '观察', '案例', '趋势', '运维'];
const EN_SUBJECTS = [
  'all-flash',
  'distributed storage',
  'data protection',
  'disaster recovery',
  'object storage',
  'storage networking',
  'data lakes',
  'disaggregated storage',
  'CXL',
  'ransomware defence',
];
const EN_ANGLES = ['buying', 'in practice', 'field notes', 'case studies', 'trends', 'operations'];

export interface TopicsTopUpResult {
  topicsInserted: number;
  articlesInserted: number;
  /** Topics and approved articles per site after the top-up. */
  topicsPerSite: Record<number, number>;
  approvedPerSite: Record<number, number>;
  pending: number;
  ms: number;
}

async function topicsPerSite(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('topics')
    .select(['site_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('site_id')
    .orderBy('site_id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.site_id, Number(r.n)]));
}

async function articlesPerSite(db: Kysely<DB>, status: number) {
  const rows = await db
    .selectFrom('topic_articles')
    .select(['site_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', status)
    .groupBy('site_id')
    .orderBy('site_id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.site_id, Number(r.n)]));
}

const total = (counts: Record<number, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * Adds `topics` topics (sites 1 and 2 alternating) and `articles` articles spread over them the way
 * attention falls: a few topics hold many articles (the busiest some thousands), most hold a few.
 * Nine articles in ten are approved (published, some by experts, some featured), one in ten waits for
 * review. Each topic's article_count is the approved articles it holds, as review keeps it. Does
 * nothing when `topics` bulk topics are already there. One transaction of multi-row inserts.
 */
export async function seedBenchTopics(
  db: Kysely<DB>,
  opts: { topics: number; articles: number; now: number; seed?: number },
): Promise<TopicsTopUpResult> {
  const started = performance.now();
  const already = Number(
    (
      await db
        .selectFrom('topics')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sort', '>=', SORT_FROM)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const topicCount = already > 0 ? 0 : opts.topics;
  const articleCount = topicCount > 0 ? opts.articles : 0;
  if (topicCount > 0) {
    const authors = (
      await db.selectFrom('users').select('id').where('status', '=', ACTIVE_USER).orderBy('id').execute()
    ).map((r) => r.id);
    if (authors.length === 0)
      throw new Error('bench topics: no users to author articles (seed the demo content first)');
    const random = seededRandom(opts.seed ?? BENCH_SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

    // Which topic each article goes to (skewed towards the first topics), and whether it is approved.
    const topicOf = new Int32Array(articleCount);
    const approved = new Uint8Array(articleCount);
    const approvedIn = new Int32Array(topicCount);
    for (let i = 0; i < articleCount; i++) {
      const t = Math.min(topicCount - 1, Math.floor(topicCount * random() ** 2));
      topicOf[i] = t;
      approved[i] = random() < 0.9 ? 1 : 0;
      if (approved[i]) approvedIn[t]! += 1;
    }

    const topicRow = (i: number): Insertable<TopicsTable> => {
      const siteId = (i % 2) + 1;
      const zh = siteId === 1;
      const subject = pick(zh ? ZH_SUBJECTS : EN_SUBJECTS);
      const angle = pick(zh ? ZH_ANGLES : EN_ANGLES);
      return {
        site_id: siteId,
        title: zh ? `${subject}${angle}（专题 ${i + 1}）` : `${subject}: ${angle} (topic ${i + 1})`,
        description: zh
          ? `围绕${subject}的${angle}，收录社区成员的原创与转载文章，由主持人审核。`
          : `Articles by members on ${subject}, ${angle}: originals and reprints, reviewed by the topic's hosts.`,
        sort: SORT_FROM + i,
        article_count: approvedIn[i]!,
        follower_count: Math.floor(random() * 500),
        created_at: opts.now - YEAR - Math.floor(random() * YEAR),
      };
    };

    await db.transaction().execute(async (trx) => {
      const topicIds: number[] = [];
      for (let from = 0; from < topicCount; from += BATCH_ROWS) {
        const batch: Insertable<TopicsTable>[] = [];
        for (let i = from; i < Math.min(topicCount, from + BATCH_ROWS); i++) batch.push(topicRow(i));
        for (const r of await trx.insertInto('topics').values(batch).returning('id').execute()) topicIds.push(r.id);
      }

      const articleRow = (i: number): Insertable<TopicArticlesTable> => {
        const t = topicOf[i]!;
        const siteId = (t % 2) + 1;
        const zh = siteId === 1;
        const subject = pick(zh ? ZH_SUBJECTS : EN_SUBJECTS);
        const angle = pick(zh ? ZH_ANGLES : EN_ANGLES);
        const created = opts.now - Math.floor(random() * YEAR);
        const isApproved = approved[i] === 1;
        const reprint = random() < 0.2;
        const paragraph = zh
          ? `<p>本文从${subject}的${angle}出发，结合生产环境的容量规划、性能基线与故障演练，整理了我们在部署和运维过程中的经验与教训。</p>`
          : `<p>This article looks at ${subject} (${angle}), from capacity planning and performance baselines to failure drills in production, and what we learned deploying and running it.</p>`;
        return {
          site_id: siteId,
          topic_id: topicIds[t]!,
          author_id: authors[Math.floor(random() * authors.length)]!,
          title: zh ? `${subject}${angle}：第 ${i + 1} 篇` : `${subject}, ${angle}: article ${i + 1}`,
          content_html: `<h2>${zh ? '背景' : 'Background'}</h2>${paragraph}${paragraph}<h2>${zh ? '结论' : 'Conclusions'}</h2>${paragraph}`,
          source: reprint ? ARTICLE_SOURCE.reprint : ARTICLE_SOURCE.original,
          source_url: reprint ? `https://blog.example.com/storage/${i + 1}` : '',
          is_expert: random() < 0.1 ? EXPERT_FLAG.expert : EXPERT_FLAG.normal,
          status: isApproved ? REVIEW_STATUS.approved : REVIEW_STATUS.pending,
          view_count: isApproved ? Math.floor(random() * 3000) : 0,
          like_count: isApproved ? Math.floor(random() * 150) : 0,
          favourite_count: isApproved ? Math.floor(random() * 40) : 0,
          published_at: isApproved ? created + Math.floor(random() * DAY) : null,
          featured_at: isApproved && random() < 0.02 ? created + 2 * DAY : null,
          created_at: created,
          updated_at: created,
        };
      };
      for (let from = 0; from < articleCount; from += BATCH_ROWS) {
        const batch: Insertable<TopicArticlesTable>[] = [];
        for (let i = from; i < Math.min(articleCount, from + BATCH_ROWS); i++) batch.push(articleRow(i));
        await trx.insertInto('topic_articles').values(batch).execute();
      }
    });
  }
  return {
    topicsInserted: topicCount,
    articlesInserted: articleCount,
    topicsPerSite: await topicsPerSite(db),
    approvedPerSite: await articlesPerSite(db, REVIEW_STATUS.approved),
    pending: total(await articlesPerSite(db, REVIEW_STATUS.pending)),
    ms: Math.round(performance.now() - started),
  };
}

export interface TopicRef {
  id: number;
  title: string;
}

export interface TopicBenchFacts {
  /** The topic of site 1 with the most approved articles. */
  busiestTopic: (TopicRef & { articles: number }) | null;
  /** `detailTopics` topics of site 1 picked at random (seeded), for the topic page's renders. */
  topics: TopicRef[];
  /** `detailArticles` approved articles of site 1 picked at random (seeded), for the article page's renders. */
  articles: TopicRef[];
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

/** What the topics benchmark's requests are made of, read from the seeded database. */
export async function readTopicFacts(
  db: Kysely<DB>,
  opts: { detailTopics: number; detailArticles: number; seed?: number },
): Promise<TopicBenchFacts> {
  const seed = opts.seed ?? BENCH_SEED;
  const busiest = await db
    .selectFrom('topics')
    .select(['id', 'title', 'article_count'])
    .where('site_id', '=', 1)
    .where('archived_at', 'is', null)
    .orderBy('article_count', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const topics = await db
    .selectFrom('topics')
    .select(['id', 'title'])
    .where('site_id', '=', 1)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .execute();
  const articles = await db
    .selectFrom('topic_articles')
    .select(['id', 'title'])
    .where('site_id', '=', 1)
    .where('status', '=', REVIEW_STATUS.approved)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return {
    busiestTopic: busiest ? { id: busiest.id, title: busiest.title, articles: Number(busiest.article_count) } : null,
    topics: shuffledPrefix(topics, opts.detailTopics, seed),
    articles: shuffledPrefix(articles, opts.detailArticles, seed + 1),
  };
}
