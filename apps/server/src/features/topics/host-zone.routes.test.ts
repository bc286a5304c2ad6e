import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, TestMember } from '../../../test/accounts-harness';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { grantDirectly, makeStaff, makeTopic, staffCall, staffTestApp } from '../../../test/roles-harness';

// The topic host zone (issue 19, item 6) through the real calls, on SQLite and on PostgreSQL.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let topicA: number;
let topicB: number;
let hostA: TestMember;
let hostB: TestMember;
let writer: TestMember;

const db = () => t.database.db;

const member = (nick: string) => h.readyMember(nick, 'protal');

const api = (path: string, body: unknown, as?: TestMember) =>
  h.call('protal', `/api${path}`, body, { ...(as ? { as } : {}), ip: h.freshIp() });

async function submit(topicId: number, title: string) {
  const res = await t.call(
    '/api/topic/articleAdd',
    { ttar_title: title, tt_id: topicId, ttar_source: 10, ttar_content: '<p>Body</p>' },
    {
      headers: {
        cookie: `${CLIENT_STORAGE.siteDataCookie}=1; accessToken=${writer.token}`,
        'x-forwarded-for': h.freshIp(),
      },
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().data.ttar_id);
}

type Zone = {
  list: Array<{
    tt_id: number;
    pending: Array<{ review_id: number; ttar_id: number }>;
    articles: Array<{ ttar_id: number; is_featured: boolean }>;
    days: Array<{ day: string; articles: number; followers: number; views: number }>;
  }>;
};

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  topicA = await makeTopic(db(), 1, '备份与容灾');
  topicB = await makeTopic(db(), 1, '存储安全');
  hostA = await member('Host A');
  await grantDirectly(db(), hostA.id, 'topic_host', 1, topicA);
  hostB = await member('Host B');
  await grantDirectly(db(), hostB.id, 'topic_host', 1, topicB);
  writer = await member('Writer');
});
afterAll(async () => t?.close());

