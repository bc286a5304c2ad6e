import { IS_EDIT } from '@portal/contracts/constants';
import crypto from 'node:crypto';
import type { AccountsRepository } from './accounts.repository';

/** A session's expiry slides at most this often, so that a busy member does not cost a write per request. */
export const SESSION_TOUCH_MS = 3_600_000;

/** 32 random bytes in base64url: 43 characters. Anything else is not worth a database lookup. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Sessions are found by the SHA-256 of their token: a leaked table does not sign anyone in. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export interface Clock {
  now(): number;
}

export interface LiveSession {
  userId: number;
  sessionId: number;
  /** The expiry moved on: a cookie-borne session gets its cookie again. */
  slid: boolean;
  /** The member completed the information page (is_edit 1). */
  informationComplete: boolean;
  /** What the shell shows of the member (the session's read brings them along). */
  nickName: string;
  avatarUrl: string;
  /** The member's points earned (the navbar shows the level they make; decision 041). */
  pointsEarned: number;
  /** A ban in force. Banning ends every session, so this is for sessions that outlive a ban. */
  banned: { until: number; reason: string } | null;
}

/**
 * Opaque random session tokens, stored hashed, with a sliding lifetime and revocation. The token
 * leaves the server once, in the Set-Cookie of the answer that signs in.
 */
export function sessionsService(repo: AccountsRepository, opts: { ttlMs: number; clock: Clock }) {
  const { ttlMs, clock } = opts;
  return {
    ttlMs,

    async start(
      userId: number,
      meta: { ip: string; userAgent: string },
    ): Promise<{ token: string; sessionId: number }> {
      const token = crypto.randomBytes(32).toString('base64url');
      const now = clock.now();
      const sessionId = await repo.createSession({
        userId,
        tokenHash: hashToken(token),
        now,
        expiresAt: now + ttlMs,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      return { token, sessionId };
    },

    /** The live session of an active member for a token, sliding its expiry at most once an hour. */
    async resolve(token: string | null): Promise<LiveSession | null> {
      if (!token || !TOKEN.test(token)) return null;
      const now = clock.now();
      const session = await repo.liveSession(hashToken(token), now);
      if (!session) return null;
      let slid = false;
      if (now - session.last_seen_at >= SESSION_TOUCH_MS) {
        slid = await repo.touchSession(session.id, now - SESSION_TOUCH_MS, now, now + ttlMs);
      }
      const bannedUntil = session.banned_until === null ? 0 : Number(session.banned_until);
      return {
        userId: session.user_id,
        sessionId: session.id,
        slid,
        informationComplete: session.is_edit === IS_EDIT.complete,
        nickName: session.nick_name,
        avatarUrl: session.avatar_url,
        pointsEarned: Number(session.points_earned),
        banned: bannedUntil > now ? { until: bannedUntil, reason: session.ban_reason } : null,
      };
    },

    end: (sessionId: number) => repo.revokeSession(sessionId, clock.now()),
    endOthers: (userId: number, keepSessionId: number) => repo.revokeSessionsOf(userId, clock.now(), keepSessionId),
    endAll: (userId: number) => repo.revokeSessionsOf(userId, clock.now()),
  };
}

export type SessionsService = ReturnType<typeof sessionsService>;
