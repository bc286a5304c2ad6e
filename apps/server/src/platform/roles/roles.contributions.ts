import { countAll } from '../../db/day-counts';
import type { DictionaryUse } from '../kit/feature';

/** Moderator grants of a board. */
export const boardModerators: DictionaryUse = {
  kind: 'board',
  usage: 'moderators',
  async count(executor, entry) {
    const row = await executor
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.code', 'user_roles.role')
      .select(countAll.as('n'))
      .where('roles.scope_kind', '=', 'board')
      .where('user_roles.scope_id', '=', entry.id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};
