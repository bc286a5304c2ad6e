import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@portal/contracts/permissions';
import type { TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import {
  banDirectly,
  expectRefusedToOutsiders,
  grantDirectly,
  makeBoard,
  makeModerator,
  makeRole,
  makeStaff,
  msgOf,
  staffCall,
  staffTestApp,
} from '../../../test/roles-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let admin: TestMember;
let manager: TestMember;
let member: TestMember;
let moderator: TestMember;
let otherSiteStaff: TestMember;
let bannedAdmin: TestMember;

const DAY = 86_400_000;
const db = () => t.database.db;
const call = (site: Site, path: string, body: unknown, as?: { token: string }) => staffCall(h, site, path, body, as);

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  admin = await makeStaff(h, { nick: 'Chief' });
  // Members and broadcasts on the Chinese site, not an admin.
  manager = await makeStaff(h, {
    permissions: [PERMISSIONS.userManage, PERMISSIONS.messageBroadcast, PERMISSIONS.adminAccess],
    siteId: 1,
    nick: 'Manager',
  });
  member = await h.registerMember({ nick: 'Plain' });
  moderator = await makeModerator(h, await makeBoard(db(), 1), 1);
  otherSiteStaff = await makeStaff(h, {
    permissions: [PERMISSIONS.userManage, PERMISSIONS.messageBroadcast],
    siteId: 2,
  });
  bannedAdmin = await makeStaff(h);
  await banDirectly(db(), bannedAdmin.id, Date.now() + DAY, 'compromised');
});
afterAll(async () => t?.close());

function expectOk(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe(200);
  return res.json().data;
}

async function countRows() {
  const tables = ['user_bans', 'audit_log', 'messages', 'broadcasts', 'user_roles'] as const;
  const counts = await Promise.all(tables.map((table) => db().selectFrom(table).select('id').execute()));
  const revoked = await db().selectFrom('sessions').select('id').where('revoked_at', 'is not', null).execute();
  const banned = await db().selectFrom('users').select('id').where('banned_until', 'is not', null).execute();
  return {
    ...Object.fromEntries(tables.map((table, i) => [table, counts[i]!.length])),
    revoked: revoked.length,
    banned: banned.length,
  };
}

