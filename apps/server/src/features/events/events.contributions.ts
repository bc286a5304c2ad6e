import { countAll } from '../../db/day-counts';
import type { DashboardFigure, DictionaryUse, HomeFigure } from '../../platform/kit/feature';

export const eventCount: HomeFigure = {
  key: 'activity_count',
  async count(db, siteId) {
    const row = await db
      .selectFrom('activities')
      .select(countAll.as('n'))
      .where('site_id', '=', siteId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

export const eventDashboard: DashboardFigure = async (db, window) => ({
  events: await eventCount.count(db, window.siteId),
});

/** Events keep their area by name: counted before an area goes, renamed with it. */
export const eventAreas: DictionaryUse = {
  kind: 'area',
  usage: 'events',
  async count(executor, entry) {
    const row = await executor
      .selectFrom('activities')
      .select(countAll.as('n'))
      .where('site_id', '=', entry.site_id)
      .where('area', '=', entry.label)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
  async renameLabel(executor, siteId, from, to) {
    await executor
      .updateTable('activities')
      .set({ area: to })
      .where('site_id', '=', siteId)
      .where('area', '=', from)
      .execute();
  },
};
