import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditTargetKind } from '@portal/contracts/audit';
import type { Executor } from '../../db/executor';

/** One staff action, written in the same transaction as the change it describes. */
export interface AuditEntry {
  /** Null when the portal itself acted (a sweep of ended MVP terms). */
  actorId: number | null;
  /** The site the action was taken on; null for portal-wide things (accounts, roles). */
  siteId: number | null;
  /** `<domain>.<verb>`, e.g. `user.ban`: only the listed actions, each labelled in both languages. */
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  /** Who asked, for the log: the request's IP and id. */
  request?: Pick<FastifyRequest, 'ip' | 'id'>;
  now: number;
}

const MAX_JSON = 20_000;

/** The state before or after, as JSON; very large states are cut with a marker rather than refused. */
function snapshot(value: unknown): string | null {
  if (value === undefined) return null;
  const json = JSON.stringify(value);
  return json.length > MAX_JSON ? JSON.stringify({ truncated: true, preview: json.slice(0, MAX_JSON) }) : json;
}

/**
 * The audit log of issue 4: who did what to which thing, its state before and after, and when.
 * Callers pass their transaction so that an action and its row commit or fail together.
 */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      site_id: entry.siteId,
      action: entry.action,
      target_kind: entry.targetKind,
      target_id: String(entry.targetId),
      before_json: snapshot(entry.before),
      after_json: snapshot(entry.after),
      ip: entry.request?.ip.slice(0, 64) ?? '',
      request_id: entry.request?.id.slice(0, 64) ?? '',
      created_at: entry.now,
    })
    .execute();
}
