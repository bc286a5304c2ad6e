import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPERT_FLAG, REVIEW_STATUS } from '@portal/contracts/constants';
import { POST_TYPE } from '@portal/contracts/discussions';
import type { ExpertCard } from '@portal/contracts/experts';
import { accountsHarness, type TestMember } from '../../../test/accounts-harness';
import { addRole, insertListedMember } from '../../../test/experts-harness';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
const PATH = '/stationed/expertList';
type SiteCode = 'protal' | 'protal_en';
const list = (site: SiteCode, body: Record<string, unknown> = {}, as?: TestMember) =>
  h.call(site, `/api${PATH}`, body, as ? { as } : {});

const extra: Record<string, number> = {};
let industryId = 0;
let fieldId = 0;

async function addMember(key: string, fields: { fans?: number; status?: number; user_expert?: number }) {
  extra[key] = await insertListedMember(t.database.db, key, { prefix: 'Dir', ...fields });
  return extra[key];
}

/** Who the directory should list, worked out from the tables in plain JavaScript, in its order. */
async function expected(filters: { industry?: number; field?: number } = {}) {
  const db = t.database.db;
  const users = await db
    .selectFrom('users')
    .select(['id', 'fans_count', 'status', 'user_expert', 'industry_id'])
    .execute();
  const roles = await db.selectFrom('user_roles').select(['user_id', 'role']).execute();
  const fields = await db.selectFrom('expert_fields').select(['user_id', 'field_id']).execute();
  return users
    .filter((u) => u.status === 1)
    .filter((u) => u.user_expert === EXPERT_FLAG.expert || roles.some((r) => r.user_id === u.id && r.role === 'expert'))
    .filter((u) => filters.industry === undefined || u.industry_id === filters.industry)
    .filter(
      (u) => filters.field === undefined || fields.some((f) => f.user_id === u.id && f.field_id === filters.field),
    )
    .sort((a, b) => b.fans_count - a.fans_count || a.id - b.id)
    .map((u) => u.id);
}

async function walk(site: SiteCode, body: Record<string, unknown>, as?: TestMember) {
  const seen: ExpertCard[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 200; page++) {
    const res = await list(site, { ...body, ...(cursor ? { cursor } : {}) }, as);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { list: ExpertCard[]; next_cursor: string | null };
    seen.push(...data.list);
    if (!data.next_cursor) return seen;
    cursor = data.next_cursor;
  }
  throw new Error('the directory never ended');
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  h = accountsHarness(t);
  const db = t.database.db;
  const dict = (kind: string) =>
    db
      .selectFrom('dictionaries')
      .select('id')
      .where('site_id', '=', 1)
      .where('kind', '=', kind)
      .orderBy('sort')
      .executeTakeFirstOrThrow();
  industryId = (await dict('industry')).id;
  fieldId = (await dict('scene')).id;
  // Tied follower counts, so that paging must break ties by id in the right direction.
  for (const key of ['tieA', 'tieB', 'tieC', 'tieD'])
    await addRole(t.database.db, await addMember(key, { fans: 7 }), 'expert', null);
  await addMember('flagOnly', { fans: 3, user_expert: EXPERT_FLAG.expert });
  await addRole(t.database.db, await addMember('siteExpert', { fans: 2 }), 'expert', 2);
  await addRole(t.database.db, await addMember('mvpOnly', { fans: 90 }), 'mvp', null);
  await addMember('inactive', { fans: 99, status: 0, user_expert: EXPERT_FLAG.expert });
  await db
    .updateTable('users')
    .set({ industry_id: industryId })
    .where('id', 'in', [extra.tieB!, extra.flagOnly!])
    .execute();
  await db
    .insertInto('expert_fields')
    .values([
      { user_id: extra.tieC!, field_id: fieldId },
      { user_id: extra.flagOnly!, field_id: fieldId },
    ])
    .execute();
});
afterAll(async () => t?.close());

