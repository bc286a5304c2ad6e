import type { RoleScopeKind } from '@portal/contracts/permissions';
import type { Executor } from '../../db/executor';

/**
 * Who holds a board- or topic-scoped role in each of some boards or topics of a site (a topic's
 * hosts, a board's moderators), in the order they were granted: scope id → member ids. A grant on
 * every site (site null) counts on this one.
 */
export async function scopeHolders(
  executor: Executor,
  q: { scopeKind: RoleScopeKind; siteId: number; scopeIds: readonly number[] },
): Promise<Map<number, number[]>> {
  const holders = new Map<number, number[]>();
  const ids = [...new Set(q.scopeIds)];
  if (ids.length === 0) return holders;
  const rows = await executor
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.code', 'user_roles.role')
    .select(['user_roles.scope_id', 'user_roles.user_id'])
    .where('roles.scope_kind', '=', q.scopeKind)
    .where('user_roles.scope_id', 'in', ids)
    .where((eb) => eb.or([eb('user_roles.site_id', 'is', null), eb('user_roles.site_id', '=', q.siteId)]))
    .orderBy('user_roles.id')
    .execute();
  for (const row of rows) {
    if (row.scope_id === null) continue;
    const list = holders.get(row.scope_id) ?? [];
    if (!list.includes(row.user_id)) list.push(row.user_id);
    holders.set(row.scope_id, list);
  }
  return holders;
}