describe('the host zone', () => {
  it('lists only the hosted topics with their pending articles to decide in place; others get 403 deciding them', async () => {
    const articleA = await submit(topicA, 'Immutable snapshots');
    const articleB = await submit(topicB, 'Encryption at rest');
    const zoneA = (await api('/topic/hostZone', {}, hostA)).json().data as Zone;
    expect(zoneA.list.map((z) => z.tt_id)).toEqual([topicA]);
    const pending = zoneA.list[0]!.pending.find((p) => p.ttar_id === articleA)!;
    expect(pending).toBeDefined();
    expect(zoneA.list[0]!.days).toHaveLength(30);

    const zoneB = (await api('/topic/hostZone', {}, hostB)).json().data as Zone;
    const pendingB = zoneB.list[0]!.pending.find((p) => p.ttar_id === articleB)!;
    // A host of topic A cannot decide topic B's article.
    const refused = await staffCall(
      h,
      'protal',
      '/admin/review/decide',
      { ids: [pendingB.review_id], decision: 'approve' },
      hostA,
    );
    expect(refused.statusCode).toBe(403);
    const approved = await staffCall(
      h,
      'protal',
      '/admin/review/decide',
      { ids: [pending.review_id], decision: 'approve' },
      hostA,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const after = (await api('/topic/hostZone', {}, hostA)).json().data as Zone;
    expect(after.list[0]!.pending.map((p) => p.ttar_id)).not.toContain(articleA);
    expect(after.list[0]!.articles.map((a) => a.ttar_id)).toContain(articleA);
    expect(after.list[0]!.days.at(-1)!.articles).toBeGreaterThanOrEqual(1);
  });

  it("charts the views of the topic's articles per day, as the page counts them (once per viewer)", async () => {
    const zone = (await api('/topic/hostZone', {}, hostA)).json().data as Zone;
    const before = zone.list[0]!.days.at(-1)!.views;
    const articleId = zone.list[0]!.articles[0]!.ttar_id;
    const readers = [writer, hostB, writer];
    for (const reader of readers) await api('/topic/articleInfo', { ttar_id: articleId }, reader);
    // The counter writes once a second, the article's count and its topic's day in one transaction.
    await new Promise((r) => setTimeout(r, 1300));
    const after = (await api('/topic/hostZone', {}, hostA)).json().data as Zone;
    expect(after.list[0]!.days.at(-1)!.views).toBe(before + 2);
    expect(after.list[0]!.days.slice(0, -1).every((d) => d.views === 0)).toBe(true);
    const row = await db()
      .selectFrom('topic_articles')
      .select('view_count')
      .where('id', '=', articleId)
      .executeTakeFirstOrThrow();
    expect(Number(row.view_count)).toBe(2);
  });

  it('pages a site-wide reviewer through every topic of the site, each once, with each day counted', async () => {
    const reviewer = await makeStaff(h, { permissions: [PERMISSIONS.reviewArticle], siteId: 1, nick: 'Site Reviewer' });
    const now = Date.now();
    const dayAgo = now - 24 * 3_600_000;
    const fans = [writer, hostA, hostB];
    await db()
      .insertInto('topic_follows')
      .values([
        ...fans.map((m) => ({ topic_id: topicB, user_id: m.id, created_at: now })),
        { topic_id: topicA, user_id: writer.id, created_at: dayAgo },
      ])
      .execute();
    const expected = await db()
      .selectFrom('topics')
      .select('id')
      .where('site_id', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const seen: Zone['list'] = [];
    let cursor: string | null = null;
    do {
      const res = await api('/topic/hostZone', { limit: 2, ...(cursor ? { cursor } : {}) }, reviewer);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data as Zone & { next_cursor: string | null };
      expect(page.list.length).toBeLessThanOrEqual(2);
      seen.push(...page.list);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.map((z) => z.tt_id)).toEqual(expected.map((r) => r.id));
    const dayB = seen.find((z) => z.tt_id === topicB)!.days;
    expect(dayB.at(-1)!.followers).toBe(3);
    expect(dayB.slice(0, -1).every((d) => d.followers === 0)).toBe(true);
    const dayA = seen.find((z) => z.tt_id === topicA)!.days;
    expect(dayA.at(-2)!.followers + dayA.at(-1)!.followers).toBe(1);
    expect(dayA.reduce((n, d) => n + d.articles, 0)).toBeGreaterThanOrEqual(1);

    const forged = await api('/topic/hostZone', { cursor: 'not-a-cursor' }, reviewer);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: 40001, data: { field: 'cursor' } });
    expect((await api('/topic/hostZone', { limit: 11 }, reviewer)).json()).toMatchObject({
      status: 40001,
      data: { field: 'limit' },
    });
  });

  it('is empty for a member who hosts nothing and refuses a visitor (401)', async () => {
    expect(((await api('/topic/hostZone', {}, writer)).json().data as Zone).list).toEqual([]);
    expect((await api('/topic/hostZone', {})).statusCode).toBe(401);
  });

  it('features an approved article for the topic page (audited); another topic’s host gets 403', async () => {
    const zone = (await api('/topic/hostZone', {}, hostA)).json().data as Zone;
    const articleId = zone.list[0]!.articles[0]!.ttar_id;
    const refused = await api('/topic/articleFeature', { ttar_id: articleId, featured: true }, hostB);
    expect(refused.statusCode).toBe(403);
    const byWriter = await api('/topic/articleFeature', { ttar_id: articleId, featured: true }, writer);
    expect(byWriter.statusCode).toBe(403);
    const bad = await api('/topic/articleFeature', { ttar_id: 'x', featured: true }, hostA);
    expect(bad.statusCode).toBe(400);

    const marked = await api('/topic/articleFeature', { ttar_id: articleId, featured: true }, hostA);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toEqual({ ttar_id: articleId, is_featured: true });
    const info = await api('/topic/info', { tt_id: topicA });
    expect(info.json().data.featured).toEqual([{ ttar_id: articleId, ttar_title: 'Immutable snapshots' }]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_kind'])
      .where('target_id', '=', String(articleId))
      .where('action', '=', 'article.feature')
      .execute();
    expect(audit).toEqual([{ action: 'article.feature', actor_id: hostA.id, target_kind: 'article' }]);

    await api('/topic/articleFeature', { ttar_id: articleId, featured: false }, hostA);
    expect((await api('/topic/info', { tt_id: topicA })).json().data.featured).toEqual([]);
  });

  it('lists the author’s own articles in the personal centre, newest first, with a rejection’s reason', async () => {
    const zoneB = (await api('/topic/hostZone', {}, hostB)).json().data as Zone;
    const pendingB = zoneB.list[0]!.pending[0]!;
    const rejected = await staffCall(
      h,
      'protal',
      '/admin/review/decide',
      { ids: [pendingB.review_id], decision: 'reject', reason: 'Needs sources' },
      hostB,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const mine = await api('/topic/articleMine', {}, writer);
    expect(mine.statusCode).toBe(200);
    const list = mine.json().data.list as Array<{ ttar_title: string; status: number; review_reason: string | null }>;
    expect(list.map((a) => [a.ttar_title, a.status, a.review_reason])).toEqual([
      ['Encryption at rest', 30, 'Needs sources'],
      ['Immutable snapshots', 20, null],
    ]);
    expect((await api('/topic/articleMine', {})).statusCode).toBe(401);
  });
});
