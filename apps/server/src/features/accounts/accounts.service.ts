import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  CurrentUser,
  ProfileCard,
  changePassword,
  login as loginCall,
  loginByCode,
  register,
  resetPassword,
  saveInformation,
  updateAccount,
} from '@portal/contracts/accounts';
import { IS_EDIT } from '@portal/contracts/constants';
import { STATUS } from '@portal/contracts/envelope';
import type { Site } from '@portal/contracts/sites';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { invalidField } from '../../http/invalid-field';
import type { SignedInMember } from '../../http/register-call';
import { hashPassword, verifyPassword } from '../../lib/password';
import { memberBriefs } from '../../platform/members/member-brief.repository';
import { isUniqueViolation } from '../../db/unique-violation';
import { accountsRepository, type Login, type MemberRow } from './accounts.repository';
import { loginOf, type CodesService } from './codes.service';
import type { Clock, SessionsService } from './sessions.service';

type Body<C extends { body: z.ZodType }> = z.output<C['body']>;

const ACTIVE = 1;

/** Who is signing in from where; kept on the session row. */
export interface SignInMeta {
  ip: string;
  userAgent: string;
  /** The site signed in on: badges that belong to one site show there only. */
  siteId: number;
}

export interface SignedIn {
  token: string;
  user: CurrentUser;
}

/** The sign-in name as typed: an email address (any case) or a mobile number. */
export function loginOfAccount(account: string): Login {
  const value = account.trim();
  return value.includes('@') ? { kind: 'email', value: value.toLowerCase() } : { kind: 'mobile', value };
}

/** A wrong password, with the sign-ins left before the limit (the same for an unknown account). */
function wrongCredentials(remainingAttempts: number) {
  return new ApiError(401, STATUS.refused, 'accounts.wrongCredentials', {}, { remaining_attempts: remainingAttempts });
}

function banned() {
  return new ApiError(403, STATUS.refused, 'accounts.banned');
}

/** Disabled accounts and accounts under a ban in force cannot sign in; a ban says until when and why. */
function assertMaySignIn(member: Pick<MemberRow, 'status' | 'banned_until' | 'ban_reason'>, now: number): void {
  if (member.status !== ACTIVE) throw banned();
  const until = member.banned_until === null ? 0 : Number(member.banned_until);
  if (until > now) {
    throw new ApiError(403, STATUS.refused, 'accounts.bannedUntil', {
      until: new Date(until).toISOString().slice(0, 10),
      reason: member.ban_reason,
    });
  }
}

/**
 * Registration, sign-in by password or code, recovery, the member's own information and the
 * profile card. Abuse limits: failed password sign-ins are counted in the database per account and
 * per IP, so that both storage modes and several processes agree.
 */
