import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import type { ExpertMember } from '@portal/contracts/experts';
import { addRole, insertListedMember } from '../../../test/experts-harness';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const PATH = '/api/stationed/mvpList';
const zh = (body?: unknown) => t.call(`/api/protal${PATH}`, body);
const en = (body?: unknown) => t.call(`/api/protal_en${PATH}`, body);

/** Members added on top of the demo content, by what makes them (not) listed. */
const extra: Record<string, number> = {};
const TIED_POINTS = 4321;

async function addMember(key: string, fields: { points?: number; status?: number; user_expert?: number }) {
  extra[key] = await insertListedMember(t.database.db, key, { prefix: 'Test', ...fields });
  return extra[key];
}

/** Who should be listed, worked out from the tables in plain JavaScript, in the page's order. */
async function expected(siteId: number, kind: 'all' | 'mvp' | 'expert') {
  const users = await t.database.db
    .selectFrom('users')
    .select(['id', 'points_earned', 'status', 'user_expert'])
    .execute();
  const roles = await t.database.db.selectFrom('user_roles').select(['user_id', 'role', 'site_id']).execute();
  const mvp = (id: number) =>
    roles.some((r) => r.user_id === id && r.role === 'mvp' && (r.site_id === null || r.site_id === siteId));
  const expert = (u: (typeof users)[number]) =>
    u.user_expert === EXPERT_FLAG.expert || roles.some((r) => r.user_id === u.id && r.role === 'expert');
  return users
    .filter((u) => u.status === 1)
    .filter((u) => (kind === 'mvp' ? mvp(u.id) : kind === 'expert' ? expert(u) : mvp(u.id) || expert(u)))
    .sort((a, b) => b.points_earned - a.points_earned || a.id - b.id)
    .map((u) => u.id);
}

