import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessRule, CallContract } from '@portal/contracts/call';
import { envelopeSchema, STATUS } from '@portal/contracts/envelope';
import { SITES, type Site } from '@portal/contracts/sites';
import { ApiError } from './api-error';
import { translate } from '../lib/i18n';

/** The member a request is signed in as (accounts' auth plugin resolves it from the session). */
export interface SignedInMember {
  id: number;
  sessionId: number;
  /** is_edit 1: the information page is done. */
  informationComplete: boolean;
  /** The member's nickname and avatar as stored, for the shell of the pages (PortalLoadContext.viewer). */
  nickName: string;
  avatarUrl: string;
  /** The member's points earned (levels follow them, decision 041) when the session was read. */
  pointsEarned: number;
  /** Site-wide named permissions on the request's site (the member role's included). */
  permissions: ReadonlySet<string>;
  /** Permissions held only in some boards or topics (moderators, topic hosts): permission → ids. */
  scoped: ReadonlyMap<string, ReadonlySet<number>>;
  /** The member's roles on the request's site. */
  roles: ReadonlyArray<{ role: string; siteId: number | null; scopeId: number | null }>;
  /** Set while a ban lasts: every call that needs a member is refused with 403. */
  banned: { until: number; reason: string } | null;
}

/** What a handler gets besides the parsed body. */
export interface CallContext {
  site: Site;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in member; a 401 refusal when there is none (member calls are checked before). */
  user(): Promise<SignedInMember>;
  /** The signed-in member or null, for public calls that show more to members. */
  viewer(): Promise<SignedInMember | null>;
  /**
   * The answer's msg, when the page shows it as the success toast (spec 7): a catalogue key, said
   * in the site's language. Without it a successful answer says the generic "success".
   */
  succeed(msgKey: string, vars?: Record<string, unknown>): void;
}

export type CallHandler<C extends CallContract> = (
  body: z.output<C['body']>,
  ctx: CallContext,
) => Promise<z.input<C['data']>>;

/** Every call registered, so tests can walk them and the access matrix can be checked. */
export interface RegisteredCall {
  contract: CallContract;
  url: string;
  /** The handler with the access rule already checked and the body already parsed. */
  handler: CallHandler<CallContract>;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredCalls: RegisteredCall[];
  }
  interface FastifyContextConfig {
    access?: AccessRule;
    callId?: string;
  }
}

const OK_MESSAGE = { zh: translate('zh', 'api.ok'), en: translate('en', 'api.ok') } as const;

/** The `:site` of a site-scoped call's URL: one of the sites' apply_site codes. */
export const siteParams = z.object({ site: z.enum(SITES.map((s) => s.apply_site) as [string, ...string[]]) });

/**
 * Binds a shared contract to a handler: one POST route, the body parsed by the contract's schema,
 * the answer wrapped in the envelope and checked against the contract, writes rate-limited (the
 * per-IP budget the rate-limit plugin read from the configuration), and the
 * access rule declared for the access guard (http/access-guard.ts), which enforces it before the body
 * is validated.
 */
export function registerCall<C extends CallContract>(app: FastifyInstance, contract: C, handler: CallHandler<C>): void {
  const url = contract.scope === 'site' ? `/api/:site${contract.path}` : contract.path;
  app.registeredCalls.push({ contract, url, handler: handler as CallHandler<CallContract> });
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url,
    schema: {
      summary: contract.summary,
      tags: [contract.tag],
      operationId: contract.id,
      ...(contract.scope === 'site' ? { params: siteParams } : {}),
      body: contract.body,
      response: { 200: envelopeSchema(contract.data) },
    },
    config: {
      access: contract.access,
      callId: contract.id,
      ...(contract.write ? { rateLimit: app.writeRateLimit } : {}),
    },
    handler: async (request, reply) => {
      const site = request.portal.site;
      const viewer = () => (request.currentUser ? request.currentUser() : Promise.resolve(null));
      return runCall(contract, handler, request.body, { site, request, reply, viewer });
    },
  });
}

