import crypto from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { ARTICLE_SOURCE, REVIEW_STATUS } from '@portal/contracts/constants';
import { POST_TYPE } from '@portal/contracts/discussions';
import { POINT_RULES } from '@portal/contracts/points';
import type { DB, PostsTable } from '../db/schema';
import { hashToken } from '../features/accounts/sessions.service';
import { recordHistory, type PointsHistoryRow } from '../platform/points/points.service';

const DAY = 86_400_000;
const YEAR = 365 * DAY;
/** SQLite builds may cap bound variables at 999: rows per insert stay under it. */
const BATCH = 40;

/** What bench/personal-centre.mjs renders with: the member's session and what they hold. */
export interface PersonalCentreBenchFacts {
  userId: number;
  token: string;
  ledgerRows: number;
  posts: number;
  comments: number;
  favourites: number;
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

async function member(db: Kysely<DB>, tag: string, now: number) {
  const row = await db
    .insertInto('users')
    .values({
      email: `centre-${tag}@bench.example.com`,
      nick_name: `Centre ${tag}`,
      password_hash: null,
      real_name: 'Bench Centre',
      company: 'Bench Storage',
      job_title: 'Engineer',
      is_edit: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The personal centre benchmark's member (issue 22's bench line): a session, `ledgerRows` points
 * ledger rows over the past year (the achievements' history), and `items` items split between the
 * member's own posts (discussions and questions in every review status), comments and replies others
 * wrote to them (the interactions) and favourite posts (by another member), on the English site.
 */
export async function seedBenchPersonalCentre(
  db: Kysely<DB>,
  opts: { ledgerRows: number; items: number; now: number },
): Promise<PersonalCentreBenchFacts> {
  const now = opts.now;
  const tag = crypto.randomBytes(4).toString('hex');
  const userId = await member(db, tag, now);
  const other = await member(db, `${tag}-other`, now);
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      last_seen_at: now,
      expires_at: now + 30 * DAY,
      revoked_at: null,
    })
    .execute();

  const postsCount = Math.round(opts.items * 0.3);
  const favouritesCount = Math.round(opts.items * 0.3);
  const commentsCount = opts.items - postsCount - favouritesCount;
  const statuses = [REVIEW_STATUS.approved, REVIEW_STATUS.approved, REVIEW_STATUS.approved, REVIEW_STATUS.pending];
  const post = (authorId: number, i: number): Insertable<PostsTable> => {
    const created = now - Math.floor((i / Math.max(1, postsCount)) * YEAR) - 1;
    const type = i % 3 === 0 ? POST_TYPE.question : POST_TYPE.discussion;
    return {
      site_id: 2,
      author_id: authorId,
      group_id: null,
      board_id: null,
      type,
      title: `Centre bench ${type === POST_TYPE.question ? 'question' : 'post'} ${i + 1}`,
      summary: 'Notes on sizing object storage for backups.',
      content_html: '<p>Notes on sizing object storage for backups.</p>',
      industry_id: null,
      scene_id: null,
      source: ARTICLE_SOURCE.original,
      status: authorId === userId ? statuses[i % statuses.length]! : REVIEW_STATUS.approved,
      last_activity_at: created,
      created_at: created,
      updated_at: created,
    };
  };

  return db.transaction().execute(async (trx) => {
    const mine: number[] = [];
    await insertBatches(
      Array.from({ length: postsCount }, (_, i) => post(userId, i)),
      async (batch) =>
        mine.push(...(await trx.insertInto('posts').values(batch).returning('id').execute()).map((r) => Number(r.id))),
    );
    const theirs: number[] = [];
    await insertBatches(
      Array.from({ length: favouritesCount }, (_, i) => post(other, i)),
      async (batch) =>
        theirs.push(
          ...(await trx.insertInto('posts').values(batch).returning('id').execute()).map((r) => Number(r.id)),
        ),
    );
    await insertBatches(
      theirs.map((postId, i) => ({ post_id: postId, user_id: userId, created_at: now - i * 60_000 })),
      (batch) => trx.insertInto('post_favourites').values(batch).execute(),
    );
    // Others' comments on the member's public posts: top-level ones, and a reply under each few.
    const open = mine.filter((_, i) => statuses[i % statuses.length] === REVIEW_STATUS.approved);
    const comments = Array.from({ length: commentsCount }, (_, i) => ({
      post_id: open[i % open.length]!,
      site_id: 2,
      author_id: other,
      parent_id: null,
      reply_to_user_id: null,
      content: `A comment from the bench, number ${i + 1}: how did the restore test go?`,
      created_at: now - i * 30_000,
      updated_at: now - i * 30_000,
    }));
    await insertBatches(comments, (batch) => trx.insertInto('post_comments').values(batch).execute());

    const rows: PointsHistoryRow[] = Array.from({ length: opts.ledgerRows }, (_, i) => ({
      userId,
      siteId: (i % 2) + 1,
      rule: POINT_RULES[i % POINT_RULES.length]!,
      amount: 1 + (i % 5),
      source: { kind: 'bench', id: i + 1 },
      createdAt: now - Math.floor((i / opts.ledgerRows) * YEAR),
    }));
    await recordHistory(trx, rows);
    return {
      userId,
      token,
      ledgerRows: opts.ledgerRows,
      posts: mine.length,
      comments: comments.length,
      favourites: theirs.length,
    };
  });
}
