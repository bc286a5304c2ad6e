import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A role grant that still counts at `now`: one without an end, or whose end has not come (an MVP
 * term, decision 044). Every read of roles applies it, so an ended term stops counting at once,
 * before the sweep deletes the row.
 */
export function grantInForce(eb: ExpressionBuilder<DB, 'user_roles'>, now: number = Date.now()) {
  return eb.or([eb('user_roles.expires_at', 'is', null), eb('user_roles.expires_at', '>', now)]);
}

/** The same rule for a grant already read. */
export function isInForce(grant: { expires_at: number | string | null }, now: number = Date.now()): boolean {
  return grant.expires_at === null || Number(grant.expires_at) > now;
}
