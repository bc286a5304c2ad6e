import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import { accountsHarness, type Site, type TestMember } from '../../../test/accounts-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let alice: TestMember;
let bob: TestMember;
const industry: Record<number, number> = {};

const msgOf = (lang: 'zh' | 'en', key: string, vars?: Record<string, unknown>) => translate(lang, key, vars);
const langOf = (site: Site) => (site === 'protal' ? 'zh' : 'en');

const info = {
  user_name: '  Alice Liddell ',
  user_company: 'Wonder Storage',
  user_job_title: 'Architect',
  user_contact_mobile: '13912345678',
  user_contact_email: 'Alice.Work@Test.Example.com',
};

async function addContent(authorId: number) {
  const now = Date.now();
  const topic = await t.database.db
    .insertInto('topics')
    .values({ site_id: 1, title: 'Topic', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const article = (site_id: number, status: number) => ({
    site_id,
    topic_id: topic.id,
    author_id: authorId,
    title: 'Article',
    content_html: '<p>x</p>',
    status,
    created_at: now,
    updated_at: now,
  });
  await t.database.db
    .insertInto('topic_articles')
    .values([article(1, REVIEW_STATUS.approved), article(2, REVIEW_STATUS.approved), article(1, REVIEW_STATUS.pending)])
    .execute();
  const post = (site_id: number, type: number, status: number) => ({
    site_id,
    author_id: authorId,
    group_id: null,
    board_id: null,
    type,
    title: 'Post',
    content_html: '<p>x</p>',
    industry_id: null,
    scene_id: null,
    status,
    created_at: now,
    updated_at: now,
  });
  await t.database.db
    .insertInto('posts')
    .values([
      post(1, 10, REVIEW_STATUS.approved),
      post(2, 10, REVIEW_STATUS.approved),
      post(1, 10, REVIEW_STATUS.approved),
      post(1, 10, REVIEW_STATUS.rejected),
      post(2, 20, REVIEW_STATUS.approved),
      post(1, 20, REVIEW_STATUS.pending),
    ])
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  h = accountsHarness(t);
  for (const site_id of [1, 2]) {
    const row = await t.database.db
      .insertInto('dictionaries')
      .values({ site_id, kind: 'industry', label: `Storage ${site_id}`, value: 1, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    industry[site_id] = row.id;
  }
  await t.database.db
    .insertInto('dictionaries')
    .values({ site_id: 1, kind: 'scene', label: 'Backup', value: 1, created_at: Date.now() })
    .execute();
  alice = await h.registerMember({ nick: 'Alice' });
  bob = await h.registerMember({ nick: 'Bob' });
  h.remember(alice.id, info.user_contact_mobile, info.user_contact_email);
});
afterAll(async () => t?.close());

describe('the current member', () => {
  it('counts approved articles, published posts and questions on every site, and follows', async () => {
    await addContent(alice.id);
    await h.completeInformation(bob);
    await h.call('protal_en', '/userfollow/add', { user_id: alice.id }, { as: bob });
    const res = await h.call('protal', '/api/user/getMyInfo', {}, { as: alice });
    expect(res.json()).toMatchObject({
      status: 200,
      data: {
        user_id: alice.id,
        user_nick_name: 'Alice',
        user_topic_article_count: 2,
        user_post_count: 3,
        user_que_count: 1,
        user_comment_count: 0,
        user_follow_count: 0,
        user_fans_count: 1,
      },
    });
    const bobs = await h.call('protal', '/api/user/getMyInfo', {}, { as: bob });
    expect(bobs.json().data).toMatchObject({ user_follow_count: 1, user_fans_count: 0, user_post_count: 0 });
    await h.completeInformation(bob);
    await h.call('protal_en', '/userfollow/add', { user_id: alice.id }, { as: bob });
  });
});

describe('completing the information', () => {
  it('saves real name, company, job title, industry and contacts, and sets is_edit to 1', async () => {
    const before = await h.call('protal', '/api/user/getMyInfo', {}, { as: alice });
    expect(before.json().data.is_edit).toBe(2);
    const res = await h.call(
      'protal',
      '/api/user/saveInformation',
      { ...info, user_industry: industry[1] },
      { as: alice },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 200,
      msg: msgOf('zh', 'api.ok'),
      data: {
        user_name: 'Alice Liddell',
        user_company: 'Wonder Storage',
        user_job_title: 'Architect',
        user_industry: industry[1],
        user_contact_mobile: '13912345678',
        user_contact_email: 'alice.work@test.example.com',
        is_edit: 1,
      },
    });
    const after = await h.call('protal_en', '/api/user/getMyInfo', {}, { as: alice });
    expect(after.json().data).toMatchObject({ is_edit: 1, user_name: 'Alice Liddell' });
  });

  it('refuses an industry that is not an industry of the site, naming user_industry', async () => {
    // A member who has not completed the information yet: a refused save leaves is_edit at 2.
    const newcomer = await h.registerMember();
    for (const [site, id] of [
      ['protal', industry[2]],
      ['protal_en', industry[1]],
      ['protal', 999_999],
    ] as const) {
      const lang = langOf(site);
      const res = await h.call(site, '/api/user/saveInformation', { ...info, user_industry: id }, { as: newcomer });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 40001,
        msg: msgOf(lang, 'errors.validation', {
          field: 'user_industry',
          reason: msgOf(lang, 'accounts.industryRequired'),
        }),
        data: {
          field: 'user_industry',
          issues: [{ field: 'user_industry', message: msgOf(lang, 'accounts.industryRequired') }],
        },
      });
    }
    // A scene is a dictionary entry, but not an industry.
    const scene = await t.database.db
      .selectFrom('dictionaries')
      .select('id')
      .where('kind', '=', 'scene')
      .executeTakeFirstOrThrow();
    const res = await h.call(
      'protal',
      '/api/user/saveInformation',
      { ...info, user_industry: scene.id },
      { as: newcomer },
    );
    expect(res.json().data.field).toBe('user_industry');
    expect((await h.call('protal', '/api/user/getMyInfo', {}, { as: newcomer })).json().data.is_edit).toBe(2);
  });

  const full = { ...info, user_industry: 1 };
  const without = (field: keyof typeof full) => Object.fromEntries(Object.entries(full).filter(([k]) => k !== field));
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['no real name', without('user_name'), 'user_name', 'accounts.realNameRequired'],
    ['a blank real name', { ...full, user_name: '   ' }, 'user_name', 'accounts.realNameRequired'],
    ['no company', without('user_company'), 'user_company', 'accounts.companyRequired'],
    ['a blank company', { ...full, user_company: '' }, 'user_company', 'accounts.companyRequired'],
    ['no job title', without('user_job_title'), 'user_job_title', 'accounts.jobTitleRequired'],
    ['a blank job title', { ...full, user_job_title: ' ' }, 'user_job_title', 'accounts.jobTitleRequired'],
    ['no industry', without('user_industry'), 'user_industry', 'accounts.industryRequired'],
    [
      'an industry that is not a number',
      { ...full, user_industry: 'IT' },
      'user_industry',
      'accounts.industryRequired',
    ],
    ['an industry of 0', { ...full, user_industry: 0 }, 'user_industry', 'accounts.industryRequired'],
    ['no mobile', without('user_contact_mobile'), 'user_contact_mobile', 'accounts.mobileInvalid'],
    ['a wrong mobile', { ...full, user_contact_mobile: '1234' }, 'user_contact_mobile', 'accounts.mobileInvalid'],
    ['no email', without('user_contact_email'), 'user_contact_email', 'accounts.emailInvalid'],
    ['a wrong email', { ...full, user_contact_email: 'alice@' }, 'user_contact_email', 'accounts.emailInvalid'],
  ];
  it.each(cases)('refuses %s, naming the field in both languages', async (_name, body, field, key) => {
    for (const site of ['protal', 'protal_en'] as const) {
      const lang = langOf(site);
      const res = await h.call(site, '/api/user/saveInformation', body, { as: bob });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 40001,
        msg: msgOf(lang, 'errors.validation', { field, reason: msgOf(lang, key) }),
        data: { field },
      });
    }
  });
});

