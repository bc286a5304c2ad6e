import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SignedInMember } from '../../http/register-call';
import { siteAccess } from '../../platform/roles/access';
import type { SessionsService } from './sessions.service';

export interface SessionCookieOptions {
  /** Secure cookies in production (HTTPS); plain HTTP works in development and tests. */
  secure: boolean;
  ttlMs: number;
}

/** The session cookie: HttpOnly (scripts never see the token), SameSite=Lax, whole site. */
export function setSessionCookie(reply: FastifyReply, token: string, opts: SessionCookieOptions): void {
  reply.setCookie(CLIENT_STORAGE.accessTokenCookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: opts.secure,
    maxAge: Math.floor(opts.ttlMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, opts: SessionCookieOptions): void {
  reply.clearCookie(CLIENT_STORAGE.accessTokenCookie, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: opts.secure,
  });
}

/**
 * Gives every request `currentUser()`: the member of the session named by the accessToken cookie
 * or header, resolved on first use and remembered for the rest of the request, with the member's
 * roles and named permissions on the request's site. No session, an expired or revoked one, or a
 * disabled account (status other than 1) all mean no member; a banned member is a member whose
 * every non-public call is refused (403). When the
 * expiry slides, a cookie-borne session gets its cookie again with the full lifetime.
 * `memberOn(siteId)` gives the same member with the roles of another site: a page's loaders call
 * the API of the page's site, which the page request's own context (its cookie's site) may not be.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Kysely<DB>; sessions: SessionsService; cookie: SessionCookieOptions }) => {
    const { db, sessions, cookie } = opts;

    /** The session of the request's token, once per request whatever the sites asked about. */
    async function resolveSession(request: FastifyRequest, reply: FastifyReply) {
      const token = request.portal.accessToken;
      const live = await sessions.resolve(token);
      if (!live) return null;
      if (live.slid && token && request.cookies[CLIENT_STORAGE.accessTokenCookie] === token && !reply.sent) {
        setSessionCookie(reply, token, cookie);
      }
      return live;
    }

    async function memberOn(
      session: Promise<Awaited<ReturnType<typeof resolveSession>>>,
      siteId: number,
    ): Promise<SignedInMember | null> {
      const live = await session;
      if (!live) return null;
      const base = {
        id: live.userId,
        sessionId: live.sessionId,
        informationComplete: live.informationComplete,
        nickName: live.nickName,
        avatarUrl: live.avatarUrl,
        pointsEarned: live.pointsEarned,
      };
      if (live.banned) return { ...base, permissions: new Set(), scoped: new Map(), roles: [], banned: live.banned };
      const access = await siteAccess(db, live.userId, siteId);
      return { ...base, ...access, banned: null };
    }

    app.decorateRequest('currentUser', undefined);
    app.decorateRequest('memberOn', undefined);
    app.addHook('onRequest', async (request, reply) => {
      let session: ReturnType<typeof resolveSession> | undefined;
      const members = new Map<number, Promise<SignedInMember | null>>();
      request.memberOn = (siteId) => {
        let member = members.get(siteId);
        if (!member) {
          member = memberOn((session ??= resolveSession(request, reply)), siteId);
          members.set(siteId, member);
        }
        return member;
      };
      request.currentUser = () => request.memberOn!(request.portal.site.tws_id);
    });
  },
  { name: 'portal-auth' },
);
