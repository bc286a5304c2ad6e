import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import { accountsHarness, type TestMember } from '../../../test/accounts-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  h = accountsHarness(t);
});
afterAll(async () => t?.close());

/** Follows need completed information (else 203); the members here have completed it. */
const toggle = async (as: TestMember, userId: number, site: 'protal' | 'protal_en' = 'protal_en') => {
  await h.completeInformation(as);
  return h.call(site, '/userfollow/add', { user_id: userId }, { as });
};

async function counts(id: number) {
  const row = await t.database.db
    .selectFrom('users')
    .select(['follow_count', 'fans_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const [follows, fans] = await Promise.all([
    t.database.db.selectFrom('user_follows').select('followee_id').where('follower_id', '=', id).execute(),
    t.database.db.selectFrom('user_follows').select('follower_id').where('followee_id', '=', id).execute(),
  ]);
  return { follow: row.follow_count, fans: row.fans_count, followRows: follows.length, fanRows: fans.length };
}

describe('following a member', () => {
  it('asks a member who has not completed the information page to do so first (status 203)', async () => {
    const [a, b] = [await h.registerMember(), await h.registerMember()];
    for (const [site, msg] of [
      ['protal', translate('zh', 'accounts.completeInformationFirst')],
      ['protal_en', translate('en', 'accounts.completeInformationFirst')],
    ] as const) {
      const res = await h.call(site, '/userfollow/add', { user_id: b.id }, { as: a });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 203, msg, data: null });
    }
    expect(await counts(b.id)).toMatchObject({ fans: 0, fanRows: 0 });
    expect((await toggle(a, b.id)).json().data).toEqual({ have_be_follow: 1, user_fans_count: 1 });
  });

  it('follows, then unfollows on the next press, keeping both counts', async () => {
    const [a, b] = [await h.registerMember(), await h.registerMember()];
    const on = await toggle(a, b.id);
    expect(on.json()).toEqual({ status: 200, msg: 'Success', data: { have_be_follow: 1, user_fans_count: 1 } });
    expect(await counts(a.id)).toMatchObject({ follow: 1, fans: 0 });
    expect(await counts(b.id)).toMatchObject({ follow: 0, fans: 1 });
    const off = await toggle(a, b.id, 'protal');
    expect(off.json()).toEqual({
      status: 200,
      msg: translate('zh', 'api.ok'),
      data: { have_be_follow: 0, user_fans_count: 0 },
    });
    expect(await counts(a.id)).toMatchObject({ follow: 0, fans: 0 });
    expect(await counts(b.id)).toMatchObject({ follow: 0, fans: 0 });
  });

  it('is one-way: following back is a follow of its own', async () => {
    const [a, b] = [await h.registerMember(), await h.registerMember()];
    await toggle(a, b.id);
    const back = await toggle(b, a.id);
    expect(back.json().data).toEqual({ have_be_follow: 1, user_fans_count: 1 });
    expect(await counts(a.id)).toEqual({ follow: 1, fans: 1, followRows: 1, fanRows: 1 });
  });

  it('refuses following yourself with status 201', async () => {
    const a = await h.registerMember();
    for (const site of ['protal', 'protal_en'] as const) {
      const res = await toggle(a, a.id, site);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        status: 201,
        msg: translate(site === 'protal' ? 'zh' : 'en', 'accounts.cannotFollowSelf'),
        data: null,
      });
    }
    expect(await counts(a.id)).toMatchObject({ follow: 0, fans: 0 });
  });

  it('answers 404 for an unknown or banned member, and 401 without a session', async () => {
    const [a, gone] = [await h.registerMember(), await h.registerMember()];
    await t.database.db.updateTable('users').set({ status: 0 }).where('id', '=', gone.id).execute();
    for (const id of [999_999, gone.id]) {
      const res = await toggle(a, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, msg: translate('en', 'accounts.userNotFound'), data: null });
    }
    const anonymous = await h.call('protal_en', '/userfollow/add', { user_id: a.id });
    expect(anonymous.json()).toMatchObject({ status: 401 });
  });

  it('refuses a user_id that is not a positive whole number', async () => {
    const a = await h.registerMember();
    await h.completeInformation(a);
    for (const body of [{}, { user_id: 0 }, { user_id: '2' }, { user_id: 2.5 }]) {
      const res = await h.call('protal_en', '/userfollow/add', body, { as: a });
      expect(res.json()).toMatchObject({ status: 40001, data: { field: 'user_id' } });
    }
  });

  it('keeps the counts exact under twenty simultaneous presses from two members', async () => {
    const [a, b, c] = [await h.registerMember(), await h.registerMember(), await h.registerMember()];
    // a presses 11 times on c, b 9 times on c, and a and b also press on each other, all at once.
    const presses = [
      ...Array.from({ length: 11 }, () => () => toggle(a, c.id)),
      ...Array.from({ length: 9 }, () => () => toggle(b, c.id)),
      ...Array.from({ length: 3 }, () => () => toggle(a, b.id)),
      ...Array.from({ length: 3 }, () => () => toggle(b, a.id)),
    ];
    const answers = await Promise.all(presses.sort(() => Math.random() - 0.5).map((press) => press()));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    // Odd presses end following, even presses end not following.
    const [ca, cb, cc] = [await counts(a.id), await counts(b.id), await counts(c.id)];
    expect(cc).toEqual({ follow: 0, fans: 2, followRows: 0, fanRows: 2 });
    expect(ca).toEqual({ follow: 2, fans: 1, followRows: 2, fanRows: 1 });
    expect(cb).toEqual({ follow: 2, fans: 1, followRows: 2, fanRows: 1 });
    // Forty more presses at once, an even number per member: the state stays, and so do the counts.
    for (let round = 0; round < 2; round++) {
      const more = await Promise.all([
        ...Array.from({ length: 10 }, () => toggle(a, c.id)),
        ...Array.from({ length: 10 }, () => toggle(b, c.id)),
      ]);
      expect(more.every((r) => r.statusCode === 200)).toBe(true);
    }
    expect(await counts(c.id)).toEqual({ follow: 0, fans: 2, followRows: 0, fanRows: 2 });
  });
});
