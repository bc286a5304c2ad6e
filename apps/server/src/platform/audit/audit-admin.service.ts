import type { Kysely } from 'kysely';
import type { AuditEntry } from '@portal/contracts/admin';
import type { Site } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { auditRepository, type AuditQuery } from './audit.repository';

/** The most distinct action names (or target kinds) offered to the filters. */
const MAX_FACETS = 500;

export interface AuditListFilter {
  cursor?: string;
  limit: number;
  actor_id?: number;
  action?: string;
  target_kind?: string;
  target_id?: string;
  from?: number;
  to?: number;
}

/** A recorded state back as JSON; a row written by hand that is not JSON is shown as its text. */
function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** The back office's reading of the audit log (recordAudit in audit.service.ts writes it). */
export function auditAdminService(db: Kysely<DB>) {
  const repo = auditRepository(db);
  return {
    async list(site: Site, filter: AuditListFilter): Promise<{ list: AuditEntry[]; next_cursor: string | null }> {
      const cursor = decodeCursor(filter.cursor);
      const query: AuditQuery = {
        siteId: site.tws_id,
        actorId: filter.actor_id,
        action: filter.action
          ? filter.action.endsWith('.')
            ? { prefix: filter.action }
            : { exact: filter.action }
          : undefined,
        targetKind: filter.target_kind,
        targetId: filter.target_id,
        from: filter.from,
        to: filter.to,
        beforeId: cursor?.id,
        // One more than asked: whether a next page exists, without counting.
        limit: filter.limit + 1,
      };
      const rows = await repo.list(query);
      const page = rows.slice(0, filter.limit);
      const last = page[page.length - 1];
      return {
        list: page.map((r) => ({
          audit_id: r.id,
          actor: r.actor_id === null ? null : { user_id: r.actor_id, user_nick_name: r.actor_nick_name ?? '' },
          action: r.action,
          target_kind: r.target_kind,
          target_id: r.target_id,
          site_id: r.site_id,
          before: parsed(r.before_json),
          after: parsed(r.after_json),
          ip: r.ip,
          request_id: r.request_id,
          created_at: new Date(Number(r.created_at)).toISOString(),
        })),
        next_cursor:
          rows.length > filter.limit && last ? encodeCursor({ at: Number(last.created_at), id: last.id }) : null,
      };
    },

    async facets(site: Site) {
      const { actions, targetKinds } = await repo.facets(site.tws_id, MAX_FACETS);
      return { actions, target_kinds: targetKinds };
    },
  };
}
