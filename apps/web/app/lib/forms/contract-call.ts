import type { CallBody, CallContract } from '@portal/contracts/call';
import { requestClient, type CallResult } from '~/lib/request/client';
import { fieldIssues, type FieldIssue } from './form-issues';
import { zodLoaded } from './zod-loaded';

/**
 * The call's body as its own schema parses it (trimmed), or the first issue of each field when it
 * does not pass: what a form sends, checked as the server will check it (sent unchecked when zod
 * cannot be fetched, see `zodLoaded`).
 */
export async function parseContractBody<C extends CallContract>(
  contract: C,
  raw: unknown,
): Promise<{ ok: true; body: CallBody<C> } | { ok: false; issues: FieldIssue[] }> {
  if (!(await zodLoaded())) return { ok: true, body: raw as CallBody<C> };
  const parsed = contract.body.safeParse(raw);
  return parsed.success
    ? { ok: true, body: parsed.data as CallBody<C> }
    : { ok: false, issues: fieldIssues(contract.body, raw) };
}

/**
 * Sends `body` once it passes the call's own schema, as parsed (trimmed) by it; null when it does
 * not, since the form's rules have already said why.
 */
export async function callWithContract<C extends CallContract>(
  contract: C,
  body: unknown,
): Promise<CallResult<C> | null> {
  const parsed = await parseContractBody(contract, body);
  return parsed.ok ? requestClient.call(contract, parsed.body) : null;
}
