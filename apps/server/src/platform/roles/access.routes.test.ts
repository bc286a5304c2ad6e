import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_LIST } from '@portal/contracts/permissions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import { accountsHarness, type TestMember } from '../../../test/accounts-harness';
import { siteAccess } from './access';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  h = accountsHarness(t);
});

afterAll(async () => {
  await t?.close();
});

async function grant(userId: number, role: string, siteId: number | null, scopeId: number | null = null) {
  await t.database.db
    .insertInto('user_roles')
    .values({ user_id: userId, role, site_id: siteId, scope_id: scopeId, created_at: Date.now() })
    .execute();
}

async function permissionsOf(member: TestMember, site: 'protal' | 'protal_en' = 'protal') {
  const res = await h.call(site, '/api/user/getMyInfo', {}, { as: member });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { permissions: string[] } }).data.permissions;
}

describe("a member's permissions", () => {
  it('start with the member role and change at the next request when a role is granted or revoked', async () => {
    const member = await h.registerMember();
    expect(await permissionsOf(member)).toEqual(['article.publish', 'feedback.send', 'journal.submit', 'post.publish']);

    await grant(member.id, 'editor', 1);
    expect(await permissionsOf(member)).toEqual(expect.arrayContaining(['admin.access', 'review.journal']));
    // The grant is for the Chinese site only.
    expect(await permissionsOf(member, 'protal_en')).not.toContain('admin.access');

    await t.database.db.deleteFrom('user_roles').where('user_id', '=', member.id).execute();
    expect(await permissionsOf(member)).not.toContain('admin.access');
  });

  it('give an admin every permission on every site when the grant has no site', async () => {
    const admin = await h.registerMember();
    await grant(admin.id, 'admin', null);
    for (const site of ['protal', 'protal_en'] as const) {
      expect(await permissionsOf(admin, site)).toEqual([...PERMISSION_LIST].sort());
    }
  });

  it("follow a change of a role's permission set at once, for every holder", async () => {
    const a = await h.registerMember();
    const b = await h.registerMember();
    await grant(a.id, 'kol', 1);
    await grant(b.id, 'kol', null);
    await t.database.db.insertInto('role_permissions').values({ role: 'kol', permission: 'banner.manage' }).execute();
    expect(await permissionsOf(a)).toContain('banner.manage');
    expect(await permissionsOf(b, 'protal_en')).toContain('banner.manage');
    await t.database.db
      .deleteFrom('role_permissions')
      .where('role', '=', 'kol')
      .where('permission', '=', 'banner.manage')
      .execute();
    expect(await permissionsOf(a)).not.toContain('banner.manage');
  });

  it("keep a moderator's powers inside their board", async () => {
    const moderator = await h.registerMember();
    await grant(moderator.id, 'moderator', 1, 7);
    expect(await permissionsOf(moderator)).not.toContain('post.moderate');
    const access = await siteAccess(t.database.db, moderator.id, 1);
    expect([...(access.scoped.get('post.moderate') ?? [])]).toEqual([7]);
    expect((await siteAccess(t.database.db, moderator.id, 2)).scoped.size).toBe(0);
    // getMyInfo names what they hold in some boards (the navbar's moderator-zone link), on that site only.
    const scopedOf = async (site: 'protal' | 'protal_en') =>
      (
        (await h.call(site, '/api/user/getMyInfo', {}, { as: moderator })).json() as {
          data: { scoped_permissions: string[] };
        }
      ).data.scoped_permissions;
    expect(await scopedOf('protal')).toEqual(['post.moderate', 'review.post']);
    expect(await scopedOf('protal_en')).toEqual([]);
  });

  it('lose what the member role loses', async () => {
    const member = await h.registerMember();
    await t.database.db
      .deleteFrom('role_permissions')
      .where('role', '=', 'member')
      .where('permission', '=', 'journal.submit')
      .execute();
    try {
      expect(await permissionsOf(member)).not.toContain('journal.submit');
    } finally {
      await t.database.db
        .insertInto('role_permissions')
        .values({ role: 'member', permission: 'journal.submit' })
        .execute();
    }
    expect(await permissionsOf(member)).toContain('journal.submit');
  });

  it('refuse a second grant of the same role on the same site and scope', async () => {
    const member = await h.registerMember();
    await grant(member.id, 'mvp', null);
    await expect(grant(member.id, 'mvp', null)).rejects.toThrow();
    await grant(member.id, 'mvp', 2);
    await grant(member.id, 'moderator', 1, 3);
    await expect(grant(member.id, 'moderator', 1, 3)).rejects.toThrow();
    await grant(member.id, 'moderator', 1, 4);
  });
});

describe('bans', () => {
  async function ban(userId: number, until: number, reason: string) {
    await t.database.db
      .updateTable('users')
      .set({ banned_until: until, ban_reason: reason })
      .where('id', '=', userId)
      .execute();
  }

  it('refuse a banned member every member call with 403 and say until when and why', async () => {
    const member = await h.registerMember();
    const until = Date.now() + 3 * DAY;
    await ban(member.id, until, 'spam');
    const res = await h.call('protal_en', '/api/user/getMyInfo', {}, { as: member });
    expect(res.statusCode).toBe(403);
    const day = new Date(until).toISOString().slice(0, 10);
    expect(res.json()).toEqual({
      status: 403,
      msg: translate('en', 'accounts.bannedUntil', { until: day, reason: 'spam' }),
      data: null,
    });
    // Public calls still answer.
    expect((await h.call('protal_en', '/api/index/commonData', {}, { as: member })).statusCode).toBe(200);
  });

  it('refuse to sign a banned member in, and let them in again once the ban has ended', async () => {
    const member = await h.registerMember();
    await ban(member.id, Date.now() + DAY, '广告');
    const login = () =>
      h.call('protal', '/api/user/login', { account: member.email, password: member.password }, { ip: h.freshIp() });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 201, data: null });
    expect((refused.json() as { msg: string }).msg).toContain('广告');

    await ban(member.id, Date.now() - 1, '广告');
    expect((await login()).statusCode).toBe(200);
    expect((await h.call('protal', '/api/user/getMyInfo', {}, { as: member })).statusCode).toBe(200);
  });
});

describe('identity badges', () => {
  it('show a role granted on one site on that site only, and a portal-wide role everywhere', async () => {
    const member = await h.registerMember();
    await grant(member.id, 'mvp', 2);
    await grant(member.id, 'kol', null);
    const badges = async (site: 'protal' | 'protal_en') => {
      const res = await h.call(site, '/user/userDetail', { id: member.id });
      return (res.json() as { data: { user_logo_arr: number[] } }).data.user_logo_arr;
    };
    expect(await badges('protal_en')).toEqual([20, 60]);
    expect(await badges('protal')).toEqual([60]);
  });
});