describe('updating the account', () => {
  it('changes the nickname and contacts given, and leaves the rest', async () => {
    const res = await h.call('protal_en', '/api/user/updateAccount', { user_nick_name: ' Bobby ' }, { as: bob });
    expect(res.json()).toMatchObject({ status: 200, data: { user_nick_name: 'Bobby', user_contact_email: bob.email } });
    h.remember(bob.id, '+4915112345678', 'bob.other@test.example.com');
    const contacts = await h.call(
      'protal_en',
      '/api/user/updateAccount',
      { user_contact_mobile: '+4915112345678', user_contact_email: 'Bob.Other@test.example.com' },
      { as: bob },
    );
    expect(contacts.json().data).toMatchObject({
      user_nick_name: 'Bobby',
      user_contact_mobile: '+4915112345678',
      user_contact_email: 'bob.other@test.example.com',
    });
    // The sign-in address stays what it was.
    const login = await h.call(
      'protal_en',
      '/api/user/login',
      { account: bob.email, password: bob.password },
      { ip: h.freshIp() },
    );
    expect(login.statusCode).toBe(200);
  });

  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ user_nick_name: 'B' }, 'user_nick_name', 'accounts.nicknameRule'],
    [{ user_nick_name: '  ' }, 'user_nick_name', 'accounts.nicknameRule'],
    [{ user_nick_name: 'B'.repeat(21) }, 'user_nick_name', 'accounts.nicknameRule'],
    [{ user_contact_mobile: '02112345678' }, 'user_contact_mobile', 'accounts.mobileInvalid'],
    [{ user_contact_email: 'no at sign' }, 'user_contact_email', 'accounts.emailInvalid'],
  ];
  it.each(cases)('refuses %j naming %s', async (body, field, key) => {
    for (const site of ['protal', 'protal_en'] as const) {
      const lang = langOf(site);
      const res = await h.call(site, '/api/user/updateAccount', body, { as: bob });
      expect(res.json()).toMatchObject({
        status: 40001,
        msg: msgOf(lang, 'errors.validation', { field, reason: msgOf(lang, key) }),
        data: { field },
      });
    }
  });
});

