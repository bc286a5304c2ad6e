import { EVENT_AREAS } from '@portal/contracts/event-areas';
import { SIGNUP_STATUS } from '@portal/contracts/events';
import { siteById } from '@portal/contracts/sites';
import type { Insertable, Kysely } from 'kysely';
import type { ActivitiesTable, ActivitySignupsTable, DB } from '../db/schema';
import { newCheckinCode } from '../features/events/checkin-code';
import { BENCH_SEED } from './bench-posts';
import { seededRandom } from './seeded-random';

/**
 * Bulk events for the benchmarks (bench/events.mjs, through cli/bench-data.ts), written through
 * Kysely so that the same code fills SQLite and PostgreSQL. Deterministic but for the check-in codes
 * (random, as the product makes them): the same seed and `now` give the same events.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const QUARTER_HOUR = 900_000;
/** An event binds 23 values: 1,000 rows stay under both databases' limits of bound values per statement. */
const BATCH_ROWS = 1000;
const ACTIVE_USER = 1;

const ZH_SUBJECTS = ['全闪存', '分布式存储', '数据保护', '容灾', '对象存储', '存储网络', '数据湖', '备份一体机'];
const ZH_KINDS = ['技术沙龙', '用户大会', '线上研讨会', '实验室开放日', '认证培训', '圆桌论坛'];
const EN_SUBJECTS = [
  'all-flash',
  'distributed storage',
  'data protection',
  'disaster recovery',
  'object storage',
  'storage networking',
  'data lakes',
  'backup appliances',
];
const EN_KINDS = ['meetup', 'user conference', 'webinar', 'lab open day', 'certification course', 'round table'];

export interface EventsTopUpResult {
  inserted: number;
  /** Events per site after the top-up. */
  perSite: Record<number, number>;
  events: number;
  /** Sign-ups written with the new events (signed up and waiting). */
  signups: number;
  ms: number;
}