async function auditRows(action: string, targetId: number) {
  return db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

const inFuture = (days: number) => Date.now() + days * DAY;

describe('who may call the members calls', () => {
  it('refuses a visitor (401), a member, a board moderator, the other site’s staff and a banned admin (403)', async () => {
    const calls: Array<[string, unknown]> = [
      ['/admin/users/list', {}],
      ['/admin/users/detail', { user_id: member.id }],
      ['/admin/users/ban', { user_id: member.id, reason: 'spam', until: inFuture(1) }],
      ['/admin/users/unban', { user_id: member.id }],
      ['/admin/messages/broadcast', { audience: 'all', tws_id: 1, title: 'Hi', content: 'Hello' }],
      ['/admin/messages/broadcasts', {}],
    ];
    const before = await countRows();
    await expectRefusedToOutsiders(h, calls, {
      outsiders: [member, moderator, bannedAdmin],
      otherSiteStaff,
      otherSite: 'protal',
    });
    for (const [path, body] of calls) {
      // The other site's staff, refused above, may use it on their own site (reads at least).
      if (path.endsWith('list') || path.endsWith('broadcasts')) {
        expect((await call('protal_en', path, body, otherSiteStaff)).statusCode).toBe(200);
      }
    }
    expect(await countRows()).toEqual(before);
  });

  it('tells a banned admin with a live session why (403 with the end date and reason)', async () => {
    const res = await call('protal_en', '/admin/users/list', {}, bannedAdmin);
    expect(res.json()).toEqual({
      status: 403,
      msg: expect.stringContaining('compromised'),
      data: null,
    });
  });
});

describe('admin.users.list and admin.users.detail', () => {
  it('searches by nickname, email, mobile or exact id, filters by role and ban, and pages by cursor', async () => {
    const tag = `Zed${Date.now().toString(36)}`;
    const found: TestMember[] = [];
    for (let i = 0; i < 3; i += 1) found.push(await h.registerMember({ nick: `${tag}${i}` }));
    await db().updateTable('users').set({ mobile: '13912345678' }).where('id', '=', found[0]!.id).execute();
    await grantDirectly(db(), found[1]!.id, 'kol', 1);
    await grantDirectly(db(), found[2]!.id, 'mvp', 2);
    await banDirectly(db(), found[2]!.id, inFuture(3), 'flood');

    const list = async (body: Record<string, unknown>, site: Site = 'protal', as: TestMember = manager) => {
      const data = expectOk(await call(site, '/admin/users/list', body, as)) as {
        list: Array<Record<string, unknown> & { user_id: number }>;
        next_cursor: string | null;
      };
      return data;
    };
    const byNick = await list({ keyword: tag.toUpperCase() });
    expect(byNick.list.map((u) => u.user_id)).toEqual([found[2]!.id, found[1]!.id, found[0]!.id]);
    expect(byNick.list[1]).toMatchObject({
      user_nick_name: `${tag}1`,
      user_email: found[1]!.email,
      user_mobile: null,
      is_edit: 2,
      user_expert: 10,
      user_points: 0,
      user_points_level: 1,
      roles: [{ role: 'kol', role_name: 'KOL', tws_id: 1, scope_id: null }],
      banned_until: null,
      ban_reason: '',
    });
    // The English-site grant is not shown on the Chinese site; the ban is portal-wide.
    expect(byNick.list[0]).toMatchObject({ roles: [], ban_reason: 'flood' });
    expect(byNick.list[0]!.banned_until).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect((await list({ keyword: found[1]!.email.toUpperCase() })).list.map((u) => u.user_id)).toEqual([found[1]!.id]);
    expect((await list({ keyword: '1234567' })).list.map((u) => u.user_id)).toEqual([found[0]!.id]);
    expect((await list({ keyword: String(found[1]!.id) })).list.map((u) => u.user_id)).toContain(found[1]!.id);
    expect((await list({ keyword: '%' })).list).toEqual([]);
    expect((await list({ keyword: tag, role: 'kol' })).list.map((u) => u.user_id)).toEqual([found[1]!.id]);
    expect((await list({ keyword: tag, role: 'mvp' })).list).toEqual([]);
    expect((await list({ keyword: tag, role: 'mvp' }, 'protal_en', otherSiteStaff)).list.map((u) => u.user_id)).toEqual(
      [found[2]!.id],
    );
    expect((await list({ keyword: tag, banned: true })).list.map((u) => u.user_id)).toEqual([found[2]!.id]);
    expect((await list({ keyword: tag, banned: false })).list.map((u) => u.user_id)).toEqual([
      found[1]!.id,
      found[0]!.id,
    ]);

    const first = await list({ keyword: tag, page_size: 2 });
    expect(first.list).toHaveLength(2);
    const second = await list({ keyword: tag, page_size: 2, cursor: first.next_cursor });
    expect(second.list.map((u) => u.user_id)).toEqual([found[0]!.id]);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses bad list and detail bodies with 40001', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/admin/users/list', { keyword: 'x'.repeat(101) }, 'keyword'],
      ['/admin/users/list', { role: 'Admin!' }, 'role'],
      ['/admin/users/list', { banned: 'yes' }, 'banned'],
      ['/admin/users/list', { page_size: 51 }, 'page_size'],
      ['/admin/users/list', { cursor: 'bm9wZQ' }, 'cursor'],
      ['/admin/users/list', { sort: 'id' }, 'sort'],
      ['/admin/users/detail', {}, 'user_id'],
      ['/admin/users/detail', { user_id: 'one' }, 'user_id'],
    ];
    for (const [path, body, field] of cases) {
      const res = await call('protal_en', path, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: { field } });
    }
    const missing = await call('protal_en', '/admin/users/detail', { user_id: 999_999 }, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, msg: msgOf('protal_en', 'membersAdmin.userNotFound'), data: null });
  });

  it('shows one member with every grant, badges, ban history, live sessions and follow counts', async () => {
    const person = await h.registerMember({ nick: 'Detailed' });
    const fan = await h.registerMember();
    await h.completeInformation(fan);
    await h.call('protal_en', '/userfollow/add', { user_id: person.id }, { as: fan });
    const board = await makeBoard(db(), 2, 'Backup');
    await grantDirectly(db(), person.id, 'moderator', 2, board);
    await grantDirectly(db(), person.id, 'kol', null);
    await banDirectly(db(), person.id, Date.now() - DAY, 'old ban');

    const data = expectOk(await call('protal_en', '/admin/users/detail', { user_id: person.id }, otherSiteStaff));
    expect(data).toMatchObject({
      user_id: person.id,
      user_nick_name: 'Detailed',
      user_fans_count: 1,
      user_follow_count: 0,
      live_sessions: 1,
      banned_until: null,
      user_logo_arr: [30, 60],
    });
    expect(data.grants).toEqual([
      expect.objectContaining({
        role: 'moderator',
        tws_id: 2,
        scope_kind: 'board',
        scope_id: board,
        scope_name: 'Backup',
        role_name: 'Moderator',
      }),
      expect.objectContaining({ role: 'kol', tws_id: null, scope_id: null }),
    ]);
    expect(data.bans).toEqual([expect.objectContaining({ reason: 'old ban', created_by: null, lifted_by: null })]);
    // The Chinese site names roles in Chinese.
    const zh = expectOk(await call('protal', '/admin/users/detail', { user_id: person.id }, manager));
    expect(zh.grants[0].role_name).toBe('版主');
    expect(zh.user_logo_arr).toEqual([60]);
  });
});

