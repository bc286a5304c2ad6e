import { ACTIVITY_STATE, EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import { isEventArea } from '@portal/contracts/event-areas';
import { SIGNUP_STATUS } from '@portal/contracts/events';
import { siteById } from '@portal/contracts/sites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activityState } from '../features/events/events.service';
import { readEventFacts, topUpEvents, type EventsTopUpResult } from './bench-events';
import { readExpertFacts, seedBenchExperts } from './bench-experts';
import { readTopicFacts, seedBenchTopics, type TopicsTopUpResult } from './bench-topics';

const NOW = Date.UTC(2026, 10, 26, 9, 30, 0);

describe('bench events and topics', () => {
  let t: TestApp;
  let demoEvents: number;
  let lastDemoEvent: number;
  let lastDemoTopic: number;
  let events: EventsTopUpResult;
  let topics: TopicsTopUpResult;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const ev = await db()
      .selectFrom('activities')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('id').as('max')])
      .executeTakeFirstOrThrow();
    demoEvents = Number(ev.n);
    lastDemoEvent = Number(ev.max);
    lastDemoTopic = Number(
      (
        await db()
          .selectFrom('topics')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );
    events = await topUpEvents(db(), { events: demoEvents + 2001, now: NOW });
    topics = await seedBenchTopics(db(), { topics: 201, articles: 3001, now: NOW });
  });

  afterAll(async () => {
    await t.close();
  });

  const bulkEvents = () => db().selectFrom('activities').selectAll().where('id', '>', lastDemoEvent).execute();

  it('tops the events up to the number asked, in batches past one insert, sites alternating, and no further', async () => {
    expect(events.inserted).toBe(2001);
    expect(events.events).toBe(demoEvents + 2001);
    expect((await bulkEvents()).filter((e) => e.site_id === 1)).toHaveLength(1001);
    expect(await topUpEvents(db(), { events: demoEvents + 2001, now: NOW })).toMatchObject({ inserted: 0 });
  });

  it('spreads the events over the four states, online and in the areas of their site', async () => {
    const rows = await bulkEvents();
    const states = new Map<number, number>();
    for (const e of rows) {
      const state = activityState(e, NOW);
      states.set(state, (states.get(state) ?? 0) + 1);
      if (e.is_online === 1) expect(e.province).toBe('');
      else expect(isEventArea(siteById(e.site_id)!.lang, e.province, e.area), `${e.province} ${e.area}`).toBe(true);
      expect(e.ends_at).toBeGreaterThan(e.starts_at);
    }
    for (const state of Object.values(ACTIVITY_STATE)) expect(states.get(state), `state ${state}`).toBeGreaterThan(0);
    expect(states.get(ACTIVITY_STATE.ended)!).toBeGreaterThan(rows.length / 2);
    const online = rows.filter((e) => e.is_online === 1).length / rows.length;
    expect(online).toBeGreaterThan(0.15);
    expect(online).toBeLessThan(0.35);
  });

  it("writes sign-ups that agree with each event's counts, within its capacity, one live sign-up per member", async () => {
    const rows = await bulkEvents();
    const signups = await db()
      .selectFrom('activity_signups')
      .select(['activity_id', 'user_id', 'status', 'checkin_code'])
      .where('activity_id', '>', lastDemoEvent)
      .execute();
    expect(signups).toHaveLength(events.signups);
    expect(signups.length).toBeGreaterThan(0);
    expect(new Set(signups.map((s) => s.checkin_code)).size).toBe(signups.length);
    for (const e of rows) {
      const mine = signups.filter((s) => s.activity_id === e.id);
      expect(mine.filter((s) => s.status === SIGNUP_STATUS.signedUp)).toHaveLength(e.signup_count);
      expect(mine.filter((s) => s.status === SIGNUP_STATUS.waiting)).toHaveLength(e.waitlist_count);
      if (e.capacity > 0) expect(e.signup_count).toBeLessThanOrEqual(e.capacity);
      if (e.waitlist_enabled === 0) expect(e.waitlist_count).toBe(0);
      expect(new Set(mine.map((s) => s.user_id)).size).toBe(mine.length);
    }
  });

  it('answers the busiest area of the Chinese site and the same random events for the same seed', async () => {
    const facts = await readEventFacts(db(), { detailEvents: 40 });
    expect(facts.random).toHaveLength(40);
    expect(new Set(facts.random.map((e) => e.id)).size).toBe(40);
    expect((await readEventFacts(db(), { detailEvents: 40 })).random).toEqual(facts.random);
    const area = facts.busiestArea!;
    const inArea = (await bulkEvents()).filter(
      (e) => e.site_id === 1 && e.province === area.province && e.area === area.city,
    ).length;
    expect(area.events).toBeGreaterThanOrEqual(inArea);
    expect(isEventArea('zh', area.province, area.city)).toBe(true);
  });

  it('adds the topics and their articles once, each article in a topic of its own site, each topic counting its approved articles', async () => {
    expect(topics).toMatchObject({ topicsInserted: 201, articlesInserted: 3001 });
    expect(await seedBenchTopics(db(), { topics: 201, articles: 3001, now: NOW })).toMatchObject({
      topicsInserted: 0,
      articlesInserted: 0,
    });
    const bulk = await db()
      .selectFrom('topics')
      .select(['id', 'site_id', 'article_count'])
      .where('id', '>', lastDemoTopic)
      .execute();
    expect(bulk).toHaveLength(201);
    const articles = await db()
      .selectFrom('topic_articles')
      .select(['topic_id', 'site_id', 'status', 'published_at'])
      .where('topic_id', '>', lastDemoTopic)
      .execute();
    expect(articles).toHaveLength(3001);
    const byId = new Map(bulk.map((tp) => [tp.id, tp]));
    for (const a of articles) {
      expect(a.site_id).toBe(byId.get(a.topic_id)!.site_id);
      expect(a.published_at === null).toBe(a.status !== REVIEW_STATUS.approved);
    }
    for (const tp of bulk) {
      const approved = articles.filter((a) => a.topic_id === tp.id && a.status === REVIEW_STATUS.approved).length;
      expect(tp.article_count, `topic ${tp.id}`).toBe(approved);
    }
    const pending = articles.filter((a) => a.status === REVIEW_STATUS.pending).length / articles.length;
    expect(pending).toBeGreaterThan(0.05);
    expect(pending).toBeLessThan(0.15);
    // Attention is skewed: the busiest topic holds many times the average.
    expect(Math.max(...bulk.map((tp) => tp.article_count))).toBeGreaterThan((5 * 3001) / 201);
  });

  it('answers the busiest topic and the same random topics and approved articles for the same seed', async () => {
    const facts = await readTopicFacts(db(), { detailTopics: 30, detailArticles: 60 });
    expect(facts.topics).toHaveLength(30);
    expect(facts.articles).toHaveLength(60);
    expect(await readTopicFacts(db(), { detailTopics: 30, detailArticles: 60 })).toEqual(facts);
    const picked = await db()
      .selectFrom('topic_articles')
      .select(['site_id', 'status'])
      .where(
        'id',
        'in',
        facts.articles.map((a) => a.id),
      )
      .execute();
    expect(picked.every((a) => a.site_id === 1 && a.status === REVIEW_STATUS.approved)).toBe(true);
    const top = await db()
      .selectFrom('topics')
      .select('article_count')
      .where('site_id', '=', 1)
      .orderBy('article_count', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(facts.busiestTopic!.articles).toBe(top.article_count);
  });
});

