import { ARTICLE_SOURCE, EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import { POST_TYPE } from '@portal/contracts/discussions';
import type { Insertable, Kysely } from 'kysely';
import type { DB, PostsTable } from '../db/schema';
import { hotScore } from '../features/discussions/hot-score';
import { seededRandom } from './seeded-random';

/**
 * Bulk posts for the benchmarks (bench/, through cli/bench-data.ts), written through Kysely so that
 * the same code fills SQLite and PostgreSQL. Deterministic: the same seed and `now` give the same rows.
 */

const PUBLISHED = REVIEW_STATUS.approved;
const YEAR = 365 * 86_400_000;
/** Users the demo seeds and members who registered: the authors of bulk posts. */
const ACTIVE_USER = 1;
/**
 * Rows per multi-row insert. A post binds 21 values: 1,000 rows stay under both SQLite's (32,766 in
 * better-sqlite3's build) and PostgreSQL's (65,535) limits of bound values per statement.
 */
const BATCH_ROWS = 1000;
/** Posts per transaction. */
const COMMIT_ROWS = 50_000;
export const BENCH_SEED = 20261121;

const ZH_TOPICS = [
  '分布式存储',
  '全闪存阵列',
  '数据备份',
  '容灾演练',
  '对象存储',
  'NVMe-oF',
  '存储虚拟化',
  '数据湖',
  '勒索软件防护',
  '超融合',
];
const ZH_VERBS = ['选型经验', '性能调优实践', '故障排查记录', '迁移方案讨论', '运维心得', '成本对比', '架构设计问题'];
const EN_TOPICS = [
  'distributed storage',
  'all-flash arrays',
  'backup',
  'DR drills',
  'object storage',
  'NVMe-oF',
  'storage virtualization',
  'data lakes',
  'ransomware protection',
  'hyperconverged',
];
/**
 * What posts say besides their topic: the words the search benchmark asks for (snapshots, Ceph,
 * 性能, NVMe-oF, dedup), picked by the post's number so the generator's other draws stay as they were.
 */
const ZH_DETAILS = [
  'Ceph 分布式集群扩容后的快照策略',
  '重复数据删除对 NVMe-oF 性能的影响',
  '纠删码 EC 8+3 与三副本的容量对比',
  'S3 网关吞吐和小文件性能',
  '备份窗口、归档和冷数据分层',
  'RDMA 网络延迟排查',
  '元数据服务的高可用',
];
const EN_DETAILS = [
  'Ceph cluster snapshots after expansion',
  'dedup and compression on NVMe-oF targets',
  'erasure coding EC 8+3 against three replicas',
  'S3 gateway throughput with small files',
  'backup windows, archives and cold tiers',
  'chasing RDMA latency',
  'highly available metadata services',
];
const EN_VERBS = [
  'buying notes',
  'tuning in practice',
  'a troubleshooting log',
  'migration plans',
  'operations lessons',
  'cost comparison',
  'architecture questions',
];

export interface TopUpResult {
  inserted: number;
  /** Published posts per site after the top-up. */
  perSite: Record<number, number>;
  published: number;
  ms: number;
}

type DictionaryKind = 'board' | 'industry' | 'scene';

/** The ids of a site's entries of one dictionary kind, in id order. */
export async function dictionaryIds(db: Kysely<DB>, siteId: number, kind: DictionaryKind): Promise<number[]> {
  const rows = await db
    .selectFrom('dictionaries')
    .select('id')
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

async function publishedPerSite(db: Kysely<DB>): Promise<Record<number, number>> {
  const rows = await db
    .selectFrom('posts')
    .select(['site_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', PUBLISHED)
    .groupBy('site_id')
    .orderBy('site_id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.site_id, Number(r.n)]));
}

/**
 * Tops the posts up to `posts` published ones, sites 1 (Chinese) and 2 (English) alternating,
 * authored by the existing users, created over the year before `now`. Each post gets a board,
 * industry and scene of its site (round robin over the dictionary entries), answers on two questions
 * in three, its last activity and the product's hot score, as the discussion lists filter and sort
 * on them. One transaction of multi-row inserts.
 */
export async function topUpPosts(
  db: Kysely<DB>,
  opts: { posts: number; now: number; seed?: number },
): Promise<TopUpResult> {
  const started = performance.now();
  const before = await publishedPerSite(db);
  const need = Math.max(0, opts.posts - Object.values(before).reduce((a, b) => a + b, 0));
  if (need > 0) {
    const authors = (
      await db.selectFrom('users').select('id').where('status', '=', ACTIVE_USER).orderBy('id').execute()
    ).map((r) => r.id);
    if (authors.length === 0) throw new Error('bench posts: no users to author posts (seed the demo content first)');
    const sites = new Map<number, Record<DictionaryKind, number[]>>();
    for (const siteId of [1, 2]) {
      sites.set(siteId, {
        board: await dictionaryIds(db, siteId, 'board'),
        industry: await dictionaryIds(db, siteId, 'industry'),
        scene: await dictionaryIds(db, siteId, 'scene'),
      });
    }
    const random = seededRandom(opts.seed ?? BENCH_SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const nth = (list: number[], i: number) => (list.length ? list[i % list.length]! : null);

    const row = (i: number): Insertable<PostsTable> => {
      const siteId = (i % 2) + 1;
      const zh = siteId === 1;
      const topic = pick(zh ? ZH_TOPICS : EN_TOPICS);
      const verb = pick(zh ? ZH_VERBS : EN_VERBS);
      const title = zh ? `${topic}${verb}（第 ${i + 1} 帖）` : `${topic}: ${verb} (#${i + 1})`;
      const detail = (zh ? ZH_DETAILS : EN_DETAILS)[(i >> 1) % ZH_DETAILS.length]!;
      const summary = zh
        ? `围绕${topic}的${verb}，整理了环境、步骤和遇到的问题，欢迎一起讨论。`.repeat(2)
        : `Notes on ${topic}: ${verb}, with the environment, the steps and the problems we met. Comments welcome.`;
      // Spread over the past year, to the millisecond; ties on created_at are broken by id.
      const created = opts.now - Math.floor(random() * YEAR);
      const author = authors[Math.floor(random() * authors.length)]!;
      const type = random() < 0.8 ? POST_TYPE.discussion : POST_TYPE.question;
      const isExpert = random() < 0.1 ? EXPERT_FLAG.expert : EXPERT_FLAG.normal;
      const view_count = Math.floor(random() * 5000);
      const like_count = Math.floor(random() * 200);
      const comment_count = Math.floor(random() * 80);
      const dict = sites.get(siteId)!;
      return {
        site_id: siteId,
        author_id: author,
        group_id: null,
        board_id: nth(dict.board, i),
        type,
        title,
        summary,
        content_html: `<p>${summary}</p><p>${detail}${zh ? '。详细内容见正文。' : '. Details in the body.'}</p>`,
        industry_id: nth(dict.industry, i >> 2),
        scene_id: nth(dict.scene, i >> 4),
        source: ARTICLE_SOURCE.original,
        is_expert: isExpert,
        status: PUBLISHED,
        view_count,
        like_count,
        comment_count,
        answer_count: type === POST_TYPE.question && i % 3 === 0 ? 0 : Math.floor(comment_count / 2),
        last_activity_at: created,
        hot_score: hotScore(created, { like_count, comment_count, favourite_count: 0 }),
        created_at: created,
        updated_at: created,
      };
    };

    // A transaction per 50,000 posts: a million posts never sit in one transaction (SQLite's WAL,
    // PostgreSQL's snapshot), and a few large commits keep the load fast.
    for (let start = 0; start < need; start += COMMIT_ROWS) {
      await db.transaction().execute(async (trx) => {
        for (let from = start; from < Math.min(need, start + COMMIT_ROWS); from += BATCH_ROWS) {
          const batch: Insertable<PostsTable>[] = [];
          for (let i = from; i < Math.min(need, from + BATCH_ROWS, start + COMMIT_ROWS); i++) batch.push(row(i));
          await trx.insertInto('posts').values(batch).execute();
        }
      });
    }
  }
  const perSite = await publishedPerSite(db);
  return {
    inserted: need,
    perSite,
    published: Object.values(perSite).reduce((a, b) => a + b, 0),
    ms: Math.round(performance.now() - started),
  };
}

export interface PostRef {
  id: number;
  title: string;
}

export interface BenchFacts {
  /** Board entries of site 1. */
  boards: number;
  /** The board of site 1 with the most published questions (the filtered list's board). */
  busiestBoardId: number | null;
  /** The first industry, scene and board of site 1 (in the dictionary's order): what a bench post is filed under. */
  industryId: number | null;
  sceneId: number | null;
  /** A post names a board when its site has some (decision 024). */
  boardId: number | null;
  /** The 100 hottest visible posts of site 1, hottest first (the hot list's order). */
  hottest: PostRef[];
  /** `detailPosts` visible posts of site 1 picked at random (seeded), for the post page's renders. */
  random: PostRef[];
}

async function firstEntry(db: Kysely<DB>, siteId: number, kind: DictionaryKind): Promise<number | null> {
  const row = await db
    .selectFrom('dictionaries')
    .select('id')
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** What the benchmarks' requests are made of, read from the seeded database. */
export async function readBenchFacts(
  db: Kysely<DB>,
  opts: { detailPosts: number; seed?: number },
): Promise<BenchFacts> {
  const visible = () =>
    db
      .selectFrom('posts')
      .select(['id', 'title'])
      .where('site_id', '=', 1)
      .where('status', '=', PUBLISHED)
      .where('hidden', '=', 0)
      .where('deleted_at', 'is', null);
  const busiest = await db
    .selectFrom('posts')
    .select(['board_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('site_id', '=', 1)
    .where('status', '=', PUBLISHED)
    .where('type', '=', POST_TYPE.question)
    .where('board_id', 'is not', null)
    .groupBy('board_id')
    .orderBy('n', 'desc')
    .orderBy('board_id')
    .limit(1)
    .executeTakeFirst();
  const hottest = await visible().orderBy('hot_score', 'desc').orderBy('id', 'desc').limit(100).execute();
  // A seeded partial shuffle rather than the dialects' random(): the same posts on both databases.
  // Not read at all when none are asked (a million posts would be read for nothing).
  const all = opts.detailPosts > 0 ? await visible().orderBy('id').execute() : [];
  const random = seededRandom(opts.seed ?? BENCH_SEED);
  const count = Math.min(opts.detailPosts, all.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (all.length - i));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return {
    boards: (await dictionaryIds(db, 1, 'board')).length,
    busiestBoardId: busiest?.board_id ?? null,
    industryId: await firstEntry(db, 1, 'industry'),
    sceneId: await firstEntry(db, 1, 'scene'),
    boardId: await firstEntry(db, 1, 'board'),
    hottest,
    random: all.slice(0, count),
  };
}

/** Published posts of each of `authors` (the members a benchmark made publish). */
export async function postsByAuthor(db: Kysely<DB>, authors: number[]): Promise<Record<number, number>> {
  if (authors.length === 0) return {};
  const rows = await db
    .selectFrom('posts')
    .select(['author_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('author_id', 'in', authors)
    .groupBy('author_id')
    .orderBy('author_id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.author_id, Number(r.n)]));
}

/** Titles of the posts whose title starts with `prefix` (what a benchmark wrote, looked up after a crash). */
export async function titlesStartingWith(db: Kysely<DB>, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('posts')
    .select('title')
    .where('title', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
  // A % or _ in the prefix matches more than the prefix: keep only the exact starts.
  return rows.map((r) => r.title).filter((title) => title.startsWith(prefix));
}

/** The scrypt cost stored with a member's password (`scrypt$N$r$p$salt$hash`), as the server used it. */
export async function passwordCost(
  db: Kysely<DB>,
  email: string,
): Promise<{ N: number; r: number; p: number; memoryMiB: number } | null> {
  const row = await db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirst();
  const [scheme, N, r, p] = (row?.password_hash ?? '').split('$');
  if (scheme !== 'scrypt') return null;
  return { N: Number(N), r: Number(r), p: Number(p), memoryMiB: (128 * Number(N) * Number(r)) / 2 ** 20 };
}