describe('admin.users.ban and admin.users.unban', () => {
  it('bans at once: every session ends (the old token is signed out), the member is told and the ban is audited', async () => {
    const target = await h.registerMember({ nick: 'Spammer' });
    const second = await h.call(
      'protal',
      '/api/user/login',
      { account: target.email, password: target.password },
      { ip: h.freshIp() },
    );
    const secondToken = second.headers['set-cookie']!.toString().match(/accessToken=([^;]+)/)![1]!;
    expect((await call('protal', '/api/user/getMyInfo', {}, target)).statusCode).toBe(200);
    const until = inFuture(7);

    const res = await call(
      'protal',
      '/admin/users/ban',
      { user_id: target.id, reason: '  广告刷屏  ', until },
      manager,
    );
    const data = expectOk(res);
    expect(data).toEqual({
      user_id: target.id,
      banned_until: new Date(until).toISOString(),
      ban_reason: '广告刷屏',
      ended_sessions: 2,
    });
    for (const token of [target.token, secondToken]) {
      const after = await call('protal', '/api/user/getMyInfo', {}, { token });
      expect(after.statusCode).toBe(401);
    }
    const live = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', target.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const user = await db()
      .selectFrom('users')
      .select(['banned_until', 'ban_reason'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ banned_until: until, ban_reason: '广告刷屏' });
    const bans = await db().selectFrom('user_bans').selectAll().where('user_id', '=', target.id).execute();
    expect(bans).toMatchObject([{ reason: '广告刷屏', ends_at: until, created_by: manager.id, lifted_at: null }]);
    const messages = await db().selectFrom('messages').selectAll().where('user_id', '=', target.id).execute();
    expect(messages).toMatchObject([{ kind: 'banned', site_id: null }]);
    expect(JSON.parse(messages[0]!.params)).toEqual({ until, reason: '广告刷屏' });
    const [audit] = await auditRows('user.ban', target.id);
    expect(audit).toMatchObject({ actor_id: manager.id, target_kind: 'user' });
    expect(JSON.parse(audit!.before_json!)).toEqual({ banned_until: null, ban_reason: '' });
    expect(JSON.parse(audit!.after_json!)).toEqual({ banned_until: until, ban_reason: '广告刷屏', ended_sessions: 2 });

    // Signing in again is refused with the end date and reason.
    const login = await h.call(
      'protal_en',
      '/api/user/login',
      { account: target.email, password: target.password },
      { ip: h.freshIp() },
    );
    expect(login.statusCode).toBe(403);
    expect(login.json().msg).toContain('广告刷屏');
    // The list shows the ban.
    const listed = expectOk(
      await call('protal', '/admin/users/list', { keyword: String(target.id), banned: true }, manager),
    );
    expect(listed.list[0]).toMatchObject({ user_id: target.id, ban_reason: '广告刷屏' });

    // Lifted: they sign in again and read the messages of both.
    const lifted = await call('protal', '/admin/users/unban', { user_id: target.id }, manager);
    expect(expectOk(lifted)).toEqual({ user_id: target.id, banned_until: null, ban_reason: '' });
    const history = await db().selectFrom('user_bans').selectAll().where('user_id', '=', target.id).execute();
    expect(history[0]).toMatchObject({ lifted_by: manager.id });
    expect(history[0]!.lifted_at).not.toBeNull();
    const [unbanAudit] = await auditRows('user.unban', target.id);
    expect(JSON.parse(unbanAudit!.before_json!)).toEqual({ banned_until: until, ban_reason: '广告刷屏' });
    const back = await h.call(
      'protal_en',
      '/api/user/login',
      { account: target.email, password: target.password },
      { ip: h.freshIp() },
    );
    expect(back.statusCode).toBe(200);
    const token = back.headers['set-cookie']!.toString().match(/accessToken=([^;]+)/)![1]!;
    const inbox = await call('protal_en', '/api/index/frontMsgList', {}, { token });
    expect(inbox.json().data.userFrontMsgList.map((m: { tfm_title: string }) => m.tfm_title)).toEqual([
      translate('en', 'messages.kinds.unbanned.title'),
      translate('en', 'messages.kinds.banned.title'),
    ]);
    expect(inbox.json().data.userFrontMsgList[1].tfm_content).toContain('广告刷屏');

    const again = await call('protal', '/admin/users/unban', { user_id: target.id }, manager);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 201, msg: msgOf('protal', 'membersAdmin.notBanned'), data: null });
  });

  it('replaces a ban in force, closing the old one in the history', async () => {
    const target = await h.registerMember();
    expectOk(
      await call('protal', '/admin/users/ban', { user_id: target.id, reason: 'first', until: inFuture(1) }, manager),
    );
    expectOk(
      await call('protal', '/admin/users/ban', { user_id: target.id, reason: 'longer', until: inFuture(30) }, manager),
    );
    const detail = expectOk(await call('protal', '/admin/users/detail', { user_id: target.id }, manager));
    expect(detail.ban_reason).toBe('longer');
    expect(detail.bans).toMatchObject([
      { reason: 'longer', lifted_time: null, created_by: { user_id: manager.id, user_nick_name: 'Manager' } },
      { reason: 'first', lifted_by: { user_id: manager.id } },
    ]);
    expect(detail.live_sessions).toBe(0);
  });

  it('refuses banning yourself, an unknown member, and an admin unless you are an admin', async () => {
    const self = await call(
      'protal',
      '/admin/users/ban',
      { user_id: manager.id, reason: 'x', until: inFuture(1) },
      manager,
    );
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ status: 201, msg: msgOf('protal', 'membersAdmin.cannotBanSelf'), data: null });
    const unknown = await call(
      'protal',
      '/admin/users/ban',
      { user_id: 999_999, reason: 'x', until: inFuture(1) },
      manager,
    );
    expect(unknown.json()).toEqual({ status: 404, msg: msgOf('protal', 'membersAdmin.userNotFound'), data: null });

    const siteAdmin = await makeStaff(h, { role: 'admin', siteId: 2 });
    const before = await countRows();
    for (const target of [admin, siteAdmin]) {
      const res = await call(
        'protal',
        '/admin/users/ban',
        { user_id: target.id, reason: 'coup', until: inFuture(1) },
        manager,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 403, msg: msgOf('protal', 'membersAdmin.adminsOnly'), data: null });
    }
    expect(await countRows()).toEqual(before);
    expect((await call('protal', '/api/user/getMyInfo', {}, siteAdmin)).statusCode).toBe(200);
    // An admin may; the banned admin is then refused on staff calls.
    expectOk(
      await call('protal', '/admin/users/ban', { user_id: siteAdmin.id, reason: 'rogue', until: inFuture(1) }, admin),
    );
    expect((await call('protal_en', '/admin/users/list', {}, siteAdmin)).statusCode).toBe(401);
    await banDirectly(db(), siteAdmin.id, inFuture(1), 'rogue');
    expect((await call('protal', '/admin/users/unban', { user_id: siteAdmin.id }, manager)).statusCode).toBe(403);
    expectOk(await call('protal', '/admin/users/unban', { user_id: siteAdmin.id }, admin));
  });

  it('refuses bad ban bodies with 40001, writing nothing and ending no session', async () => {
    const target = await h.registerMember();
    const before = await countRows();
    const cases: Array<[string, unknown, string]> = [
      ['/admin/users/ban', { user_id: target.id, reason: 'x', until: Date.now() - 1000 }, 'until'],
      ['/admin/users/ban', { user_id: target.id, reason: 'x', until: Date.now() + 101 * 365 * DAY }, 'until'],
      ['/admin/users/ban', { user_id: target.id, reason: 'x', until: '2099-01-01' }, 'until'],
      ['/admin/users/ban', { user_id: target.id, reason: 'x' }, 'until'],
      ['/admin/users/ban', { user_id: target.id, reason: '   ', until: inFuture(1) }, 'reason'],
      ['/admin/users/ban', { user_id: target.id, reason: 'x'.repeat(501), until: inFuture(1) }, 'reason'],
      ['/admin/users/ban', { reason: 'x', until: inFuture(1) }, 'user_id'],
      ['/admin/users/ban', { user_id: target.id, reason: 'x', until: inFuture(1), sessions: 'keep' }, 'sessions'],
      ['/admin/users/unban', {}, 'user_id'],
      ['/admin/users/unban', { user_id: 0 }, 'user_id'],
    ];
    for (const [path, body, field] of cases) {
      const res = await call('protal', path, body, manager);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: { field } });
    }
    const reason = await call(
      'protal_en',
      '/admin/users/ban',
      { user_id: target.id, reason: '', until: inFuture(1) },
      admin,
    );
    expect(reason.json().msg).toBe(
      msgOf('protal_en', 'errors.validation', {
        field: 'reason',
        reason: msgOf('protal_en', 'membersAdmin.reasonRule'),
      }),
    );
    expect(await countRows()).toEqual(before);
    expect((await call('protal', '/api/user/getMyInfo', {}, target)).statusCode).toBe(200);
  });
});