describe('bench experts', () => {
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    await seedBenchExperts(db(), { experts: 1001, members: 7, now: NOW });
  });

  afterAll(async () => {
    await t.close();
  });

  it('adds the experts in batches past one insert, half by the flag and half by the role, and the plain members', async () => {
    const experts = await db()
      .selectFrom('users')
      .select(['id', 'user_expert', 'company', 'industry_id'])
      .where('email', 'like', 'expert-%@bench.example.com')
      .execute();
    expect(experts).toHaveLength(1001);
    const roles = await db().selectFrom('user_roles').select('user_id').where('role', '=', 'expert').execute();
    const withRole = new Set(roles.map((r) => r.user_id));
    const flagged = experts.filter((e) => e.user_expert === EXPERT_FLAG.expert);
    expect(flagged).toHaveLength(501);
    expect(experts.filter((e) => withRole.has(e.id))).toHaveLength(500);
    expect(flagged.some((e) => withRole.has(e.id))).toBe(false);
    expect(experts.every((e) => e.company !== '' && e.industry_id !== null)).toBe(true);
    const members = await db()
      .selectFrom('users')
      .select('id')
      .where('email', 'like', 'member-%@bench.example.com')
      .execute();
    expect(members).toHaveLength(7);
  });

  it('gives every expert one to three fields of expertise from the scene dictionary', async () => {
    const scenes = new Set(
      (await db().selectFrom('dictionaries').select('id').where('kind', '=', 'scene').execute()).map((r) => r.id),
    );
    const fields = await db()
      .selectFrom('expert_fields')
      .innerJoin('users', 'users.id', 'expert_fields.user_id')
      .select(['expert_fields.user_id', 'expert_fields.field_id'])
      .where('users.email', 'like', 'expert-%@bench.example.com')
      .execute();
    const perExpert = new Map<number, number>();
    for (const f of fields) perExpert.set(f.user_id, (perExpert.get(f.user_id) ?? 0) + 1);
    expect(perExpert.size).toBe(1001);
    expect([...perExpert.values()].every((n) => n >= 1 && n <= 3)).toBe(true);
    expect(fields.every((f) => scenes.has(f.field_id))).toBe(true);
  });

  it('reads what the requests are made of: the directory answers its top expert first', async () => {
    const facts = await readExpertFacts(db(), { detailExperts: 100 });
    expect(facts.experts).toHaveLength(100);
    expect(facts.fieldId).not.toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/protal/api/stationed/expertList',
      headers: { isapi: '1', 'content-type': 'application/json' },
      payload: { limit: 12 },
    });
    const answer = res.json() as { status: number; data: { list: { user_id: number }[] } };
    expect(answer.status).toBe(200);
    expect(answer.data.list[0]?.user_id).toBe(facts.topExpert!.id);
  });
});
