import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { DB } from '../db/schema';
import { activityState, buildDemoPlan, DAY, POINT_RULES } from './demo-content';
import { seedDemo } from './seed-demo';

const SITE_TABLES = [
  'dictionaries',
  'banners',
  'activities',
  'topics',
  'topic_articles',
  'posts',
  'post_comments',
  'journals',
  'cooperation_pages',
  'pages',
  'points_ledger',
  'site_settings',
] as const satisfies ReadonlyArray<keyof DB>;
const ALL_TABLES = [...SITE_TABLES, 'users', 'user_roles'] as const satisfies ReadonlyArray<keyof DB>;

// An arbitrary afternoon: nothing in the demo may depend on the time of day.
const NOW = Date.UTC(2026, 10, 21, 15, 37, 12);

async function counts(database: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ALL_TABLES) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describe('seedDemo', () => {
  let database: Database;
  let first: { seeded: boolean };

  beforeAll(async () => {
    database = await openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(database.db);
    first = await seedDemo(database.db, { now: NOW });
  });

  afterAll(async () => {
    await database.close();
  });

  it('reports that it seeded an empty database', () => {
    expect(first).toEqual({ seeded: true });
  });

  it('fills every table for both sites', async () => {
    for (const siteId of [1, 2]) {
      for (const table of SITE_TABLES) {
        const row = await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('site_id', '=', siteId)
          .executeTakeFirstOrThrow();
        expect(Number(row.n), `${table} on site ${siteId}`).toBeGreaterThan(0);
      }
      const authors = await database.db
        .selectFrom('posts')
        .select((eb) => eb.fn.count<number>('author_id').distinct().as('n'))
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow();
      expect(Number(authors.n)).toBeGreaterThan(5);
    }
    const c = await counts(database);
    expect(c.users).toBeGreaterThanOrEqual(20);
    expect(c.user_roles).toBeGreaterThan(0);
  });

  it('gives one registering event on each site a questionnaire in its language, open now', async () => {
    for (const siteId of [1, 2]) {
      const rows = await database.db
        .selectFrom('questionnaires')
        .innerJoin('activities', 'activities.id', 'questionnaires.owner_id')
        .select(['questionnaires.id', 'questionnaires.title', 'questionnaires.opens_at', 'questionnaires.closes_at'])
        .select(['activities.site_id', 'activities.signup_starts_at', 'activities.starts_at', 'activities.ends_at'])
        .where('questionnaires.site_id', '=', siteId)
        .where('questionnaires.owner_kind', '=', 'event')
        .execute();
      expect(rows).toHaveLength(1);
      const q = rows[0]!;
      expect(q.site_id).toBe(siteId);
      expect(activityState(q, NOW)).toBe('registering');
      expect(Number(q.opens_at)).toBeLessThan(NOW);
      expect(Number(q.closes_at)).toBeGreaterThan(NOW);
      expect(q.title).toMatch(siteId === 1 ? /[\u4e00-\u9fff]/ : /^[A-Za-z ]+$/);
      const kinds = await database.db
        .selectFrom('questionnaire_questions')
        .select('kind')
        .where('questionnaire_id', '=', q.id)
        .orderBy('sort')
        .execute();
      expect(kinds.map((k) => k.kind)).toEqual(['single', 'multiple', 'text']);
    }
  });

  it('has events in every state relative to now on both sites', async () => {
    for (const siteId of [1, 2]) {
      const events = await database.db.selectFrom('activities').selectAll().where('site_id', '=', siteId).execute();
      expect(events.length).toBeGreaterThanOrEqual(6);
      const states = new Set(events.map((e) => activityState(e, NOW)));
      expect([...states].sort()).toEqual(['ended', 'inProgress', 'notStarted', 'registering']);
      expect(new Set(events.map((e) => e.is_online))).toEqual(new Set([0, 1]));
      for (const e of events) {
        expect(e.signup_count).toBeLessThanOrEqual(e.capacity);
        if (activityState(e, NOW) === 'registering') expect(e.signup_ends_at).toBeGreaterThan(NOW);
        if (activityState(e, NOW) === 'notStarted') expect(e.signup_count).toBe(0);
      }
    }
  });

  it('attaches a registering event of each site to its first topic (decision 030)', async () => {
    for (const siteId of [1, 2]) {
      const attached = await database.db
        .selectFrom('activities')
        .innerJoin('topics', 'topics.id', 'activities.topic_id')
        .select([
          'activities.signup_starts_at',
          'activities.signup_ends_at',
          'activities.starts_at',
          'activities.ends_at',
          'topics.site_id',
        ])
        .where('activities.site_id', '=', siteId)
        .execute();
      expect(attached).toHaveLength(1);
      expect(attached[0]!.site_id).toBe(siteId);
      expect(activityState(attached[0]!, NOW)).toBe('registering');
    }
  });

  it('keeps every member’s points equal to the sum of their ledger', async () => {
    const users = await database.db.selectFrom('users').select(['id', 'points']).execute();
    const sums = await database.db
      .selectFrom('points_ledger')
      .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('total')])
      .groupBy('user_id')
      .execute();
    const byUser = new Map(sums.map((s) => [s.user_id, Number(s.total)]));
    for (const u of users) expect(u.points, `user ${u.id}`).toBe(byUser.get(u.id) ?? 0);
    expect(users.filter((u) => u.points > 0).length).toBeGreaterThan(15);
  });

  it('writes ledger rows only with the known rules, amounts and the last 60 days', async () => {
    const rows = await database.db.selectFrom('points_ledger').select(['rule', 'amount', 'created_at']).execute();
    for (const r of rows) {
      expect(POINT_RULES[r.rule as keyof typeof POINT_RULES]).toBe(r.amount);
      expect(r.created_at).toBeLessThanOrEqual(NOW);
      expect(r.created_at).toBeGreaterThanOrEqual(NOW - 60 * DAY);
    }
    expect(new Set(rows.map((r) => r.rule))).toEqual(new Set(Object.keys(POINT_RULES)));
  });

  it('keeps each topic’s article_count equal to its approved articles', async () => {
    const topics = await database.db.selectFrom('topics').select(['id', 'article_count']).execute();
    for (const t of topics) {
      const row = await database.db
        .selectFrom('topic_articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('topic_id', '=', t.id)
        .where('status', '=', 20)
        .executeTakeFirstOrThrow();
      expect(t.article_count).toBe(Number(row.n));
      expect(t.article_count).toBeGreaterThanOrEqual(2);
      expect(t.article_count).toBeLessThanOrEqual(4);
    }
  });

  it('has real threads under posts: counts, replies and accepted answers agree with the rows', async () => {
    const posts = await database.db.selectFrom('posts').selectAll().execute();
    const comments = await database.db.selectFrom('post_comments').selectAll().execute();
    for (const p of posts) {
      const mine = comments.filter((c) => c.post_id === p.id);
      expect(p.comment_count, p.title).toBe(mine.length);
      expect(p.answer_count, p.title).toBe(mine.filter((c) => c.parent_id === null).length);
      for (const c of mine) {
        expect(c.site_id).toBe(p.site_id);
        expect(c.created_at).toBeGreaterThan(p.created_at);
        expect(c.created_at).toBeLessThanOrEqual(NOW);
        if (c.parent_id !== null) {
          const parent = mine.find((x) => x.id === c.parent_id);
          expect(parent?.parent_id).toBeNull();
        } else {
          expect(c.reply_count).toBe(mine.filter((x) => x.parent_id === c.id).length);
        }
      }
      if (p.accepted_comment_id !== null) {
        expect(p.type).toBe(20);
        const accepted = mine.find((c) => c.id === p.accepted_comment_id);
        expect(accepted?.parent_id).toBeNull();
        expect(accepted?.author_id).not.toBe(p.author_id);
      }
    }
    for (const siteId of [1, 2]) {
      expect(posts.some((p) => p.site_id === siteId && p.accepted_comment_id !== null)).toBe(true);
      expect(comments.some((c) => c.site_id === siteId && c.reply_to_user_id !== null)).toBe(true);
    }
  });

  it('dates posts within the last 90 days and never in the future', async () => {
    const posts = await database.db
      .selectFrom('posts')
      .select(['created_at', 'updated_at', 'type', 'is_expert', 'status'])
      .execute();
    for (const p of posts) {
      expect(p.created_at).toBeLessThanOrEqual(NOW);
      expect(p.created_at).toBeGreaterThan(NOW - 90 * DAY);
      expect(p.updated_at).toBeGreaterThanOrEqual(p.created_at);
      expect(p.status).toBe(20);
    }
    expect(new Set(posts.map((p) => p.type))).toEqual(new Set([10, 20]));
    expect(posts.some((p) => p.is_expert === 20)).toBe(true);
  });

  it('stores site settings as JSON, with the footer QR code per language', async () => {
    const rows = await database.db
      .selectFrom('site_settings')
      .select(['site_id', 'key', 'value'])
      .where('site_id', 'in', [1, 2])
      .execute();
    const get = (siteId: number, key: string) =>
      JSON.parse(rows.find((r) => r.site_id === siteId && r.key === key)!.value);
    expect(get(1, 'qr_code_url')).toBe('/demo/qr-zh.svg');
    expect(get(2, 'qr_code_url')).toBe('/demo/qr-en.svg');
    expect(get(1, 'image_config')).toEqual({ fileSize: 3, fileLimit: 9 });
    expect(get(2, 'file_config')).toEqual({ fileSize: 5, fileLimit: 9 });
    expect(get(1, 'permission_switch')).toBe(false);
    expect(get(2, 'post_review')).toBe(false);
  });

  it('creates members who cannot sign in, on a reserved mail domain', async () => {
    const users = await database.db.selectFrom('users').select(['email', 'password_hash', 'is_edit']).execute();
    for (const u of users) {
      expect(u.password_hash).toBeNull();
      expect(u.is_edit).toBe(1);
      expect(u.email).toMatch(/@example\.com$/);
    }
  });

  it('inserts nothing when run a second time', async () => {
    const before = await counts(database);
    expect(await seedDemo(database.db, { now: NOW + DAY })).toEqual({ seeded: false });
    expect(await counts(database)).toEqual(before);
  });
});

