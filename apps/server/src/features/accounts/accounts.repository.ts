import { PostgresAdapter, sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import { POST_TYPE } from '@portal/contracts/discussions';
import type { DB, UsersTable } from '../../db/schema';
import { isDictionaryEntry } from '../../platform/dictionaries/dictionaries.repository';
import { refreshSearch } from '../../platform/search/search-index';
import { memberSearchSource } from './accounts.search';

const ACTIVE = 1;
/** Post types of the posts table: discussions and questions. */

/** What the account calls read of a member: never the password hash. */
const MEMBER_COLUMNS = [
  'id',
  'email',
  'mobile',
  'nick_name',
  'avatar_url',
  'real_name',
  'company',
  'job_title',
  'industry_id',
  'contact_mobile',
  'contact_email',
  'is_edit',
  'user_expert',
  'points',
  'status',
  'banned_until',
  'ban_reason',
  'follow_count',
  'fans_count',
] as const;
export type MemberRow = Pick<Selectable<UsersTable>, (typeof MEMBER_COLUMNS)[number]>;

export type Login = { kind: 'email' | 'mobile'; value: string };

export function accountsRepository(db: Kysely<DB>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  return {
    member(id: number) {
      return db.selectFrom('users').select(MEMBER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** The member signing in by email or mobile, with the hash to check the password against. */
    byLogin(login: Login) {
      return db
        .selectFrom('users')
        .select(['id', 'status', 'banned_until', 'ban_reason', 'password_hash'])
        .where(login.kind, '=', login.value)
        .executeTakeFirst();
    },

    async loginExists(login: Login): Promise<boolean> {
      return (
        (await db.selectFrom('users').select('id').where(login.kind, '=', login.value).executeTakeFirst()) !== undefined
      );
    },

    passwordHash(id: number) {
      return db.selectFrom('users').select(['password_hash']).where('id', '=', id).executeTakeFirst();
    },

    async createMember(values: { login: Login; nickName: string; passwordHash: string; now: number }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({
            email: values.login.kind === 'email' ? values.login.value : null,
            mobile: values.login.kind === 'mobile' ? values.login.value : null,
            nick_name: values.nickName,
            password_hash: values.passwordHash,
            industry_id: null,
            // The address they registered with is their first contact; the information page confirms it.
            contact_email: values.login.kind === 'email' ? values.login.value : '',
            contact_mobile: values.login.kind === 'mobile' ? values.login.value : '',
            is_edit: 2,
            user_expert: EXPERT_FLAG.normal,
            status: ACTIVE,
            created_at: values.now,
            updated_at: values.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await refreshSearch(trx, memberSearchSource, [row.id]);
        return row.id;
      });
    },

    async updateMember(id: number, values: Updateable<UsersTable>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set(values).where('id', '=', id).execute();
        // Members are found by nickname.
        if (values.nick_name !== undefined || values.status !== undefined) {
          await refreshSearch(trx, memberSearchSource, [id]);
        }
      });
    },

    isIndustry: (siteId: number, id: number) => isDictionaryEntry(db, siteId, 'industry', id),

    /** Approved topic articles, published discussions and questions of a member, on every site. */
    /**
     * What the profile card counts, read from the items themselves so the figures cannot drift on
     * either database: published posts and questions that are neither deleted nor hidden, approved
     * topic articles, and comments and replies (a question's answers included) that are neither
     * deleted nor hidden, on such a post. Deleting or hiding an item takes it off at once.
     */
    async contentCounts(id: number) {
      const count = sql<number>`count(*)`.as('n');
      const [articles, posts, comments] = await Promise.all([
        db
          .selectFrom('topic_articles')
          .select(count)
          .where('author_id', '=', id)
          .where('status', '=', REVIEW_STATUS.approved)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('posts')
          .select(['type', count])
          .where('author_id', '=', id)
          .where('status', '=', REVIEW_STATUS.approved)
          .where('hidden', '=', 0)
          .where('deleted_at', 'is', null)
          .where('type', 'in', [POST_TYPE.discussion, POST_TYPE.question])
          .groupBy('type')
          .execute(),
        db
          .selectFrom('post_comments as c')
          .innerJoin('posts as p', 'p.id', 'c.post_id')
          .select(count)
          .where('c.author_id', '=', id)
          .where('c.hidden', '=', 0)
          .where('c.deleted_at', 'is', null)
          .where('p.status', '=', REVIEW_STATUS.approved)
          .where('p.hidden', '=', 0)
          .where('p.deleted_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      const byType = new Map(posts.map((p) => [p.type, Number(p.n)]));
      return {
        articles: Number(articles.n),
        posts: byType.get(POST_TYPE.discussion) ?? 0,
        questions: byType.get(POST_TYPE.question) ?? 0,
        comments: Number(comments.n),
      };
    },

    async follows(followerId: number, followeeId: number): Promise<boolean> {
      const row = await db
        .selectFrom('user_follows')
        .select('follower_id')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    // Sessions --------------------------------------------------------------------------------

    async createSession(values: {
      userId: number;
      tokenHash: string;
      now: number;
      expiresAt: number;
      ip: string;
      userAgent: string;
    }) {
      const row = await db
        .insertInto('sessions')
        .values({
          user_id: values.userId,
          token_hash: values.tokenHash,
          created_at: values.now,
          last_seen_at: values.now,
          expires_at: values.expiresAt,
          revoked_at: null,
          ip: values.ip.slice(0, 64),
          user_agent: values.userAgent.slice(0, 255),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A live session of an active member, by token hash. */
    liveSession(tokenHash: string, now: number) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.user_id',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'users.is_edit',
          'users.nick_name',
          'users.avatar_url',
          'users.points_earned',
          'users.banned_until',
          'users.ban_reason',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .where('users.status', '=', ACTIVE)
        .executeTakeFirst();
    },

    /** Slides the expiry; the condition keeps two requests in the same second from both writing. */
    async touchSession(id: number, lastSeenBefore: number, now: number, expiresAt: number): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ last_seen_at: now, expires_at: expiresAt })
        .where('id', '=', id)
        .where('last_seen_at', '<=', lastSeenBefore)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async revokeSession(id: number, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every live session of a member, but `keep` when given. */
    async revokeSessionsOf(userId: number, now: number, keep?: number): Promise<number> {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keep !== undefined) query = query.where('id', '!=', keep);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    // One-time codes ----------------------------------------------------------------------------

    /**
     * Stores a code unless one went to this target less than `resendMs` ago, in one statement so that
     * two requests at once cannot both send. PostgreSQL runs it under a per-target advisory lock:
     * under READ COMMITTED two inserts could otherwise both see no recent row; SQLite writes one at a
     * time anyway. Answers the new row's id, or the time of the recent send that blocks it.
     */
    async insertCodeUnlessRecent(values: {
      channel: string;
      target: string;
      purpose: string;
      codeHash: string;
      now: number;
      expiresAt: number;
      resendMs: number;
    }): Promise<{ id: number } | { blockedSince: number }> {
      return db.transaction().execute(async (trx) => {
        if (isPostgres) await sql`select pg_advisory_xact_lock(hashtext(${`code:${values.target}`}))`.execute(trx);
        const recent = await trx
          .selectFrom('verification_codes')
          .select('created_at')
          .where('target', '=', values.target)
          .where('created_at', '>', values.now - values.resendMs)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (recent) return { blockedSince: recent.created_at };
        const row = await trx
          .insertInto('verification_codes')
          .values({
            channel: values.channel,
            target: values.target,
            purpose: values.purpose,
            code_hash: values.codeHash,
            created_at: values.now,
            expires_at: values.expiresAt,
            used_at: null,
            attempts: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: row.id };
      });
    },

    async deleteCode(id: number): Promise<void> {
      await db.deleteFrom('verification_codes').where('id', '=', id).execute();
    },

    /** The newest code for a target and purpose: only the latest one sent can be used. */
    latestCode(channel: string, target: string, purpose: string) {
      return db
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'expires_at', 'used_at', 'attempts'])
        .where('target', '=', target)
        .where('channel', '=', channel)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Counts a wrong try; false when the code had already used up its tries (or was used). */
    async countWrongTry(id: number, maxAttempts: number): Promise<boolean> {
      const result = await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', maxAttempts)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Marks a code used; only one of two requests racing with the same code gets true. */
    async useCode(id: number, now: number, maxAttempts: number): Promise<boolean> {
      const result = await db
        .updateTable('verification_codes')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', maxAttempts)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    // Sign-in failures --------------------------------------------------------------------------

    /**
     * Failures of a key since `since`, and the time of the `allowed`-th newest one: the refusal
     * lifts when that one leaves the window.
     */
    async failures(scope: 'account' | 'ip', key: string, since: number, allowed: number) {
      const row = await db
        .selectFrom('auth_failures')
        .select('created_at')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(1)
        .offset(allowed - 1)
        .executeTakeFirst();
      return row ? { blockingSince: row.created_at } : null;
    },

    /** Failures of a key since a moment (the sign-in window). */
    async failureCount(scope: 'account' | 'ip', key: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('auth_failures')
        .select(sql<number>`count(*)`.as('n'))
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async recordFailures(entries: Array<{ scope: 'account' | 'ip'; key: string }>, now: number): Promise<void> {
      await db
        .insertInto('auth_failures')
        .values(entries.map((e) => ({ scope: e.scope, key: e.key.slice(0, 254), created_at: now })))
        .execute();
    },

    async clearFailures(scope: 'account' | 'ip', keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.deleteFrom('auth_failures').where('scope', '=', scope).where('key', 'in', keys).execute();
    },

    /** Drops what can no longer matter: old failures and codes, sessions ended long ago. */
    async sweep(opts: { failuresBefore: number; codesBefore: number; sessionsBefore: number }) {
      await db.deleteFrom('auth_failures').where('created_at', '<', opts.failuresBefore).execute();
      await db.deleteFrom('verification_codes').where('expires_at', '<', opts.codesBefore).execute();
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<', opts.sessionsBefore), eb('revoked_at', '<', opts.sessionsBefore)]))
        .execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