describe('the experts directory', () => {
  it('lists the active resident experts, most followed first, ties by id, page after page on both sites', async () => {
    for (const site of ['protal', 'protal_en'] as const) {
      const res = await list(site, { limit: 50 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 200 });
      const walked = await walk(site, { limit: 2 });
      expect(walked.map((u) => u.user_id)).toEqual(await expected());
      const ids = walked.map((u) => u.user_id);
      expect(ids).toEqual(expect.arrayContaining([extra.tieA, extra.flagOnly, extra.siteExpert]));
      expect(ids).not.toContain(extra.mvpOnly);
      expect(ids).not.toContain(extra.inactive);
    }
  });

  it('filters by industry and by field of expertise, alone or together', async () => {
    const byIndustry = await walk('protal', { industry: industryId, limit: 50 });
    expect(byIndustry.map((u) => u.user_id)).toEqual(await expected({ industry: industryId }));
    expect(byIndustry.map((u) => u.user_id)).toEqual(expect.arrayContaining([extra.tieB, extra.flagOnly]));
    expect(byIndustry.every((u) => u.user_industry === industryId)).toBe(true);
    const byField = await walk('protal', { field: fieldId, limit: 1 });
    expect(byField.map((u) => u.user_id)).toEqual(await expected({ field: fieldId }));
    expect(byField.every((u) => u.field_ids.includes(fieldId))).toBe(true);
    const both = await walk('protal_en', { industry: industryId, field: fieldId });
    expect(both.map((u) => u.user_id)).toEqual(await expected({ industry: industryId, field: fieldId }));
    expect(both.map((u) => u.user_id)).toContain(extra.flagOnly);
    expect((await list('protal', { industry: 2_000_000_000 })).json().data).toEqual({ list: [], next_cursor: null });
  });

  it('gives each card the title, company, badges and the counts of articles, answers and followers here', async () => {
    const db = t.database.db;
    // An answer by an expert to a published question of site 1.
    const question = await db
      .selectFrom('posts')
      .select(['id', 'site_id'])
      .where('type', '=', POST_TYPE.question)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('hidden', '=', 0)
      .where('deleted_at', 'is', null)
      .where('site_id', '=', 1)
      .executeTakeFirst();
    if (question) {
      const now = Date.now();
      await db
        .insertInto('post_comments')
        .values({
          post_id: question.id,
          site_id: 1,
          author_id: extra.tieA!,
          content: 'An answer',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const cards = await walk('protal', { limit: 50 });
    const tie = cards.find((u) => u.user_id === extra.tieA)!;
    expect(tie).toMatchObject({
      user_nick_name: 'Dir tieA',
      user_company: 'Company of tieA',
      user_job_title: 'Title of tieA',
      user_logo_arr: [10],
      user_fans_count: 7,
      answer_count: question ? 1 : 0,
      have_be_follow: 0,
    });
    for (const u of cards) {
      const [articles, answers] = await Promise.all([
        db
          .selectFrom('topic_articles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('author_id', '=', u.user_id)
          .where('site_id', '=', 1)
          .where('status', '=', REVIEW_STATUS.approved)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('post_comments as c')
          .innerJoin('posts as p', 'p.id', 'c.post_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('c.author_id', '=', u.user_id)
          .where('c.site_id', '=', 1)
          .where('c.parent_id', 'is', null)
          .where('c.hidden', '=', 0)
          .where('c.deleted_at', 'is', null)
          .where('p.type', '=', POST_TYPE.question)
          .where('p.status', '=', REVIEW_STATUS.approved)
          .where('p.hidden', '=', 0)
          .where('p.deleted_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      expect([u.topic_article_count, u.answer_count]).toEqual([Number(articles.n), Number(answers.n)]);
    }
    const body = JSON.stringify(cards);
    expect(body).not.toContain('@test.example.com');
    expect(body).not.toContain('Real tieA');
  });

  it('tells a signed-in member whom they follow, and the card follows from the directory', async () => {
    const member = await h.registerMember();
    // Follows need completed information (else 203).
    await h.completeInformation(member);
    const follow = await h.call('protal_en', '/userfollow/add', { user_id: extra.flagOnly }, { as: member });
    expect(follow.json().data).toMatchObject({ have_be_follow: 1, user_fans_count: 4 });
    const cards = await walk('protal_en', { limit: 50 }, member);
    const card = cards.find((u) => u.user_id === extra.flagOnly)!;
    expect(card).toMatchObject({ have_be_follow: 1, user_fans_count: 4 });
    expect(cards.filter((u) => u.have_be_follow === 1).map((u) => u.user_id)).toEqual([extra.flagOnly]);
    const anonymous = await walk('protal_en', { limit: 50 });
    expect(anonymous.every((u) => u.have_be_follow === 0)).toBe(true);
  });

  it('refuses a bad filter or a forged cursor with 40001 naming the field, in the site language', async () => {
    for (const [body, field] of [
      [{ industry: 0 }, 'industry'],
      [{ field: 'storage' }, 'field'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ unknown: 1 }, undefined],
    ] as const) {
      const res = await list('protal_en', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001 });
      if (field) expect(JSON.stringify(res.json().data)).toContain(field);
    }
  });
});

describe("an expert's page", () => {
  /** A seeded author of approved articles and published posts, made an expert for these tests. */
  async function prolificExpert() {
    const db = t.database.db;
    const author = await db
      .selectFrom('topic_articles')
      .select('author_id')
      .where('site_id', '=', 1)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('deleted_at', 'is', null)
      .groupBy('author_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    const id = author.author_id;
    if (
      !(await db
        .selectFrom('user_roles')
        .select('id')
        .where('user_id', '=', id)
        .where('role', '=', 'expert')
        .executeTakeFirst())
    ) {
      await addRole(t.database.db, id, 'expert', null);
    }
    return id;
  }

  it('shows an expert profile with the counts of the directory, and 404 for a member who is not one', async () => {
    const id = await prolificExpert();
    const res = await h.call('protal', '/api/stationed/expertInfo', { user_id: id });
    expect(res.statusCode).toBe(200);
    const profile = res.json().data;
    const card = (await walk('protal', { limit: 50 })).find((u) => u.user_id === id)!;
    expect(profile).toMatchObject({ ...card, have_be_follow: 0 });
    expect(profile.topic_article_count).toBeGreaterThan(0);
    for (const [site, msg] of [
      ['protal_en', 'This member is not a resident expert'],
      ['protal', '该成员不是驻站专家'],
    ] as const) {
      for (const userId of [extra.mvpOnly, extra.inactive, 2_000_000_000]) {
        const missing = await h.call(site, '/api/stationed/expertInfo', { user_id: userId });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ status: 404, msg });
        const content = await h.call(site, '/api/stationed/expertContent', { user_id: userId, tab: 'posts' });
        expect(content.statusCode).toBe(404);
      }
    }
  });

  it('pages each tab newest or most liked first, exactly what the tables hold', async () => {
    const db = t.database.db;
    const id = await prolificExpert();
    const articles = await db
      .selectFrom('topic_articles')
      .select(['id', 'like_count', 'published_at'])
      .where('author_id', '=', id)
      .where('site_id', '=', 1)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('deleted_at', 'is', null)
      .where('published_at', 'is not', null)
      .execute();
    const posts = await db
      .selectFrom('posts')
      .select(['id', 'like_count', 'created_at'])
      .where('author_id', '=', id)
      .where('site_id', '=', 1)
      .where('type', '=', POST_TYPE.discussion)
      .where('status', '=', REVIEW_STATUS.approved)
      .where('hidden', '=', 0)
      .where('deleted_at', 'is', null)
      .execute();
    const order = <T extends { id: number }>(rows: T[], key: (r: T) => number) =>
      [...rows].sort((a, b) => key(b) - key(a) || b.id - a.id).map((r) => r.id);
    const walkTab = async (tab: string, type: string) => {
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 200; i++) {
        const res = await h.call('protal', '/api/stationed/expertContent', {
          user_id: id,
          tab,
          type,
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        seen.push(...data.list.map((r: { id: number }) => r.id));
        if (!data.next_cursor) return seen;
        cursor = data.next_cursor;
      }
      throw new Error('never ended');
    };
    expect(await walkTab('articles', 'new')).toEqual(order(articles, (r) => Number(r.published_at)));
    expect(await walkTab('articles', 'hot')).toEqual(order(articles, (r) => r.like_count));
    expect(await walkTab('posts', 'new')).toEqual(order(posts, (r) => Number(r.created_at)));
    expect(await walkTab('posts', 'hot')).toEqual(order(posts, (r) => r.like_count));
    // An answer links to its question.
    const answers = (
      await h.call('protal', '/api/stationed/expertContent', { user_id: extra.tieA, tab: 'answers' })
    ).json().data.list;
    for (const a of answers) expect(a).toMatchObject({ title: expect.any(String), excerpt: 'An answer' });
    // Another site's content is not this site's.
    const en = (await h.call('protal_en', '/api/stationed/expertContent', { user_id: id, tab: 'articles' })).json().data
      .list as Array<{ id: number }>;
    expect(en.some((r) => articles.some((a) => a.id === r.id))).toBe(false);
  });

  it('refuses an unknown tab or sort with 40001', async () => {
    for (const body of [
      { user_id: extra.tieA, tab: 'events' },
      { user_id: extra.tieA, tab: 'posts', type: 'old' },
      { user_id: 0, tab: 'posts' },
    ]) {
      const res = await h.call('protal_en', '/api/stationed/expertContent', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001 });
    }
  });
});