describe('admin.messages.broadcast and admin.messages.broadcasts', () => {
  const inbox = async (who: { token: string }, site: Site = 'protal') =>
    (await call(site, '/api/index/frontMsgList', {}, who)).json().data as {
      userFrontMsgList: Array<{ tfm_title: string; tfm_content: string; tfm_kind: string; tfm_url: string }>;
    };

  it('sends to everyone on this site, audited, and lists it', async () => {
    const reader = await h.registerMember();
    const sent = await call(
      'protal',
      '/admin/messages/broadcast',
      { audience: 'all', tws_id: 1, title: '维护通知', content: '今晚 22:00 维护\n约一小时', url: '/cn/about' },
      manager,
    );
    const item = expectOk(sent);
    expect(item).toMatchObject({
      tws_id: 1,
      audience: 'all',
      role: null,
      target: null,
      title: '维护通知',
      content: '今晚 22:00 维护\n约一小时',
      url: '/cn/about',
      created_by: { user_id: manager.id, user_nick_name: 'Manager' },
    });
    expect(item.recipient_count).toBeGreaterThan(3);
    expect((await inbox(reader)).userFrontMsgList[0]).toMatchObject({
      tfm_kind: 'broadcast',
      tfm_title: '维护通知',
      tfm_url: '/cn/about',
    });
    // Shown on the Chinese site only.
    expect((await inbox(reader, 'protal_en')).userFrontMsgList).toEqual([]);
    const [audit] = await auditRows('message.broadcast', item.id);
    expect(audit).toMatchObject({ actor_id: manager.id, site_id: 1, target_kind: 'broadcast', before_json: null });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({
      audience: 'all',
      title: '维护通知',
      recipients: item.recipient_count,
    });

    const list = expectOk(await call('protal', '/admin/messages/broadcasts', {}, manager));
    expect(list.list[0]).toMatchObject({ id: item.id, title: '维护通知' });
    expect(
      expectOk(await call('protal_en', '/admin/messages/broadcasts', {}, otherSiteStaff)).list.map(
        (b: { id: number }) => b.id,
      ),
    ).not.toContain(item.id);
  });

  it('sends to the holders of a role or to one member', async () => {
    const [kol, other, elsewhere] = [await h.registerMember(), await h.registerMember(), await h.registerMember()];
    const role = await makeRole(db(), [], 'club');
    await grantDirectly(db(), kol.id, role, 1);
    // A holder on the English site only does not get a Chinese-site broadcast.
    await grantDirectly(db(), elsewhere.id, role, 2);
    const toRole = expectOk(
      await call(
        'protal',
        '/admin/messages/broadcast',
        { audience: 'role', role, tws_id: 1, title: 'KOL', content: 'Meet-up' },
        manager,
      ),
    );
    expect(toRole).toMatchObject({ audience: 'role', role, role_name: `职员${role}`, recipient_count: 1 });
    expect((await inbox(kol)).userFrontMsgList.map((m) => m.tfm_title)).toContain('KOL');
    expect((await inbox(other)).userFrontMsgList.map((m) => m.tfm_title)).not.toContain('KOL');

    const toOne = expectOk(
      await call(
        'protal',
        '/admin/messages/broadcast',
        { audience: 'member', user_id: other.id, tws_id: 1, title: 'Just you', content: 'Hi' },
        manager,
      ),
    );
    expect(toOne).toMatchObject({ audience: 'member', target: { user_id: other.id }, recipient_count: 1 });
    expect((await inbox(other)).userFrontMsgList[0]!.tfm_title).toBe('Just you');

    for (const [body, status, key] of [
      [{ audience: 'role', role: 'nobody_has', tws_id: 1, title: 'x', content: 'y' }, 404, 'roles.notFound'],
      [{ audience: 'member', user_id: 999_999, tws_id: 1, title: 'x', content: 'y' }, 404, 'membersAdmin.userNotFound'],
    ] as const) {
      const res = await call('protal', '/admin/messages/broadcast', body, manager);
      expect(res.json()).toEqual({ status, msg: msgOf('protal', key), data: null });
    }
  });

  it('sends to both sites only with the permission on both, and never to the other site alone', async () => {
    const before = await countRows();
    const both = { audience: 'all', tws_id: null, title: 'Both', content: 'Everywhere' };
    const refused = await call('protal', '/admin/messages/broadcast', both, manager);
    expect(refused.json()).toEqual({
      status: 403,
      msg: msgOf('protal', 'membersAdmin.broadcastBothSites'),
      data: null,
    });
    const other = await call('protal', '/admin/messages/broadcast', { ...both, tws_id: 2 }, manager);
    expect(other.json()).toEqual({ status: 403, msg: msgOf('protal', 'membersAdmin.broadcastOtherSite'), data: null });
    expect(await countRows()).toEqual(before);
    const reader = await h.registerMember();
    expectOk(await call('protal', '/admin/messages/broadcast', both, admin));
    expect((await inbox(reader, 'protal')).userFrontMsgList[0]!.tfm_title).toBe('Both');
    expect((await inbox(reader, 'protal_en')).userFrontMsgList[0]!.tfm_title).toBe('Both');
  });

  it('refuses bad broadcast bodies with 40001 and sends nothing', async () => {
    const before = await countRows();
    const cases: Array<[unknown, string]> = [
      [{ audience: 'everyone', title: 'x', content: 'y' }, 'audience'],
      [{ audience: 'all', title: '', content: 'y' }, 'title'],
      [{ audience: 'all', title: 'x'.repeat(101), content: 'y' }, 'title'],
      [{ audience: 'all', title: 'x', content: ' ' }, 'content'],
      [{ audience: 'all', title: 'x', content: 'y', url: 'javascript:alert(1)' }, 'url'],
      [{ audience: 'all', title: 'x', content: 'y', url: '//evil.example' }, 'url'],
      [{ audience: 'role', title: 'x', content: 'y' }, 'role'],
      [{ audience: 'member', title: 'x', content: 'y' }, 'user_id'],
      [{ audience: 'all', title: 'x', content: 'y', tws_id: 3 }, 'tws_id'],
      [{ audience: 'all', title: 'x', content: 'y', html: true }, 'html'],
    ];
    for (const [body, field] of cases) {
      const res = await call('protal', '/admin/messages/broadcast', body, manager);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: { field } });
    }
    for (const body of [{ page_size: 0 }, { cursor: '!!' }, { site: 1 }]) {
      expect((await call('protal', '/admin/messages/broadcasts', body, manager)).statusCode).toBe(400);
    }
    expect(await countRows()).toEqual(before);
  });
});

describe('a custom staff role, end to end', () => {
  it('a member granted user.manage through a role may ban at once, and not after the revoke', async () => {
    const helper = await h.registerMember();
    const victim = await h.registerMember();
    const body = { user_id: victim.id, reason: 'test', until: inFuture(1) };
    expect((await call('protal', '/admin/users/ban', body, helper)).statusCode).toBe(403);
    const code = await makeRole(db(), [PERMISSIONS.userManage]);
    const grant = expectOk(await call('protal', '/admin/users/grantRole', { user_id: helper.id, role: code }, admin));
    expectOk(await call('protal', '/admin/users/ban', body, helper));
    expectOk(await call('protal', '/admin/users/revokeRole', { id: grant.grant.id }, admin));
    expect((await call('protal', '/admin/users/unban', { user_id: victim.id }, helper)).statusCode).toBe(403);
  });
});
