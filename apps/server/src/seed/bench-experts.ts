import { EXPERT_FLAG } from '@portal/contracts/constants';
import type { Insertable, Kysely } from 'kysely';
import type { DB, ExpertFieldsTable, UsersTable } from '../db/schema';
import { BENCH_SEED, dictionaryIds } from './bench-posts';
import { seededRandom } from './seeded-random';

/**
 * Resident experts and plain members for the experts benchmark (bench/experts.mjs, through
 * cli/bench-data.ts), written through Kysely so that the same code fills SQLite and PostgreSQL.
 * Seeded before the bulk posts, so that experts author some of them as members do. Deterministic:
 * the same seed and `now` give the same rows.
 *
 * Half the experts hold the flag only (user_expert 20), half the expert role as well, as an approved
 * application leaves them; each has an industry, one to three fields of expertise (scene entries),
 * followers and points spread as attention falls, so the directory's order and filters meet real
 * spreads. The plain members make the directory find its experts among many more members.
 */

const DAY = 86_400_000;
const YEAR = 365 * DAY;
/** A member binds 13 values: 1,000 rows stay under both databases' limits per statement. */
const BATCH_ROWS = 1000;
const EXPERT_ROLE = 'expert';

const COMPANIES = ['Huawei', 'Alibaba Cloud', 'Tencent Cloud', 'Inspur', 'H3C', 'NetApp', 'Dell', 'Pure Storage'];
const TITLES = ['存储架构师', 'Solutions Architect', '首席工程师', 'Principal Engineer', '技术总监', 'SRE Lead'];

export interface ExpertsSeedResult {
  expertsInserted: number;
  membersInserted: number;
  ms: number;
}

/** An expert as the benchmark asks for their page: the id and the nickname the page shows. */
export interface BenchExpert {
  id: number;
  title: string;
}

export interface ExpertFacts {
  /** Experts of the directory, as the expert pages are requested over. */
  experts: BenchExpert[];
  /** The directory's first card (most followed, then lowest id), which its page must show. */
  topExpert: BenchExpert | null;
  /** The expert with the most published posts on the Chinese site, for the page with the fullest tabs. */
  busiestExpert: (BenchExpert & { posts: number }) | null;
  /** A field of expertise (scene entry of the Chinese site) that experts list, for the filtered directory. */
  fieldId: number | null;
}

export async function seedBenchExperts(
  db: Kysely<DB>,
  opts: { experts: number; members: number; now: number; seed?: number },
): Promise<ExpertsSeedResult> {
  const started = performance.now();
  const random = seededRandom((opts.seed ?? BENCH_SEED) + 21);
  const industries = await dictionaryIds(db, 1, 'industry');
  const scenes = await dictionaryIds(db, 1, 'scene');
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // Attention falls off: a few experts have thousands of followers, most a handful.
  const skewed = (max: number) => Math.floor(max * random() ** 4);

  const memberRow = (i: number, expert: boolean): Insertable<UsersTable> => {
    const created = opts.now - Math.floor(random() * YEAR);
    const tag = `${expert ? 'expert' : 'member'}-${i + 1}`;
    // Nothing spent: the balance is what was earned.
    const points = expert ? skewed(20_000) : skewed(2_000);
    return {
      email: `${tag}@bench.example.com`,
      nick_name: expert ? `专家 Expert ${i + 1}` : `Member ${i + 1}`,
      password_hash: null,
      is_edit: 1,
      company: expert ? pick(COMPANIES) : '',
      job_title: expert ? pick(TITLES) : '',
      industry_id: industries.length ? pick(industries) : null,
      user_expert: expert && i % 2 === 0 ? EXPERT_FLAG.expert : EXPERT_FLAG.normal,
      points,
      points_earned: points,
      fans_count: expert ? skewed(5_000) : skewed(50),
      created_at: created,
      updated_at: created,
    };
  };

  await db.transaction().execute(async (trx) => {
    for (const [count, expert] of [
      [opts.experts, true],
      [opts.members, false],
    ] as const) {
      for (let from = 0; from < count; from += BATCH_ROWS) {
        const batch = Array.from({ length: Math.min(BATCH_ROWS, count - from) }, (_, k) => memberRow(from + k, expert));
        const ids = (await trx.insertInto('users').values(batch).returning('id').execute()).map((r) => r.id);
        if (!expert) continue;
        // Every other expert holds the role (the others only the flag, set in the row).
        const roles = ids
          .filter((_, k) => (from + k) % 2 === 1)
          .map((user_id) => ({ user_id, role: EXPERT_ROLE, site_id: null, scope_id: null, created_at: opts.now }));
        if (roles.length) await trx.insertInto('user_roles').values(roles).execute();
        const fields: Insertable<ExpertFieldsTable>[] = [];
        for (const user_id of ids) {
          const wanted = Math.min(scenes.length, 1 + Math.floor(random() * 3));
          const chosen = new Set<number>();
          while (chosen.size < wanted) chosen.add(pick(scenes));
          for (const field_id of chosen) fields.push({ user_id, field_id });
        }
        if (fields.length) await trx.insertInto('expert_fields').values(fields).execute();
      }
    }
  });
  return {
    expertsInserted: opts.experts,
    membersInserted: opts.members,
    ms: Math.round(performance.now() - started),
  };
}

/** What the experts benchmark's requests are made of, read after the posts are in. */
export async function readExpertFacts(db: Kysely<DB>, opts: { detailExperts: number }): Promise<ExpertFacts> {
  const experts = await db
    .selectFrom('users')
    .select(['id', 'nick_name as title'])
    .where('email', 'like', 'expert-%@bench.example.com')
    .orderBy('id')
    .execute();
  const step = Math.max(1, Math.floor(experts.length / Math.max(1, opts.detailExperts)));
  // The directory's own order over every resident expert (the demo's too): flag or role, most followed.
  const top = await db
    .selectFrom('users')
    .select(['id', 'nick_name as title'])
    .where('status', '=', 1)
    .where((eb) =>
      eb.or([
        eb('user_expert', '=', EXPERT_FLAG.expert),
        eb.exists(
          eb
            .selectFrom('user_roles')
            .select('user_roles.id')
            .whereRef('user_roles.user_id', '=', 'users.id')
            .where('user_roles.role', '=', EXPERT_ROLE),
        ),
      ]),
    )
    .orderBy('fans_count', 'desc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  const busiest = experts.length
    ? await db
        .selectFrom('posts')
        .select(['author_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where(
          'author_id',
          'in',
          experts.slice(0, 1000).map((e) => e.id),
        )
        .where('site_id', '=', 1)
        .groupBy('author_id')
        .orderBy('n', 'desc')
        .orderBy('author_id')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const field = await db.selectFrom('expert_fields').select('field_id').orderBy('field_id').limit(1).executeTakeFirst();
  return {
    experts: experts.filter((_, i) => i % step === 0).slice(0, opts.detailExperts),
    topExpert: top ?? null,
    busiestExpert: busiest
      ? {
          id: busiest.author_id,
          title: experts.find((e) => e.id === busiest.author_id)?.title ?? '',
          posts: Number(busiest.n),
        }
      : null,
    fieldId: field?.field_id ?? null,
  };
}