async function eventsPerSite(db: Kysely<DB>): Promise<Record<number, number>> {
  const rows = await db
    .selectFrom('activities')
    .select(['site_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('site_id')
    .orderBy('site_id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.site_id, Number(r.n)]));
}

/**
 * Tops the events up to `events`, sites 1 (Chinese) and 2 (English) alternating. Starts spread from
 * two years before `now` to six months after it (so most have ended, some take sign-ups and some
 * have not opened them yet), and one in a hundred is on at `now`; three in four are offline in an
 * area of the site's list, one in four online; sign-up opens 30 days before the start and closes a
 * day before it. One event in four has sign-ups by the existing members (a full one keeps a
 * waitlist), counted on the event as sign-up does. One transaction of multi-row inserts.
 */
export async function topUpEvents(
  db: Kysely<DB>,
  opts: { events: number; now: number; seed?: number },
): Promise<EventsTopUpResult> {
  const started = performance.now();
  const before = await eventsPerSite(db);
  const need = Math.max(0, opts.events - Object.values(before).reduce((a, b) => a + b, 0));
  let signups = 0;
  if (need > 0) {
    const members = (
      await db.selectFrom('users').select('id').where('status', '=', ACTIVE_USER).orderBy('id').execute()
    ).map((r) => r.id);
    const random = seededRandom(opts.seed ?? BENCH_SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

    const plan = (i: number) => {
      const siteId = (i % 2) + 1;
      const zh = siteId === 1;
      const lang = siteById(siteId)!.lang;
      const subject = pick(zh ? ZH_SUBJECTS : EN_SUBJECTS);
      const kind = pick(zh ? ZH_KINDS : EN_KINDS);
      const online = random() < 0.25;
      const group = pick(EVENT_AREAS[lang]);
      const city = online ? '' : pick(group.cities);
      const province = online ? '' : group.province;
      const length = random() < 0.7 ? (2 + Math.floor(random() * 6)) * HOUR : (1 + Math.floor(random() * 2)) * DAY;
      // Whole quarter hours, from two years ago to six months ahead; one in a hundred is on now.
      const at =
        random() < 0.01
          ? opts.now - Math.floor(random() * length)
          : opts.now - 730 * DAY + Math.floor(random() * 910 * DAY);
      const starts = Math.floor(at / QUARTER_HOUR) * QUARTER_HOUR;
      const ends = starts + length;
      const capacity = random() < 0.2 ? 0 : 20 + Math.floor(random() * 20) * 10;
      const title = zh
        ? `${city || '线上'}${subject}${kind}（第 ${i + 1} 期）`
        : `${subject} ${kind}${city ? `, ${city}` : ' (online)'} #${i + 1}`;
      const summary = zh
        ? `本期${kind}聚焦${subject}的选型、部署与运维，邀请一线工程师分享实践经验并现场答疑。`
        : `This ${kind} is about ${subject}: choosing, deploying and running it, with engineers sharing what they learned and answering questions.`;
      const body = zh
        ? `<h2>活动介绍</h2><p>${summary}</p><h2>适合人群</h2><ul><li><p>存储架构师与运维工程师</p></li><li><p>负责数据保护的 IT 管理者</p></li></ul><p>名额有限，请尽早报名。</p>`
        : `<h2>About</h2><p>${summary}</p><h2>Who should come</h2><ul><li><p>Storage architects and operators</p></li><li><p>IT managers in charge of data protection</p></li></ul><p>Seats are limited: sign up early.</p>`;
      const row: Insertable<ActivitiesTable> = {
        site_id: siteId,
        title,
        summary,
        body_html: body,
        area: city,
        province,
        is_online: online ? 1 : 0,
        address: online
          ? ''
          : zh
            ? `${city}市会展中心 ${1 + (i % 9)} 号厅`
            : `${city} Convention Centre, hall ${1 + (i % 9)}`,
        online_url: online ? `https://meet.example.com/bench-${i + 1}` : '',
        starts_at: starts,
        ends_at: ends,
        signup_starts_at: starts - 30 * DAY,
        signup_ends_at: starts - DAY,
        capacity,
        waitlist_enabled: random() < 0.5 ? 1 : 0,
        form_fields: JSON.stringify([
          { key: 'company', type: 'company', label: zh ? '公司' : 'Company', required: true, options: [] },
          { key: 'phone', type: 'phone', label: zh ? '手机' : 'Phone', required: false, options: [] },
        ]),
        schedule: JSON.stringify([
          { at: starts, title: zh ? '签到' : 'Check-in' },
          { at: starts + HOUR / 2, title: zh ? '主题演讲' : 'Keynote' },
          { at: starts + HOUR + HOUR / 2, title: zh ? '圆桌讨论' : 'Round table' },
        ]),
        like_count: Math.floor(random() * 60),
        favourite_count: Math.floor(random() * 30),
        created_at: starts - 45 * DAY,
        updated_at: null,
      };
      // One event in four has members signed up: a full one (small capacity) keeps some waiting.
      const takers = members.length && random() < 0.25 ? Math.min(members.length, 1 + Math.floor(random() * 8)) : 0;
      return { row, takers };
    };

    await db.transaction().execute(async (trx) => {
      for (let from = 0; from < need; from += BATCH_ROWS) {
        const batch = Array.from({ length: Math.min(need, from + BATCH_ROWS) - from }, (_, k) => plan(from + k));
        // The seats a full event's first takers hold; the rest wait when it keeps a waitlist.
        for (const p of batch) {
          const seats = p.row.capacity === 0 ? p.takers : Math.min(p.takers, Number(p.row.capacity));
          const waiting = p.row.waitlist_enabled === 1 ? p.takers - seats : 0;
          p.row.signup_count = seats;
          p.row.waitlist_count = waiting;
          p.takers = seats + waiting;
        }
        const ids = await trx
          .insertInto('activities')
          .values(batch.map((p) => p.row))
          .returning('id')
          .execute();
        const signupRows: Insertable<ActivitySignupsTable>[] = [];
        batch.forEach((p, k) => {
          const seats = Number(p.row.signup_count);
          const offset = Math.floor(random() * members.length);
          for (let n = 0; n < p.takers; n++) {
            const at = Number(p.row.signup_starts_at) + (n + 1) * HOUR;
            signupRows.push({
              activity_id: ids[k]!.id,
              user_id: members[(offset + n) % members.length]!,
              status: n < seats ? SIGNUP_STATUS.signedUp : SIGNUP_STATUS.waiting,
              answers: JSON.stringify({ company: 'Bench Storage' }),
              created_at: at,
              updated_at: at,
              checkin_code: newCheckinCode(),
            });
          }
        });
        // A sign-up binds 8 values: 1,000 rows a statement here too.
        for (let s = 0; s < signupRows.length; s += BATCH_ROWS) {
          await trx
            .insertInto('activity_signups')
            .values(signupRows.slice(s, s + BATCH_ROWS))
            .execute();
        }
        signups += signupRows.length;
      }
    });
  }
  const perSite = await eventsPerSite(db);
  return {
    inserted: need,
    perSite,
    events: Object.values(perSite).reduce((a, b) => a + b, 0),
    signups,
    ms: Math.round(performance.now() - started),
  };
}

export interface EventRef {
  id: number;
  title: string;
}

export interface EventBenchFacts {
  /** The province and city of site 1 with the most events (the filtered list's area). */
  busiestArea: { province: string; city: string; events: number } | null;
  /** `detailEvents` events of site 1 picked at random (seeded), for the event page's renders. */
  random: EventRef[];
}

/** What the events benchmark's requests are made of, read from the seeded database. */
export async function readEventFacts(
  db: Kysely<DB>,
  opts: { detailEvents: number; seed?: number },
): Promise<EventBenchFacts> {
  const busiest = await db
    .selectFrom('activities')
    .select(['province', 'area', (eb) => eb.fn.countAll<number>().as('n')])
    .where('site_id', '=', 1)
    .where('is_online', '=', 0)
    .where('province', '<>', '')
    .groupBy(['province', 'area'])
    .orderBy('n', 'desc')
    .orderBy('province')
    .orderBy('area')
    .limit(1)
    .executeTakeFirst();
  // A seeded partial shuffle rather than the dialects' random(): the same events on both databases.
  const all = await db
    .selectFrom('activities')
    .select(['id', 'title'])
    .where('site_id', '=', 1)
    .orderBy('id')
    .execute();
  const random = seededRandom(opts.seed ?? BENCH_SEED);
  const count = Math.min(opts.detailEvents, all.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (all.length - i));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return {
    busiestArea: busiest ? { province: busiest.province, city: busiest.area, events: Number(busiest.n) } : null,
    random: all.slice(0, count),
  };
}
