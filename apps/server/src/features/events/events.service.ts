import type { Kysely, Selectable } from 'kysely';
import { ACTIVITY_STATE } from '@portal/contracts/constants';
import type { ActivitySummary } from '@portal/contracts/home';
import type { Site } from '@portal/contracts/sites';
import type { ActivitiesTable, DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { eventsRepository } from './events.repository';

const iso = (ms: number) => new Date(ms).toISOString();

/** Event state is derived from time, never stored (decisions.md, Events). */
export function activityState(
  a: Pick<Selectable<ActivitiesTable>, 'signup_starts_at' | 'signup_ends_at' | 'starts_at' | 'ends_at'>,
  now: number,
): number {
  if (now >= a.ends_at) return ACTIVITY_STATE.ended;
  if (now >= a.starts_at) return ACTIVITY_STATE.inProgress;
  if (now >= a.signup_starts_at && now < a.signup_ends_at) return ACTIVITY_STATE.registering;
  return ACTIVITY_STATE.notStarted;
}

export function eventsService(db: Kysely<DB>, clock: Clock) {
  const repo = eventsRepository(db);
  return {
    /** The latest events of a site, for the home page's block. */
    async latest(site: Site, limit: number): Promise<ActivitySummary[]> {
      const now = clock.now();
      const rows = await repo.latest(site.tws_id, limit);
      return rows.map((a) => ({
        ta_id: a.id,
        ta_title: a.title,
        ta_cover_url: a.cover_url,
        ta_is_online: a.is_online === 1,
        ta_address: a.address,
        ta_start_time: iso(a.starts_at),
        ta_end_time: iso(a.ends_at),
        ta_signup_start_time: iso(a.signup_starts_at),
        ta_signup_end_time: iso(a.signup_ends_at),
        ta_state: activityState(a, now),
        ta_signup_count: a.signup_count,
        ta_capacity: a.capacity,
      }));
    },
  };
}
