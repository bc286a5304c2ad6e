import { FEEDBACK_STATUS } from '@portal/contracts/feedback';
import { countAll } from '../../db/day-counts';
import type { DashboardFigure } from '../../platform/kit/feature';

/** Feedback of the site that nobody has handled yet. */
export const openFeedback: DashboardFigure = async (db, window) => {
  const row = await db
    .selectFrom('feedback')
    .select(countAll.as('n'))
    .where('site_id', '=', window.siteId)
    .where('status', '=', FEEDBACK_STATUS.new)
    .executeTakeFirstOrThrow();
  return { feedbackOpen: Number(row.n) };
};