describe('seedDemo on a portal that already has settings', () => {
  it('keeps existing site settings and pages as they are', async () => {
    const database = await openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      await migrateToLatest(database.db);
      await database.db
        .insertInto('site_settings')
        .values({ site_id: 1, key: 'contact_email', value: '"ops@example.org"', updated_at: 1 })
        .execute();
      await database.db
        .insertInto('pages')
        .values({ site_id: 2, slug: 'about', title: 'Ours', body_html: '<p>Ours</p>', updated_at: 1 })
        .execute();
      expect(await seedDemo(database.db, { now: NOW })).toEqual({ seeded: true });
      const email = await database.db
        .selectFrom('site_settings')
        .select('value')
        .where('site_id', '=', 1)
        .where('key', '=', 'contact_email')
        .executeTakeFirstOrThrow();
      expect(email.value).toBe('"ops@example.org"');
      const about = await database.db
        .selectFrom('pages')
        .select('title')
        .where('site_id', '=', 2)
        .where('slug', '=', 'about')
        .executeTakeFirstOrThrow();
      expect(about.title).toBe('Ours');
    } finally {
      await database.close();
    }
  });
});

describe('buildDemoPlan', () => {
  it('puts events in their intended state at any time of day', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 17) {
      const now = Date.UTC(2027, 0, 1) + minutes * 60_000;
      expect(() => buildDemoPlan(now)).not.toThrow();
    }
  });

  it('is deterministic for a given now', () => {
    expect(buildDemoPlan(NOW)).toEqual(buildDemoPlan(NOW));
  });
});
