import { countAll } from '../../db/day-counts';
import type { DashboardFigure } from '../kit/feature';

/** In-site messages sent in the window to the site's members (site-wide broadcasts included). */
export const sentMessages: DashboardFigure = async (db, window) => {
  const row = await db
    .selectFrom('messages')
    .select(countAll.as('n'))
    .where('created_at', '>=', window.since)
    .where((eb) => eb.or([eb('site_id', '=', window.siteId), eb('site_id', 'is', null)]))
    .executeTakeFirstOrThrow();
  return { messages: Number(row.n) };
};