/** What a call runs with besides its body: the site, the HTTP exchange and the viewer's resolver. */
export interface CallScope {
  site: Site;
  request: FastifyRequest;
  reply: FastifyReply;
  viewer(): Promise<SignedInMember | null>;
}

/**
 * The part of a call after the access rule and the body's parsing: the NUL check, the handler, the
 * envelope. Routes and in-process calls (http/in-process-call.ts) share it.
 */
export async function runCall<C extends CallContract>(
  contract: C,
  handler: CallHandler<C>,
  body: unknown,
  scope: CallScope,
): Promise<{ status: typeof STATUS.ok; msg: string; data: z.input<C['data']> }> {
  const { site, request, reply, viewer } = scope;
  // Checked on the parsed body, after the contract's own cleaning (plain-text fields drop
  // control characters): a NUL left in any text is a bad field, never a database error.
  const field = fieldWithNul(body);
  if (field !== null) {
    const reason = translate(site.lang, 'errors.badRequest');
    throw new ApiError(
      400,
      STATUS.validation,
      'errors.validation',
      { field, reason },
      { field, issues: [{ field, message: reason }] },
    );
  }
  const user = async () => {
    const member = await viewer();
    if (!member) throw ApiError.unauthorized();
    return member;
  };
  let msg: string = OK_MESSAGE[site.lang];
  const succeed = (msgKey: string, vars?: Record<string, unknown>) => {
    msg = translate(site.lang, msgKey, vars);
  };
  const data = await handler(body as z.output<C['body']>, { site, request, reply, user, viewer, succeed });
  return { status: STATUS.ok, msg, data };
}

/**
 * The first field (dotted path) of a parsed body whose text holds a NUL character, or null. No text of
 * the portal may hold one, and PostgreSQL text cannot: a query with it fails instead of answering.
 * Walked without recursion, so a deeply nested body cannot overflow the stack.
 */
export function fieldWithNul(body: unknown): string | null {
  const stack: Array<[unknown, string]> = [[body, '']];
  while (stack.length) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return at || 'body';
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return at || 'body';
        stack.push([inner, at ? `${at}.${key}` : key]);
      }
    }
  }
  return null;
}

/** Server-side authorisation of every call (and of the few routes that are not JSON calls). */
export async function authorize(request: FastifyRequest, access: AccessRule): Promise<void> {
  if (access.kind === 'public') return;
  authorizeMember(request.currentUser ? await request.currentUser() : null, access);
}

/** The access rule applied to the signed-in member (or null): 401, 403, or through. */
export function authorizeMember(user: SignedInMember | null, access: AccessRule): void {
  if (access.kind === 'public') return;
  if (!user) throw ApiError.unauthorized();
  if (user.banned) {
    throw new ApiError(403, STATUS.forbidden, 'accounts.bannedUntil', {
      until: new Date(user.banned.until).toISOString().slice(0, 10),
      reason: user.banned.reason,
    });
  }
  if (access.completeInformation && !user.informationComplete) {
    throw new ApiError(403, STATUS.needInfo, 'accounts.completeInformationFirst');
  }
  // A scoped permission (a moderator's board) lets the call through here; the handler checks the
  // board or topic it touches with `holdsPermission(user, permission, scopeId)`.
  if (
    access.kind === 'permission' &&
    ![access.permission, ...(access.orPermissions ?? [])].some((p) => holdsPermissionSomewhere(user, p))
  ) {
    throw ApiError.forbidden();
  }
}

/** Site-wide, or within the given board or topic id. */
export function holdsPermission(user: SignedInMember, permission: string, scopeId?: number): boolean {
  if (user.banned) return false;
  if (user.permissions.has(permission)) return true;
  return scopeId !== undefined && (user.scoped.get(permission)?.has(scopeId) ?? false);
}

function holdsPermissionSomewhere(user: SignedInMember, permission: string): boolean {
  return user.permissions.has(permission) || (user.scoped.get(permission)?.size ?? 0) > 0;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolves the signed-in member from the session, once per request (accounts' auth plugin). */
    currentUser?: () => Promise<SignedInMember | null>;
    /** The same member with the roles and permissions held on the given site, once per site. */
    memberOn?: (siteId: number) => Promise<SignedInMember | null>;
  }
}
