import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** What the audit log can be filtered by (already validated by the contract). */
export interface AuditQuery {
  siteId: number;
  actorId?: number;
  /** Exact action, or `prefix` for a domain (`user.` matches `user.ban`, `user.unban`, ...). */
  action?: { exact: string } | { prefix: string };
  targetKind?: string;
  targetId?: string;
  from?: number;
  to?: number;
  /** Entries with an id below this one (the keyset of the previous page). */
  beforeId?: number;
  limit: number;
}

/** `%`, `_` and the escape character itself stand for themselves in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Reads of the audit log (Kysely only). recordAudit in audit.service.ts writes it. */
export function auditRepository(db: Kysely<DB>) {
  return {
    /**
     * One page of the log, newest first: the site's entries and the portal-wide ones (site_id
     * null). Each filter can use its own index (actor, action, target, time; all end with id).
     */
    list(q: AuditQuery) {
      let query = db
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor_id')
        .select([
          'audit_log.id',
          'audit_log.actor_id',
          'users.nick_name as actor_nick_name',
          'audit_log.site_id',
          'audit_log.action',
          'audit_log.target_kind',
          'audit_log.target_id',
          'audit_log.before_json',
          'audit_log.after_json',
          'audit_log.ip',
          'audit_log.request_id',
          'audit_log.created_at',
        ])
        .where((eb) => eb.or([eb('audit_log.site_id', '=', q.siteId), eb('audit_log.site_id', 'is', null)]));
      if (q.actorId !== undefined) query = query.where('audit_log.actor_id', '=', q.actorId);
      if (q.action && 'exact' in q.action) query = query.where('audit_log.action', '=', q.action.exact);
      if (q.action && 'prefix' in q.action) {
        // ESCAPE spelled out: SQLite has no default escape character for LIKE.
        query = query.where(
          sql<boolean>`${sql.ref('audit_log.action')} like ${`${likeLiteral(q.action.prefix)}%`} escape '\\'`,
        );
      }
      if (q.targetKind !== undefined) query = query.where('audit_log.target_kind', '=', q.targetKind);
      if (q.targetId !== undefined) query = query.where('audit_log.target_id', '=', q.targetId);
      if (q.from !== undefined) query = query.where('audit_log.created_at', '>=', q.from);
      if (q.to !== undefined) query = query.where('audit_log.created_at', '<', q.to);
      if (q.beforeId !== undefined) query = query.where('audit_log.id', '<', q.beforeId);
      return query.orderBy('audit_log.id', 'desc').limit(q.limit).execute();
    },

    /** The distinct action names and target kinds of the site's log and the portal-wide entries. */
    async facets(siteId: number, max: number) {
      const [actions, kinds] = await Promise.all([
        db
          .selectFrom('audit_log')
          .select('action')
          .distinct()
          .where((eb) => eb.or([eb('site_id', '=', siteId), eb('site_id', 'is', null)]))
          .orderBy('action')
          .limit(max)
          .execute(),
        db
          .selectFrom('audit_log')
          .select('target_kind')
          .distinct()
          .where((eb) => eb.or([eb('site_id', '=', siteId), eb('site_id', 'is', null)]))
          .orderBy('target_kind')
          .limit(max)
          .execute(),
      ]);
      return { actions: actions.map((r) => r.action), targetKinds: kinds.map((r) => r.target_kind) };
    },
  };
}