describe('the profile card', () => {
  const CARD_KEYS = [
    'have_be_follow',
    'is_self',
    'user_avatar_att_url',
    'user_comment_count',
    'user_fans_count',
    'user_follow_count',
    'user_id',
    'user_logo_arr',
    'user_medal',
    'user_nick_name',
    'user_points_level',
    'user_post_count',
    'user_que_count',
    'user_topic_article_count',
  ];

  it('shows public fields and counts to a visitor, and no contact or login field', async () => {
    const res = await h.call('protal_en', '/user/userDetail', { id: alice.id });
    expect(res.statusCode).toBe(200);
    const card = res.json().data;
    expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
    expect(card).toMatchObject({
      user_id: alice.id,
      user_nick_name: 'Alice',
      user_topic_article_count: 2,
      user_post_count: 3,
      user_que_count: 1,
      have_be_follow: 0,
      is_self: false,
    });
    expect(res.body).not.toMatch(/email|mobile|password|token|13912345678|alice\.work/i);
  });

  it('tells the viewer whether they follow the member, and whether it is themselves', async () => {
    await h.completeInformation(bob);
    await h.call('protal_en', '/userfollow/add', { user_id: alice.id }, { as: bob });
    const byBob = (await h.call('protal', '/user/userDetail', { id: alice.id }, { as: bob })).json().data;
    expect(byBob).toMatchObject({ have_be_follow: 1, is_self: false, user_fans_count: 1 });
    const byAlice = (await h.call('protal', '/user/userDetail', { id: alice.id }, { as: alice })).json().data;
    expect(byAlice).toMatchObject({ have_be_follow: 0, is_self: true });
    const reverse = (await h.call('protal', '/user/userDetail', { id: bob.id }, { as: alice })).json().data;
    expect(reverse).toMatchObject({ have_be_follow: 0, user_follow_count: 1 });
    await h.completeInformation(bob);
    await h.call('protal_en', '/userfollow/add', { user_id: alice.id }, { as: bob });
  });

  it('answers 404 for an unknown or banned member', async () => {
    const banned = await h.registerMember({ nick: 'Gone' });
    await t.database.db.updateTable('users').set({ status: 0 }).where('id', '=', banned.id).execute();
    for (const [site, id] of [
      ['protal', 999_999],
      ['protal_en', banned.id],
    ] as const) {
      const res = await h.call(site, '/user/userDetail', { id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, msg: msgOf(langOf(site), 'accounts.userNotFound'), data: null });
    }
  });

  it('refuses an id that is not a positive whole number', async () => {
    for (const id of [0, -1, 1.5, '1', null]) {
      const res = await h.call('protal_en', '/user/userDetail', { id });
      expect(res.json()).toMatchObject({ status: 40001, data: { field: 'id' } });
    }
  });
});
