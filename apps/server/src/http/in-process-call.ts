import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallContract } from '@portal/contracts/call';
import { STATUS, type Envelope } from '@portal/contracts/envelope';
import { siteByCode } from '@portal/contracts/sites';
import { envelopeOfError, validationAnswer, zodValidationEntries } from './error-envelope';
import { authorizeMember, runCall, type RegisteredCall } from './register-call';
import { translate } from '../lib/i18n';

/** Runs a call for a page's loader; answers the envelope the browser would get for it. */
export type InProcessCall = (contract: CallContract, siteCode: string, body: unknown) => Promise<Envelope>;

/**
 * Calls for the loaders of one page request, run in this process without an HTTP round trip: the
 * same access rule, body schema, NUL check, handler and answer schema as the route, and the same
 * envelope on every failure. The page request's session is resolved once for all its calls (and
 * its roles once per site); the handlers see the page request, so views and limits count the
 * visitor's address as before.
 *
 * Reads only: a write goes through the route (`fallback`), so that its rate limit applies.
 */
export function inProcessCalls(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  fallback: InProcessCall,
): InProcessCall {
  return async (contract, siteCode, body) => {
    const registered = callsById(app).get(contract.id);
    if (!registered || contract.write) return fallback(contract, siteCode, body);
    // A global call (`/api/activity/...`) takes its site from the siteData cookie over HTTP; a page's
    // loader names the page's own site, which a first visit's cookie may not match yet.
    const site = siteByCode(siteCode) ?? request.portal.site;
    try {
      const viewer = () => (request.memberOn ? request.memberOn(site.tws_id) : Promise.resolve(null));
      if (contract.access.kind !== 'public') authorizeMember(await viewer(), contract.access);
      const parsed = contract.body.safeParse(body ?? {});
      if (!parsed.success) return validationAnswer(site.lang, zodValidationEntries(parsed.error)).body;
      const answer = await runCall(contract, registered.handler, parsed.data, { site, request, reply, viewer });
      // The route's serializer does the same: fields the contract does not name never leave.
      const data = contract.data.safeEncode(answer.data);
      if (!data.success) {
        request.log.error({ callId: contract.id, issues: data.error.issues }, 'response did not match its contract');
        return { status: STATUS.serverError, msg: translate(site.lang, 'errors.serverError'), data: null };
      }
      return { ...answer, data: data.data };
    } catch (err) {
      return envelopeOfError(err as Error, site.lang, request.log).body;
    }
  };
}

const indexes = new WeakMap<FastifyInstance, Map<string, RegisteredCall>>();

/** The registered calls by contract id, indexed on first use (every route is registered by then). */
function callsById(app: FastifyInstance): Map<string, RegisteredCall> {
  let index = indexes.get(app);
  if (!index) {
    index = new Map((app.registeredCalls ?? []).map((call) => [call.contract.id, call]));
    indexes.set(app, index);
  }
  return index;
}