export function accountsService(
  db: Kysely<DB>,
  deps: {
    sessions: SessionsService;
    codes: CodesService;
    clock: Clock;
    signIn: { failuresAllowed: number; windowMs: number };
  },
) {
  const repo = accountsRepository(db);
  const { sessions, codes, clock, signIn } = deps;
  // A wrong password for an unknown account costs one scrypt too, so timing does not tell them apart.
  const dummyHash = hashPassword(crypto.randomBytes(18).toString('base64'));
  dummyHash.catch(() => undefined);

  type FailureKey = { scope: 'account' | 'ip'; key: string };

  /** How many more failures the keys allow in the window: the fewest any of them has left. */
  async function remainingAttempts(keys: FailureKey[]): Promise<number> {
    const since = clock.now() - signIn.windowMs;
    const counts = await Promise.all(keys.map((k) => repo.failureCount(k.scope, k.key, since)));
    return Math.max(0, signIn.failuresAllowed - Math.max(0, ...counts));
  }

  /** Refuses while a key has used up its failures in the window, saying when to try again. */
  async function assertNotThrottled(keys: FailureKey[]): Promise<void> {
    const now = clock.now();
    const found = await Promise.all(
      keys.map((k) => repo.failures(k.scope, k.key, now - signIn.windowMs, signIn.failuresAllowed)),
    );
    const waits = found.flatMap((f) => (f ? [f.blockingSince + signIn.windowMs - now] : []));
    if (waits.length === 0) return;
    const waitMs = Math.max(...waits);
    throw ApiError.throttled('accounts.tooManyFailures', waitMs / 1000, {
      minutes: Math.max(1, Math.ceil(waitMs / 60_000)),
    });
  }

  async function currentUser(id: number, siteId: number): Promise<CurrentUser> {
    const [member, briefs, counts] = await Promise.all([
      repo.member(id),
      memberBriefs(db, [id], siteId),
      repo.contentCounts(id),
    ]);
    const brief = briefs.get(id);
    if (!member || !brief) throw ApiError.unauthorized();
    return {
      ...brief,
      user_name: member.real_name,
      user_company: member.company,
      user_job_title: member.job_title,
      user_industry: member.industry_id,
      user_contact_mobile: member.contact_mobile,
      user_contact_email: member.contact_email,
      user_expert: member.user_expert,
      is_edit: member.is_edit,
      user_topic_article_count: counts.articles,
      user_post_count: counts.posts,
      user_comment_count: counts.comments,
      user_que_count: counts.questions,
      user_follow_count: member.follow_count,
      user_fans_count: member.fans_count,
    };
  }

  async function startSession(userId: number, meta: SignInMeta): Promise<SignedIn> {
    const { token } = await sessions.start(userId, meta);
    return { token, user: await currentUser(userId, meta.siteId) };
  }

  return {
    currentUser,

    async register(body: Body<typeof register>, meta: SignInMeta): Promise<SignedIn> {
      // The code first: only someone who holds the address learns that it is registered.
      if (!(await codes.consume(body, 'register', body.code))) throw ApiError.refused('accounts.codeWrong');
      const login = loginOf(body);
      if (await repo.loginExists(login)) throw ApiError.refused('accounts.accountExists');
      const passwordHash = await hashPassword(body.password);
      let userId: number;
      try {
        userId = await repo.createMember({ login, nickName: body.user_nick_name, passwordHash, now: clock.now() });
      } catch (err) {
        if (isUniqueViolation(err)) throw ApiError.refused('accounts.accountExists');
        throw err;
      }
      return startSession(userId, meta);
    },

    async login(body: Body<typeof loginCall>, meta: SignInMeta): Promise<SignedIn> {
      const login = loginOfAccount(body.account);
      const keys: FailureKey[] = [
        { scope: 'account', key: `${login.kind}:${login.value}` },
        { scope: 'ip', key: meta.ip },
      ];
      await assertNotThrottled(keys);
      const member = await repo.byLogin(login);
      const ok = await verifyPassword(body.password, member?.password_hash ?? (await dummyHash));
      if (!member || !member.password_hash || !ok) {
        await repo.recordFailures(keys, clock.now());
        throw wrongCredentials(await remainingAttempts(keys));
      }
      assertMaySignIn(member, clock.now());
      await repo.clearFailures('account', [keys[0]!.key]);
      return startSession(member.id, meta);
    },

    async loginByCode(body: Body<typeof loginByCode>, meta: SignInMeta): Promise<SignedIn> {
      // Codes for sign-in go only to registered addresses, so an unknown one has no right code.
      if (!(await codes.consume(body, 'login', body.code))) throw ApiError.refused('accounts.codeWrong');
      const member = await repo.byLogin(loginOf(body));
      if (!member) throw ApiError.refused('accounts.codeWrong');
      assertMaySignIn(member, clock.now());
      return startSession(member.id, meta);
    },

    /** A new password by recovery code; every session of the account ends, and its lock-out lifts. */
    async resetPassword(body: Body<typeof resetPassword>): Promise<null> {
      if (!(await codes.consume(body, 'reset', body.code))) throw ApiError.refused('accounts.codeWrong');
      const login = loginOf(body);
      const member = await repo.byLogin(login);
      if (!member) throw ApiError.refused('accounts.codeWrong');
      await repo.updateMember(member.id, { password_hash: await hashPassword(body.password), updated_at: clock.now() });
      await sessions.endAll(member.id);
      await repo.clearFailures('account', [`${login.kind}:${login.value}`, `user:${member.id}`]);
      return null;
    },

    logout: (member: SignedInMember) => sessions.end(member.sessionId),

    async saveInformation(
      member: SignedInMember,
      site: Site,
      body: Body<typeof saveInformation>,
    ): Promise<CurrentUser> {
      if (!(await repo.isIndustry(site.tws_id, body.user_industry))) {
        throw invalidField(site.lang, 'user_industry', 'accounts.industryRequired');
      }
      await repo.updateMember(member.id, {
        real_name: body.user_name,
        company: body.user_company,
        job_title: body.user_job_title,
        industry_id: body.user_industry,
        contact_mobile: body.user_contact_mobile,
        contact_email: body.user_contact_email.toLowerCase(),
        is_edit: IS_EDIT.complete,
        updated_at: clock.now(),
      });
      return currentUser(member.id, site.tws_id);
    },

    async updateAccount(member: SignedInMember, site: Site, body: Body<typeof updateAccount>): Promise<CurrentUser> {
      await repo.updateMember(member.id, {
        ...(body.user_nick_name !== undefined ? { nick_name: body.user_nick_name } : {}),
        ...(body.user_contact_mobile !== undefined ? { contact_mobile: body.user_contact_mobile } : {}),
        ...(body.user_contact_email !== undefined ? { contact_email: body.user_contact_email.toLowerCase() } : {}),
        updated_at: clock.now(),
      });
      return currentUser(member.id, site.tws_id);
    },

    /** Needs the current password (counted like a sign-in failure when wrong); other sessions end. */
    async changePassword(member: SignedInMember, body: Body<typeof changePassword>): Promise<null> {
      const keys: FailureKey[] = [{ scope: 'account', key: `user:${member.id}` }];
      await assertNotThrottled(keys);
      const row = await repo.passwordHash(member.id);
      const ok = await verifyPassword(body.old_password, row?.password_hash ?? (await dummyHash));
      if (!row?.password_hash || !ok) {
        await repo.recordFailures(keys, clock.now());
        throw ApiError.refused('accounts.oldPasswordWrong');
      }
      await repo.updateMember(member.id, { password_hash: await hashPassword(body.password), updated_at: clock.now() });
      await sessions.endOthers(member.id, member.sessionId);
      return null;
    },

    /** Points the member at a new avatar; answers the one it replaces. */
    async setAvatar(userId: number, url: string): Promise<string | null> {
      const previous = await repo.member(userId);
      await repo.updateMember(userId, { avatar_url: url, updated_at: clock.now() });
      return previous?.avatar_url ?? null;
    },

    /** The profile card: public fields and counts only, plus whether the viewer follows them. */
    async profileCard(id: number, site: Site, viewer: SignedInMember | null): Promise<ProfileCard> {
      const [member, briefs, counts, followed] = await Promise.all([
        repo.member(id),
        memberBriefs(db, [id], site.tws_id),
        repo.contentCounts(id),
        viewer && viewer.id !== id ? repo.follows(viewer.id, id) : Promise.resolve(false),
      ]);
      const brief = briefs.get(id);
      if (!member || member.status !== ACTIVE || !brief) throw ApiError.notFound('accounts.userNotFound');
      return {
        ...brief,
        user_topic_article_count: counts.articles,
        user_post_count: counts.posts,
        user_comment_count: counts.comments,
        user_que_count: counts.questions,
        user_follow_count: member.follow_count,
        user_fans_count: member.fans_count,
        have_be_follow: followed ? 1 : 0,
        is_self: viewer?.id === id,
      };
    },

    sweep() {
      const now = clock.now();
      return repo.sweep({
        failuresBefore: now - signIn.windowMs,
        codesBefore: now - 86_400_000,
        sessionsBefore: now - 30 * 86_400_000,
      });
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
