// Seeds a portal's database for the benchmarks: migrations, the demo content, then published posts
// topped up to N, through the server's data layer (apps/server/dist/cli/bench-data.js, so SQLite and
// PostgreSQL alike). Each post gets a board, industry and scene of its site, answers on two
// questions in three, its last activity and the product's hot score. Deterministic.
//
//   node bench/seed-posts.mjs <DATA_DIR> [--posts=100000]                    # SQLite: DATA_DIR/portal.sqlite
//   DATABASE_URL=postgres://… node bench/seed-posts.mjs <DATA_DIR> [--posts=100000]
//
// Run it while the server is stopped (SQLite) or before it starts; needs the server build.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchData } from './lib/database.mjs';
import { parseArgs } from './lib/server.mjs';

/**
 * Seeds through the CLI beside `entry` and answers its JSON: `posts` ({inserted, perSite, published,
 * ms}), the facts the requests are made of (busiestBoardId, industryId, sceneId, boardId, hottest, random) and
 * the database kind (`db`).
 */
export function seedPosts({ dataDir, database, posts = 100_000, detailPosts = 0, entry }) {
  return benchData('seed', { dataDir, database, entry, posts, detailPosts });
}

/** One line: what the seeding did. */
export function describeSeeding(r) {
  const n = (v) => v.toLocaleString('en-US');
  return `${r.db}: demo content + ${n(r.posts.inserted)} bulk posts in ${(r.ms / 1000).toFixed(1)} s (posts ${(r.posts.ms / 1000).toFixed(1)} s): ${n(r.posts.published)} published (${Object.entries(
    r.posts.perSite,
  )
    .map(([s, c]) => `site ${s}: ${n(c)}`)
    .join(', ')}), ${r.boards} boards per site`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = parseArgs(process.argv.slice(2).filter((a) => a.startsWith('--')));
  const dataDir = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!dataDir) {
    process.stderr.write('usage: [DATABASE_URL=postgres://…] node bench/seed-posts.mjs <DATA_DIR> [--posts=100000]\n');
    process.exit(2);
  }
  const env = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};
  const r = await seedPosts({
    dataDir: path.resolve(dataDir),
    database: { env },
    posts: Number(args.posts ?? 100_000),
  });
  process.stdout.write(`${describeSeeding(r)}\n`);
}