async function walk(call: (body?: unknown) => ReturnType<typeof zh>, body: Record<string, unknown>) {
  const seen: ExpertMember[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 200; page++) {
    const res = await call({ ...body, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { list: ExpertMember[]; next_cursor: string | null };
    expect(data.list.length).toBeLessThanOrEqual((body.limit as number | undefined) ?? 15);
    seen.push(...data.list);
    if (!data.next_cursor) break;
    cursor = data.next_cursor;
  }
  return seen;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  // Tied points, so that paging must break ties by id in the right direction.
  for (const key of ['tieA', 'tieB', 'tieC', 'tieD', 'tieE']) {
    await addRole(t.database.db, await addMember(key, { points: TIED_POINTS }), 'expert', null);
  }
  await addMember('flagOnly', { points: 12, user_expert: EXPERT_FLAG.expert });
  await addRole(t.database.db, await addMember('globalMvp', { points: 9 }), 'mvp', null);
  await addRole(t.database.db, await addMember('enMvp', { points: 8 }), 'mvp', 2);
  await addRole(
    t.database.db,
    await addMember('inactiveExpert', { points: 99_999, status: 0, user_expert: EXPERT_FLAG.expert }),
    'expert',
    null,
  );
  await addRole(t.database.db, await addMember('moderatorOnly', { points: 50_000 }), 'moderator', 2);
});
afterAll(async () => t?.close());

describe('the MVP and expert list', () => {
  it('lists the active MVPs and experts of the site, most points first, ties by id', async () => {
    for (const [call, siteId] of [
      [zh, 1],
      [en, 2],
    ] as const) {
      const res = await call({ limit: 50 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 200, msg: siteId === 1 ? expect.any(String) : 'Success' });
      const ids = (res.json().data.list as ExpertMember[]).map((u) => u.user_id);
      expect(ids).toEqual(await expected(siteId, 'all'));
    }
  });

  it('includes experts by role or by flag, and MVPs of this site or of every site only', async () => {
    const zhIds = (await zh({ limit: 50 })).json().data.list.map((u: ExpertMember) => u.user_id);
    const enIds = (await en({ limit: 50 })).json().data.list.map((u: ExpertMember) => u.user_id);
    for (const ids of [zhIds, enIds]) {
      expect(ids).toContain(extra.flagOnly);
      expect(ids).toContain(extra.globalMvp);
      expect(ids).toContain(extra.tieA);
      expect(ids).not.toContain(extra.inactiveExpert);
      expect(ids).not.toContain(extra.moderatorOnly);
    }
    expect(enIds).toContain(extra.enMvp);
    expect(zhIds).not.toContain(extra.enMvp);
  });

  it('filters by programme and says which programmes each member is in', async () => {
    for (const call of [zh, en]) {
      const mvps = (await call({ kind: 'mvp', limit: 50 })).json().data.list as ExpertMember[];
      const experts = (await call({ kind: 'expert', limit: 50 })).json().data.list as ExpertMember[];
      expect(mvps.length).toBeGreaterThan(0);
      expect(experts.length).toBeGreaterThan(0);
      expect(mvps.every((u) => u.roles.includes('mvp'))).toBe(true);
      expect(experts.every((u) => u.roles.includes('expert'))).toBe(true);
    }
    expect((await en({ kind: 'mvp', limit: 50 })).json().data.list.map((u: ExpertMember) => u.user_id)).toEqual(
      await expected(2, 'mvp'),
    );
    expect((await zh({ kind: 'expert', limit: 50 })).json().data.list.map((u: ExpertMember) => u.user_id)).toEqual(
      await expected(1, 'expert'),
    );
    const all = (await en({ limit: 50 })).json().data.list as ExpertMember[];
    expect(all.find((u) => u.user_id === extra.flagOnly)?.roles).toEqual(['expert']);
    expect(all.find((u) => u.user_id === extra.enMvp)?.roles).toEqual(['mvp']);
  });

  it('leaves a job title or company in Chinese off the English page, and keeps it on the Chinese (decision 023)', async () => {
    const id = await addMember('cjkTitle', { points: 1, user_expert: 20 });
    await t.database.db
      .updateTable('users')
      .set({ job_title: '存储架构师', company: 'Acme 存储' })
      .where('id', '=', id)
      .execute();
    const find = async (call: typeof zh) => {
      const list = (await walk(call, { limit: 50 })) as ExpertMember[];
      return list.find((u) => u.user_id === id)!;
    };
    expect(await find(zh)).toMatchObject({ user_job_title: '存储架构师', user_company: 'Acme 存储' });
    expect(await find(en)).toMatchObject({ user_job_title: '', user_company: '' });
    await t.database.db.updateTable('users').set({ status: 0 }).where('id', '=', id).execute();
  });

  it('gives each member their card, company, title and what they published on this site', async () => {
    const list = (await en({ limit: 50 })).json().data.list as ExpertMember[];
    const tie = list.find((u) => u.user_id === extra.tieA)!;
    expect(tie).toMatchObject({
      user_nick_name: 'Test tieA',
      user_company: 'Company of tieA',
      user_job_title: 'Title of tieA',
      user_points_level: 6,
      user_logo_arr: [10],
      user_medal: 2,
      post_count: 0,
      topic_article_count: 0,
      roles: ['expert'],
    });
    for (const u of list) {
      const [posts, articles] = await Promise.all([
        t.database.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('author_id', '=', u.user_id)
          .where('site_id', '=', 2)
          .where('status', '=', REVIEW_STATUS.approved)
          .executeTakeFirstOrThrow(),
        t.database.db
          .selectFrom('topic_articles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('author_id', '=', u.user_id)
          .where('site_id', '=', 2)
          .where('status', '=', REVIEW_STATUS.approved)
          .executeTakeFirstOrThrow(),
      ]);
      expect([u.post_count, u.topic_article_count]).toEqual([Number(posts.n), Number(articles.n)]);
    }
    expect(list.some((u) => u.post_count > 0)).toBe(true);
    expect(list.some((u) => u.topic_article_count > 0)).toBe(true);
  });

  it('counts only published posts and approved articles of this site', async () => {
    const id = extra.tieB!;
    const topic = await t.database.db
      .selectFrom('topics')
      .select('id')
      .where('site_id', '=', 2)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const post = (site_id: number, status: number) => ({
      site_id,
      author_id: id,
      group_id: null,
      board_id: null,
      type: 10,
      title: `Post ${site_id}-${status}`,
      summary: '',
      content_html: '<p>x</p>',
      industry_id: null,
      scene_id: null,
      source: 10,
      is_expert: EXPERT_FLAG.expert,
      status,
      view_count: 0,
      like_count: 0,
      comment_count: 0,
      created_at: now,
      updated_at: now,
    });
    await t.database.db
      .insertInto('posts')
      .values([
        post(2, REVIEW_STATUS.approved),
        post(2, REVIEW_STATUS.pending),
        post(2, REVIEW_STATUS.rejected),
        post(1, REVIEW_STATUS.approved),
      ])
      .execute();
    const article = (site_id: number, status: number) => ({
      site_id,
      topic_id: topic.id,
      author_id: id,
      title: `Article ${site_id}-${status}`,
      content_html: '<p>x</p>',
      source: 10,
      is_expert: EXPERT_FLAG.expert,
      status,
      created_at: now,
      updated_at: now,
    });
    await t.database.db
      .insertInto('topic_articles')
      .values([
        article(2, REVIEW_STATUS.approved),
        article(2, REVIEW_STATUS.pending),
        article(2, REVIEW_STATUS.withdrawn),
      ])
      .execute();
    const find = async (call: typeof en) =>
      ((await call({ kind: 'expert', limit: 50 })).json().data.list as ExpertMember[]).find((u) => u.user_id === id);
    expect(await find(en)).toMatchObject({ post_count: 1, topic_article_count: 1 });
    expect(await find(zh)).toMatchObject({ post_count: 1, topic_article_count: 0 });
  });

  it('never sends email, mobile or password hash', async () => {
    for (const call of [zh, en]) {
      const body = (await call({ limit: 50 })).body;
      expect(body).not.toMatch(/email|mobile|password|hash|scrypt|@test\.example\.com|@example\.com|\+86-/i);
      const first = JSON.parse(body).data.list[0];
      expect(Object.keys(first).sort()).toEqual(
        [
          'post_count',
          'roles',
          'topic_article_count',
          'user_avatar_att_url',
          'user_company',
          'user_id',
          'user_job_title',
          'user_logo_arr',
          'user_medal',
          'user_nick_name',
          'user_points_level',
        ].sort(),
      );
    }
  });

  it('pages by keyset without overlap or gap, through tied points, whatever the page size', async () => {
    for (const [call, siteId] of [
      [en, 2],
      [zh, 1],
    ] as const) {
      const all = await expected(siteId, 'all');
      for (const limit of [1, 2, 3, 7]) {
        const seen = (await walk(call, { limit })).map((u) => u.user_id);
        expect(seen).toEqual(all);
      }
    }
    // The five tied members come in id order, across page boundaries.
    const tied = (await walk(en, { limit: 2 }))
      .filter((u) => u.user_nick_name.startsWith('Test tie'))
      .map((u) => u.user_id);
    expect(tied).toEqual([extra.tieA, extra.tieB, extra.tieC, extra.tieD, extra.tieE]);
  });

  it('ends with a null cursor and uses the default page size of 15', async () => {
    const data = (await en({})).json().data;
    const total = (await expected(2, 'all')).length;
    expect(data.list).toHaveLength(Math.min(15, total));
    expect(data.next_cursor === null).toBe(total <= 15);
    const last = (await en({ limit: 50 })).json().data;
    expect(last.next_cursor).toBeNull();
  });

  it('is public: a visitor without a session gets it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/protal_en${PATH}`,
      headers: { isapi: '1', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the MVP and expert list refuses bad input', () => {
  it.each([
    ['an unknown field', { sort: 'name' }, 'sort'],
    ['an unknown kind', { kind: 'admin' }, 'kind'],
    ['a kind of the wrong type', { kind: 1 }, 'kind'],
    ['a limit of 0', { limit: 0 }, 'limit'],
    ['a limit over 50', { limit: 51 }, 'limit'],
    ['a fractional limit', { limit: 2.5 }, 'limit'],
    ['a limit of the wrong type', { limit: '10' }, 'limit'],
    ['a cursor of the wrong type', { cursor: 12 }, 'cursor'],
    ['a cursor that is too long', { cursor: 'x'.repeat(201) }, 'cursor'],
  ])('refuses %s naming the field', async (_name, body, field) => {
    const res = await en(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 40001, data: { field } });
    expect(res.json().msg).toContain(field);
  });

  it('refuses a forged or damaged cursor as a validation failure on cursor', async () => {
    for (const cursor of [
      'not-a-cursor',
      Buffer.from('1.2.3').toString('base64url'),
      Buffer.from('1.-2').toString('base64url'),
      Buffer.from('1 or 1=1').toString('base64url'),
    ]) {
      const res = await zh({ cursor });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: { field: 'cursor' } });
    }
  });
});
