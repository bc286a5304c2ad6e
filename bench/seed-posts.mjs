// Tops the posts table up to N published posts (status 20) for the list benchmarks, straight into the
// SQLite file with better-sqlite3: one transaction, one prepared statement. Authors are existing
// users; created_at is spread over the past year; site_id alternates 1 (Chinese) and 2 (English).
// Deterministic: the same seed gives the same rows.
//
//   node bench/seed-posts.mjs <DATA_DIR/portal.sqlite> [--posts=100000]
//
// Run it while the server is stopped (the measured server is started afterwards).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { parseArgs } from './lib/server.mjs';

const PUBLISHED = 20;
const YEAR = 365 * 86_400_000;

/** mulberry32: small, fast, seeded. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
const EN_VERBS = [
  'buying notes',
  'tuning in practice',
  'a troubleshooting log',
  'migration plans',
  'operations lessons',
  'cost comparison',
  'architecture questions',
];

/**
 * @returns {{ inserted: number, published: number, perSite: Record<number, number>, ms: number }}
 */
export function seedPosts(file, { posts = 100_000, now = Date.now(), seed = 20261121 } = {}) {
  const started = performance.now();
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    const existing = db.prepare('select count(*) as n from posts where status = ?').get(PUBLISHED).n;
    const need = Math.max(0, posts - existing);
    const authors = db
      .prepare('select id from users where status = 1 order by id')
      .all()
      .map((r) => r.id);
    if (need > 0 && authors.length === 0)
      throw new Error('seed-posts: no users to author posts (seed the demo content first)');

    const insert = db.prepare(`insert into posts
      (site_id, author_id, group_id, board_id, type, title, summary, content_html, industry_id, scene_id, source,
       is_expert, status, view_count, like_count, comment_count, created_at, updated_at)
      values (?, ?, null, null, ?, ?, ?, ?, null, null, 10, ?, ${PUBLISHED}, ?, ?, ?, ?, ?)`);
    const random = rng(seed);
    const pick = (list) => list[Math.floor(random() * list.length)];

    db.transaction(() => {
      for (let i = 0; i < need; i++) {
        const site = (i % 2) + 1;
        const zh = site === 1;
        const topic = pick(zh ? ZH_TOPICS : EN_TOPICS);
        const verb = pick(zh ? ZH_VERBS : EN_VERBS);
        const title = zh ? `${topic}${verb}（第 ${i + 1} 帖）` : `${topic}: ${verb} (#${i + 1})`;
        const summary = zh
          ? `围绕${topic}的${verb}，整理了环境、步骤和遇到的问题，欢迎一起讨论。`.repeat(2)
          : `Notes on ${topic}: ${verb}, with the environment, the steps and the problems we met. Comments welcome.`;
        const content = `<p>${summary}</p><p>${zh ? '详细内容见正文。' : 'Details in the body.'}</p>`;
        // Spread over the past year, to the millisecond; ties on created_at are broken by id.
        const created = now - Math.floor(random() * YEAR);
        insert.run(
          site,
          authors[Math.floor(random() * authors.length)],
          random() < 0.8 ? 10 : 20,
          title,
          summary,
          content,
          random() < 0.1 ? 20 : 10,
          Math.floor(random() * 5000),
          Math.floor(random() * 200),
          Math.floor(random() * 80),
          created,
          created,
        );
      }
    })();
    // Leave a clean file for the server: everything in the main database, an empty WAL.
    db.pragma('wal_checkpoint(TRUNCATE)');

    const perSite = Object.fromEntries(
      db
        .prepare('select site_id, count(*) as n from posts where status = ? group by site_id order by site_id')
        .all(PUBLISHED)
        .map((r) => [r.site_id, r.n]),
    );
    const published = Object.values(perSite).reduce((a, b) => a + b, 0);
    return { inserted: need, published, perSite, ms: Math.round(performance.now() - started) };
  } finally {
    db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = parseArgs(process.argv.slice(2).filter((a) => a.startsWith('--')));
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!file) {
    process.stderr.write('usage: node bench/seed-posts.mjs <path/to/portal.sqlite> [--posts=100000]\n');
    process.exit(2);
  }
  const r = seedPosts(path.resolve(file), { posts: Number(args.posts ?? 100_000) });
  process.stdout.write(
    `inserted ${r.inserted} posts in ${r.ms} ms; published now ${r.published} (${Object.entries(r.perSite)
      .map(([s, n]) => `site ${s}: ${n}`)
      .join(', ')})\n`,
  );
}
