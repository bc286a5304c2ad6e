import type { Kysely } from 'kysely';
import { levelStanding, POINT_RULE, type PointRule } from '@portal/contracts/points';
import type { PointsHistoryRow, PointsStanding } from '@portal/contracts/points-member';
import type { Site } from '@portal/contracts/sites';
import { dateInZone } from '@portal/contracts/time';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { isUniqueViolation } from '../../db/unique-violation';
import { ApiError } from '../../http/api-error';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { pointsRepository as repo } from './points.repository';
import { award } from './points.service';

const DAY = 86_400_000;

/** The calendar day of a moment in a zone, as days since 1970-01-01 (the sign-in's day). */
export function dayInZone(time: number, zone: string): number {
  const [y, m, d] = dateInZone(time, zone).split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY);
}

async function lastSignIn(executor: Executor, userId: number) {
  return executor
    .selectFrom('points_signins')
    .select(['day', 'streak', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
}

type LastSignIn = Awaited<ReturnType<typeof lastSignIn>>;

/**
 * Whether the member has signed in on the day `today` of `zone`: the last sign-in's own day, and
 * also its moment seen in today's zone, so that changing the zone does not open a second sign-in
 * the same day.
 */
function signedOn(last: LastSignIn, today: number, zone: string): boolean {
  if (!last) return false;
  return last.day >= today || dayInZone(Number(last.created_at), zone) >= today;
}

/**
 * The member's points, level and daily sign-in (decision 032). The day is the one of the viewer's
 * zone (spec 7's time-zone header, else the site's zone); a sign-in is one a day per member, on
 * either site, and awards the daily sign-in rule of the site it is made on.
 */
export function pointsMemberService(db: Kysely<DB>, clock: { now(): number }) {
  async function standing(executor: Executor, userId: number, site: Site, zone: string): Promise<PointsStanding> {
    const now = clock.now();
    const [user, last, rule] = await Promise.all([
      executor
        .selectFrom('users')
        .select(['points', 'points_earned'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow(),
      lastSignIn(executor, userId),
      repo.rule(executor, site.tws_id, POINT_RULE.dailySignIn),
    ]);
    const today = dayInZone(now, zone);
    const points = Number(user.points);
    const earned = Number(user.points_earned);
    // Spending lowers the balance, never the level (decision 041).
    const level = levelStanding(earned);
    const signedToday = signedOn(last, today, zone);
    const running = last !== undefined && (signedToday || last.day === today - 1);
    return {
      points,
      earned_points: earned,
      level: level.level,
      medal: level.medal,
      level_floor: level.floor,
      next_level_points: level.next,
      signed_today: signedToday,
      streak: running ? Number(last.streak) : 0,
      signin_points: rule && rule.enabled === 1 ? Number(rule.amount) : 0,
    };
  }

  return {
    mine: (userId: number, site: Site, zone: string) => standing(db, userId, site, zone),

    async signIn(userId: number, site: Site, zone: string): Promise<PointsStanding & { awarded: number }> {
      const now = clock.now();
      const today = dayInZone(now, zone);
      try {
        const awarded = await db.transaction().execute(async (trx) => {
          // One member's sign-ins run one after another (PostgreSQL locks the row; SQLite has one writer).
          await repo.lockMember(trx, userId);
          const last = await lastSignIn(trx, userId);
          if (signedOn(last, today, zone)) throw ApiError.refused('pointsApi.alreadySignedIn');
          const streak = last && last.day === today - 1 ? Number(last.streak) + 1 : 1;
          await trx
            .insertInto('points_signins')
            .values({ user_id: userId, day: today, site_id: site.tws_id, streak, created_at: now })
            .execute();
          return award(trx, {
            userId,
            siteId: site.tws_id,
            rule: POINT_RULE.dailySignIn,
            source: { kind: 'day', id: today },
            now,
          });
        });
        return { ...(await standing(db, userId, site, zone)), awarded };
      } catch (err) {
        // Two sign-ins of one day racing: the day's key refuses the second.
        if (isUniqueViolation(err)) throw ApiError.refused('pointsApi.alreadySignedIn');
        throw err;
      }
    },

    /** The member's ledger, both sites, newest first; keyset on the row id. */
    async history(userId: number, cursor: string | undefined, limit: number) {
      const after = decodeCursor(cursor);
      let query = db
        .selectFrom('points_ledger')
        .select(['id', 'rule', 'amount', 'source_kind', 'source_id', 'site_id', 'created_at'])
        .where('user_id', '=', userId);
      if (after) query = query.where('id', '<', after.id);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const list: PointsHistoryRow[] = page.map((r) => ({
        id: Number(r.id),
        rule: r.rule as PointRule,
        amount: Number(r.amount),
        source_kind: r.source_kind,
        source_id: r.source_id === null ? null : Number(r.source_id),
        site_id: Number(r.site_id),
        create_time: new Date(Number(r.created_at)).toISOString(),
      }));
      const lastRow = page.at(-1);
      return {
        list,
        next_cursor:
          rows.length > limit && lastRow
            ? encodeCursor({ at: Number(lastRow.created_at), id: Number(lastRow.id) })
            : null,
      };
    },
  };
}
