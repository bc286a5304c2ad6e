import { EXPERT_FLAG } from '@portal/contracts/constants';
import { countAll } from '../../db/day-counts';
import type { HomeFigure } from '../../platform/kit/feature';

/** Active members who are certified experts. */
export const expertCount: HomeFigure = {
  key: 'expert_count',
  async count(db) {
    const row = await db
      .selectFrom('users')
      .select(countAll.as('n'))
      .where('status', '=', 1)
      .where('user_expert', '=', EXPERT_FLAG.expert)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
