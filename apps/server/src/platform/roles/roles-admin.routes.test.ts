import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE, BUILTIN_ROLES, PERMISSION_LIST, PERMISSIONS } from '@portal/contracts/permissions';
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
  makeTopic,
  msgOf,
  staffCall,
  staffTestApp,
} from '../../../test/roles-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let admin: TestMember;
let member: TestMember;
let moderator: TestMember;
let otherSiteStaff: TestMember;
let bannedAdmin: TestMember;
let board1: number;
let board2: number;

const DAY = 86_400_000;
const db = () => t.database.db;
const call = (site: Site, path: string, body: unknown, as?: TestMember) => staffCall(h, site, path, body, as);

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  admin = await makeStaff(h, { nick: 'Chief' });
  member = await h.registerMember({ nick: 'Plain' });
  board1 = await makeBoard(db(), 1, '存储');
  board2 = await makeBoard(db(), 2, 'Storage');
  moderator = await makeModerator(h, board1, 1);
  // Every permission of this file, but on the English site only; the calls below go to the Chinese one.
  otherSiteStaff = await makeStaff(h, {
    permissions: [PERMISSIONS.roleManage, PERMISSIONS.userManage, PERMISSIONS.adminAccess],
    siteId: 2,
  });
  bannedAdmin = await makeStaff(h);
  await banDirectly(db(), bannedAdmin.id, Date.now() + DAY, 'spam');
});
afterAll(async () => t?.close());

function expectStatus(res: LightMyRequestResponse, http: number, status: number, msg?: string) {
  expect(res.statusCode, res.body).toBe(http);
  expect(res.json()).toMatchObject({ status, ...(msg === undefined ? {} : { msg }) });
}

async function auditRows(action: string, targetId: string | number) {
  return db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

async function messagesOf(userId: number, kind?: string) {
  let q = db().selectFrom('messages').selectAll().where('user_id', '=', userId);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id').execute();
}

async function myInfo(who: TestMember, site: Site = 'protal') {
  const res = await call(site, '/api/user/getMyInfo', {}, who);
  return res.json().data as { permissions: string[]; user_logo_arr: number[]; user_expert: number } | null;
}

async function countRows() {
  const [roles, grants, audits, messages] = await Promise.all([
    db().selectFrom('roles').select('code').execute(),
    db().selectFrom('user_roles').select('id').execute(),
    db().selectFrom('audit_log').select('id').execute(),
    db().selectFrom('messages').select('id').execute(),
  ]);
  return { roles: roles.length, grants: grants.length, audits: audits.length, messages: messages.length };
}

describe('who may call the roles calls', () => {
  const calls: Array<[string, unknown]> = [
    ['/admin/roles/list', {}],
    ['/admin/roles/create', { code: 'nobody_role', name_zh: '无', name_en: 'None', permissions: [] }],
    ['/admin/roles/update', { code: 'kol', name_en: 'KOL!' }],
    ['/admin/roles/delete', { code: 'nobody_role' }],
    ['/admin/users/grantRole', { user_id: 1, role: 'kol' }],
    ['/admin/users/revokeRole', { id: 1 }],
  ];

  it('refuses a visitor (401), a member, a board moderator, the other site’s staff and a banned admin (403)', async () => {
    const before = await countRows();
    await expectRefusedToOutsiders(h, calls, {
      outsiders: [member, moderator, bannedAdmin],
      otherSiteStaff,
      otherSite: 'protal',
    });
    expect(await countRows()).toEqual(before);
  });
});

describe('admin.roles.list', () => {
  it('lists every role with names, permissions and holders, and the permission catalogue in both languages', async () => {
    const res = await call('protal', '/admin/roles/list', {}, admin);
    expectStatus(res, 200, 200);
    const data = res.json().data as {
      roles: Array<{ code: string; permissions: string[]; holders: number; builtin: boolean; editable: boolean }>;
      permissions: Array<{ code: string; label_zh: string; label_en: string; scope_kind: string | null }>;
    };
    for (const builtin of BUILTIN_ROLES) expect(data.roles.map((r) => r.code)).toContain(builtin.code);
    const adminRole = data.roles.find((r) => r.code === ADMIN_ROLE)!;
    expect(adminRole).toMatchObject({ builtin: true, editable: false });
    expect(adminRole.permissions.sort()).toEqual([...PERMISSION_LIST].sort());
    expect(adminRole.holders).toBeGreaterThanOrEqual(2);
    expect(data.roles.find((r) => r.code === 'moderator')).toMatchObject({
      scope_kind: 'board',
      permissions: ['post.moderate', 'review.post'],
      holders: 1,
    });
    expect(data.permissions.map((p) => p.code)).toEqual([...PERMISSION_LIST]);
    const userManage = data.permissions.find((p) => p.code === 'user.manage')!;
    expect(userManage).toMatchObject({
      label_zh: '管理会员与封禁',
      label_en: 'Manage members and bans',
      scope_kind: null,
    });
    expect(data.permissions.find((p) => p.code === 'review.article')?.scope_kind).toBe('topic');
    for (const p of data.permissions) {
      expect(p.label_zh).not.toContain('roles.');
      expect(p.label_en).not.toContain('roles.');
    }
  });
});

describe('admin.roles.create / update / delete', () => {
  it('creates a custom staff role, audited, and refuses a taken code politely', async () => {
    const res = await call(
      'protal_en',
      '/admin/roles/create',
      { code: 'reviewer', name_zh: ' 审核员 ', name_en: 'Reviewer', permissions: ['review.post', 'admin.access'] },
      admin,
    );
    expectStatus(res, 200, 200);
    expect(res.json().data).toMatchObject({
      code: 'reviewer',
      name_zh: '审核员',
      builtin: false,
      scope_kind: null,
      permissions: ['admin.access', 'review.post'],
      holders: 0,
      editable: true,
    });
    const [audit] = await auditRows('role.create', 'reviewer');
    expect(audit).toMatchObject({ actor_id: admin.id, site_id: null, target_kind: 'role', before_json: null });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({
      code: 'reviewer',
      permissions: ['admin.access', 'review.post'],
    });

    const again = await call('protal', '/admin/roles/create', { code: 'reviewer', name_zh: '甲', name_en: 'A' }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 201, msg: msgOf('protal', 'roles.codeTaken'), data: null });
    const builtin = await call('protal', '/admin/roles/create', { code: 'admin', name_zh: '甲', name_en: 'A' }, admin);
    expect(builtin.json().status).toBe(201);
  });

  it('refuses bad bodies with 40001 naming the field, writing nothing', async () => {
    const before = await countRows();
    const cases: Array<[unknown, string]> = [
      [{ code: 'Bad Code', name_zh: '甲', name_en: 'A' }, 'code'],
      [{ code: '9lives', name_zh: '甲', name_en: 'A' }, 'code'],
      [{ code: 'ok_code', name_zh: '', name_en: 'A' }, 'name_zh'],
      [{ code: 'ok_code', name_zh: '甲', name_en: 'x'.repeat(33) }, 'name_en'],
      [{ code: 'ok_code', name_zh: '甲', name_en: 'A', permissions: ['root.everything'] }, 'permissions.0'],
      [{ code: 'ok_code', name_zh: '甲', name_en: 'A', permissions: ['user.manage', 'user.manage'] }, 'permissions'],
      [{ code: 'ok_code', name_zh: '甲', name_en: 'A', builtin: 1 }, 'builtin'],
      [{ name_zh: '甲', name_en: 'A' }, 'code'],
      ['not json', 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await call('protal_en', '/admin/roles/create', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: { field } });
    }
    for (const body of [{ code: 'kol', permissions: 'all' }, { code: 'kol', name_zh: '' }, {}]) {
      const res = await call('protal_en', '/admin/roles/update', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(40001);
    }
    for (const body of [{ code: 'X' }, {}, { code: 'kol', extra: 1 }]) {
      expect((await call('protal_en', '/admin/roles/delete', body, admin)).json().status).toBe(40001);
    }
    expect(await countRows()).toEqual(before);
    expect((await call('protal_en', '/admin/roles/list', {}, admin)).statusCode).toBe(200);
  });

  it('does not let staff hand out permissions they do not hold on every site', async () => {
    // role.manage only: cannot create a role carrying user.manage.
    const roleManager = await makeStaff(h, { permissions: [PERMISSIONS.roleManage, PERMISSIONS.auditRead] });
    const body = { code: 'escalate', name_zh: '提权', name_en: 'Escalate', permissions: ['user.manage'] };
    const refused = await call('protal', '/admin/roles/create', body, roleManager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 403,
      msg: msgOf('protal', 'roles.notHeldEverywhere', { permission: 'user.manage' }),
      data: null,
    });
    // Held on this site only is not enough: role definitions apply to both sites.
    const siteOnly = await makeStaff(h, { permissions: [PERMISSIONS.roleManage, PERMISSIONS.userManage], siteId: 1 });
    expect((await call('protal', '/admin/roles/create', body, siteOnly)).statusCode).toBe(403);
    // What they hold they may hand out.
    const ok = await call(
      'protal',
      '/admin/roles/create',
      { code: 'auditor', name_zh: '审计员', name_en: 'Auditor', permissions: ['audit.read'] },
      roleManager,
    );
    expectStatus(ok, 200, 200);
    // Nor may they add to or take away from a role what they do not hold.
    expect(
      (
        await call(
          'protal',
          '/admin/roles/update',
          { code: 'auditor', permissions: ['audit.read', 'user.manage'] },
          roleManager,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('protal', '/admin/roles/update', { code: 'editor', permissions: [] }, roleManager)).statusCode,
    ).toBe(403);
    expect((await call('protal', '/admin/roles/delete', { code: 'reviewer' }, roleManager)).statusCode).toBe(403);
    expect((await db().selectFrom('roles').select('code').where('code', '=', 'escalate').execute()).length).toBe(0);
    const editor = await db()
      .selectFrom('role_permissions')
      .select('permission')
      .where('role', '=', 'editor')
      .execute();
    expect(editor.map((r) => r.permission).sort()).toEqual(['admin.access', 'journal.manage', 'review.journal']);
  });

  it('updates names and permissions with before/after in the audit log; the change applies on the next request', async () => {
    const code = await makeRole(db(), [PERMISSIONS.auditRead]);
    const holder = await h.registerMember();
    await grantDirectly(db(), holder.id, code, 1);
    expect((await myInfo(holder))!.permissions).toContain('audit.read');
    expect((await call('protal', '/admin/roles/list', {}, holder)).statusCode).toBe(403);

    const res = await call(
      'protal',
      '/admin/roles/update',
      { code, name_en: 'Role keeper', permissions: ['role.manage', 'audit.read'] },
      admin,
    );
    expectStatus(res, 200, 200);
    expect(res.json().data).toMatchObject({
      code,
      name_en: 'Role keeper',
      permissions: ['audit.read', 'role.manage'],
      holders: 1,
    });
    expect((await call('protal', '/admin/roles/list', {}, holder)).statusCode).toBe(200);
    const [audit] = await auditRows('role.update', code);
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ name_en: `Staff ${code}`, permissions: ['audit.read'] });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({
      name_en: 'Role keeper',
      permissions: ['audit.read', 'role.manage'],
    });
  });

  it("keeps the admin role's permissions fixed and each role's permissions within what it can carry", async () => {
    const cases: Array<[unknown, string, Record<string, unknown>?]> = [
      [{ code: 'admin', permissions: ['user.manage'] }, 'roles.adminPermissionsFixed'],
      [
        { code: 'member', permissions: ['feedback.send', 'user.manage'] },
        'roles.memberPermissionsOnly',
        { permission: 'user.manage' },
      ],
      [
        { code: 'moderator', permissions: ['post.moderate', 'review.article'] },
        'roles.scopedPermissionsOnly',
        { permission: 'review.article' },
      ],
      [
        { code: 'topic_host', permissions: ['admin.access'] },
        'roles.scopedPermissionsOnly',
        { permission: 'admin.access' },
      ],
    ];
    for (const [body, key, vars] of cases) {
      const res = await call('protal_en', '/admin/roles/update', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toEqual({ status: 201, msg: msgOf('protal_en', key, vars), data: null });
    }
    expect((await call('protal', '/admin/roles/update', { code: 'nope_role', name_en: 'X' }, admin)).json()).toEqual({
      status: 404,
      msg: msgOf('protal', 'roles.notFound'),
      data: null,
    });
  });

  it('lets a site take a member permission away from the member role, and give it back', async () => {
    const someone = await h.registerMember();
    expect((await myInfo(someone, 'protal_en'))!.permissions).toContain('feedback.send');
    const off = await call(
      'protal',
      '/admin/roles/update',
      { code: 'member', permissions: ['post.publish', 'article.publish', 'journal.submit'] },
      admin,
    );
    expectStatus(off, 200, 200);
    expect((await myInfo(someone, 'protal_en'))!.permissions).not.toContain('feedback.send');
    const on = await call(
      'protal',
      '/admin/roles/update',
      { code: 'member', permissions: ['feedback.send', 'post.publish', 'article.publish', 'journal.submit'] },
      admin,
    );
    expectStatus(on, 200, 200);
    expect((await myInfo(someone, 'protal_en'))!.permissions).toContain('feedback.send');
  });

  it('deletes a custom role with its grants, tells the holders and audits the state before; built-in roles stay', async () => {
    const code = await makeRole(db(), [PERMISSIONS.auditRead]);
    const [a, b] = [await h.registerMember(), await h.registerMember()];
    await grantDirectly(db(), a.id, code, 1);
    await grantDirectly(db(), b.id, code, null);
    const res = await call('protal', '/admin/roles/delete', { code }, admin);
    expectStatus(res, 200, 200);
    expect(res.json().data).toEqual({ code, revoked_grants: 2 });
    expect(await db().selectFrom('user_roles').select('id').where('role', '=', code).execute()).toEqual([]);
    expect(await db().selectFrom('role_permissions').select('role').where('role', '=', code).execute()).toEqual([]);
    expect(await messagesOf(a.id, 'role_revoked')).toHaveLength(1);
    expect(await messagesOf(b.id, 'role_revoked')).toHaveLength(1);
    expect((await myInfo(a))!.permissions).not.toContain('audit.read');
    const [audit] = await auditRows('role.delete', code);
    expect(JSON.parse(audit!.before_json!)).toMatchObject({
      permissions: ['audit.read'],
      grants: [{ user_id: a.id }, { user_id: b.id }],
    });
    expect(JSON.parse(audit!.after_json!)).toBeNull();

    for (const builtin of ['member', 'admin', 'moderator']) {
      const kept = await call('protal_en', '/admin/roles/delete', { code: builtin }, admin);
      expect(kept.statusCode).toBe(409);
      expect(kept.json()).toEqual({ status: 201, msg: msgOf('protal_en', 'roles.builtinKept'), data: null });
    }
    expect((await call('protal', '/admin/roles/delete', { code }, admin)).json().status).toBe(404);
  });
});

describe('admin.users.grantRole / revokeRole', () => {
  it('grants a staff role: the refused staff call succeeds at once, and is refused again after the revoke', async () => {
    const keeper = await h.registerMember({ nick: 'Keeper' });
    const code = await makeRole(db(), [PERMISSIONS.roleManage]);
    const refused = await call('protal', '/admin/roles/list', {}, keeper);
    expect(refused.statusCode).toBe(403);

    const granted = await call('protal', '/admin/users/grantRole', { user_id: keeper.id, role: code }, admin);
    expectStatus(granted, 200, 200);
    const data = granted.json().data as { grant: { id: number; tws_id: number | null; role_name: string } };
    expect(data.grant).toMatchObject({ role: code, tws_id: 1, scope_id: null, role_name: `职员${code}` });
    expect((await call('protal', '/admin/roles/list', {}, keeper)).statusCode).toBe(200);
    // Granted on the Chinese site only.
    expect((await call('protal_en', '/admin/roles/list', {}, keeper)).statusCode).toBe(403);

    // The member was told, in their language, by name.
    const inbox = await call('protal', '/api/index/frontMsgList', {}, keeper);
    expect(inbox.json().data.userFrontMsgList[0]).toMatchObject({
      tfm_title: translate('zh', 'messages.kinds.role_granted.title'),
      tfm_content: translate('zh', 'messages.kinds.role_granted.content', { role: `职员${code}` }),
    });
    const [audit] = await auditRows('role.grant', keeper.id);
    expect(audit).toMatchObject({ actor_id: admin.id, site_id: 1, target_kind: 'user' });
    expect(JSON.parse(audit!.before_json!)).toEqual({ grants: [], user_expert: 10 });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ grants: [{ id: data.grant.id, role: code, site_id: 1 }] });

    const revoked = await call('protal', '/admin/users/revokeRole', { id: data.grant.id }, admin);
    expectStatus(revoked, 200, 200);
    expect(revoked.json().data).toEqual({ user_id: keeper.id, grants: [], user_expert: 10 });
    expect((await call('protal', '/admin/roles/list', {}, keeper)).statusCode).toBe(403);
    expect(await messagesOf(keeper.id, 'role_revoked')).toHaveLength(1);
    const [revokeAudit] = await auditRows('role.revoke', keeper.id);
    expect(JSON.parse(revokeAudit!.before_json!)).toMatchObject({ grants: [{ id: data.grant.id }] });
    expect(JSON.parse(revokeAudit!.after_json!)).toMatchObject({
      grants: [],
      revoked: { id: data.grant.id, role: code },
    });
  });

  it('changes badges at once, and the expert role sets the expert flag (20) and clears it (10)', async () => {
    const star = await h.registerMember();
    expect(await myInfo(star)).toMatchObject({ user_logo_arr: [], user_expert: 10 });
    const kol = await call('protal', '/admin/users/grantRole', { user_id: star.id, role: 'kol' }, admin);
    expectStatus(kol, 200, 200);
    expect((await myInfo(star))!.user_logo_arr).toEqual([60]);
    expect((await myInfo(star, 'protal_en'))!.user_logo_arr).toEqual([]);

    const expert = await call(
      'protal',
      '/admin/users/grantRole',
      { user_id: star.id, role: 'expert', all_sites: true },
      admin,
    );
    expectStatus(expert, 200, 200);
    expect(expert.json().data).toMatchObject({ user_expert: 20, grant: { tws_id: null } });
    expect(await myInfo(star)).toMatchObject({ user_logo_arr: [10, 60], user_expert: 20 });
    expect(await myInfo(star, 'protal_en')).toMatchObject({ user_logo_arr: [10], user_expert: 20 });

    const grantId = (expert.json().data as { grant: { id: number } }).grant.id;
    const off = await call('protal', '/admin/users/revokeRole', { id: grantId }, admin);
    expect(off.json().data).toMatchObject({ user_expert: 10 });
    expect(await myInfo(star)).toMatchObject({ user_logo_arr: [60], user_expert: 10 });
    const row = await db()
      .selectFrom('users')
      .select('user_expert')
      .where('id', '=', star.id)
      .executeTakeFirstOrThrow();
    expect(row.user_expert).toBe(10);
  });

  it('leaves an MVP term to the experts and MVPs screen: revoking its grant here is refused and keeps it', async () => {
    const mvp = await h.registerMember();
    const now = Date.now();
    const { id } = await db()
      .insertInto('user_roles')
      .values({
        user_id: mvp.id,
        role: 'mvp',
        site_id: null,
        scope_id: null,
        created_at: now,
        expires_at: now + 30 * DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call('protal', '/admin/users/revokeRole', { id }, admin);
    expectStatus(res, 409, 201, msgOf('protal', 'roles.mvpByTerm'));
    const kept = await db().selectFrom('user_roles').select('id').where('id', '=', id).executeTakeFirst();
    expect(kept).toEqual({ id });
  });

  it('grants moderators per board of this site and topic hosts per topic, and nothing else scoped', async () => {
    const mod = await h.registerMember();
    const site = 'protal_en';
    const cases: Array<[unknown, number, number, string]> = [
      [{ user_id: mod.id, role: 'moderator' }, 409, 201, 'roles.scopeNeeded.board'],
      [{ user_id: mod.id, role: 'moderator', scope_id: board1 }, 404, 404, 'roles.scopeNotFound.board'],
      [{ user_id: mod.id, role: 'moderator', scope_id: board2, all_sites: true }, 409, 201, 'roles.scopedOneSite'],
      [{ user_id: mod.id, role: 'topic_host' }, 409, 201, 'roles.scopeNeeded.topic'],
      [{ user_id: mod.id, role: 'kol', scope_id: board2 }, 409, 201, 'roles.scopeNotAllowed'],
      [{ user_id: mod.id, role: 'member' }, 409, 201, 'roles.memberImplicit'],
      [{ user_id: mod.id, role: 'mvp' }, 409, 201, 'roles.mvpByTerm'],
      [{ user_id: mod.id, role: 'no_such' }, 404, 404, 'roles.notFound'],
      [{ user_id: 987654, role: 'kol' }, 404, 404, 'membersAdmin.userNotFound'],
    ];
    const before = await countRows();
    for (const [body, http, status, key] of cases) {
      const res = await call(site, '/admin/users/grantRole', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(http);
      expect(res.json()).toEqual({ status, msg: msgOf(site, key), data: null });
    }
    expect(await countRows()).toEqual(before);

    const ok = await call(
      site,
      '/admin/users/grantRole',
      { user_id: mod.id, role: 'moderator', scope_id: board2 },
      admin,
    );
    expectStatus(ok, 200, 200);
    expect(ok.json().data.grant).toMatchObject({
      role: 'moderator',
      tws_id: 2,
      scope_kind: 'board',
      scope_id: board2,
      scope_name: 'Storage',
    });
    const again = await call(
      site,
      '/admin/users/grantRole',
      { user_id: mod.id, role: 'moderator', scope_id: board2 },
      admin,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 201, msg: msgOf(site, 'roles.alreadyGranted'), data: null });

    const topic = await makeTopic(db(), 2, 'All-flash arrays');
    const host = await call(
      site,
      '/admin/users/grantRole',
      { user_id: mod.id, role: 'topic_host', scope_id: topic },
      admin,
    );
    expect(host.json().data.grant).toMatchObject({
      scope_kind: 'topic',
      scope_id: topic,
      scope_name: 'All-flash arrays',
    });
    const access = await db()
      .selectFrom('user_roles')
      .select(['role', 'site_id', 'scope_id'])
      .where('user_id', '=', mod.id)
      .orderBy('id')
      .execute();
    expect(access).toEqual([
      { role: 'moderator', site_id: 2, scope_id: board2 },
      { role: 'topic_host', site_id: 2, scope_id: topic },
    ]);
  });

  it('refuses bad bodies with 40001 and writes nothing', async () => {
    const before = await countRows();
    const cases: Array<[string, unknown, string]> = [
      ['/admin/users/grantRole', { role: 'kol' }, 'user_id'],
      ['/admin/users/grantRole', { user_id: -1, role: 'kol' }, 'user_id'],
      ['/admin/users/grantRole', { user_id: member.id, role: 'KOL' }, 'role'],
      ['/admin/users/grantRole', { user_id: member.id, role: 'kol', scope_id: 'x' }, 'scope_id'],
      ['/admin/users/grantRole', { user_id: member.id, role: 'kol', all_sites: 'yes' }, 'all_sites'],
      ['/admin/users/grantRole', { user_id: member.id, role: 'kol', site_id: null }, 'site_id'],
      ['/admin/users/revokeRole', {}, 'id'],
      ['/admin/users/revokeRole', { id: 1.5 }, 'id'],
      ['/admin/users/revokeRole', { id: 1, user_id: 2 }, 'user_id'],
    ];
    for (const [path, body, field] of cases) {
      const res = await call('protal', path, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: { field } });
    }
    expect(await countRows()).toEqual(before);
  });

  it('keeps the privilege rule: only what you hold, the admin role by admins, portal-wide by portal-wide admins', async () => {
    const target = await h.registerMember();
    // role.manage alone cannot make anyone an editor (admin.access, review.journal) — nor oneself.
    const roleManager = await makeStaff(h, { permissions: [PERMISSIONS.roleManage], siteId: 1 });
    for (const userId of [target.id, roleManager.id]) {
      const res = await call('protal', '/admin/users/grantRole', { user_id: userId, role: 'editor' }, roleManager);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        status: 403,
        msg: msgOf('protal', 'roles.notHeld', { permission: 'admin.access' }),
        data: null,
      });
    }
    // Holding every permission still is not being an admin.
    const everything = await makeStaff(h, { permissions: [...PERMISSION_LIST], siteId: 1 });
    const notAdmin = await call('protal', '/admin/users/grantRole', { user_id: target.id, role: 'admin' }, everything);
    expect(notAdmin.json()).toEqual({ status: 403, msg: msgOf('protal', 'roles.adminsOnly'), data: null });
    // But they may grant an editor on their site, yet not on every site.
    expectStatus(
      await call('protal', '/admin/users/grantRole', { user_id: target.id, role: 'editor' }, everything),
      200,
      200,
    );
    const wide = await call(
      'protal',
      '/admin/users/grantRole',
      { user_id: target.id, role: 'kol', all_sites: true },
      everything,
    );
    expect(wide.json()).toEqual({ status: 403, msg: msgOf('protal', 'roles.portalWideAdminsOnly'), data: null });

    // An admin of the Chinese site makes admins there, not portal-wide ones, and cannot touch a portal-wide grant.
    const siteAdmin = await makeStaff(h, { role: 'admin', siteId: 1 });
    const made = await call('protal', '/admin/users/grantRole', { user_id: target.id, role: 'admin' }, siteAdmin);
    expectStatus(made, 200, 200);
    expect((await myInfo(target))!.permissions.sort()).toEqual([...PERMISSION_LIST].sort());
    expect((await myInfo(target, 'protal_en'))!.permissions).not.toContain('user.manage');
    expect(
      (
        await call(
          'protal',
          '/admin/users/grantRole',
          { user_id: target.id, role: 'admin', all_sites: true },
          siteAdmin,
        )
      ).json().status,
    ).toBe(403);
    const adminGrant = await db()
      .selectFrom('user_roles')
      .select('id')
      .where('user_id', '=', admin.id)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect((await call('protal', '/admin/users/revokeRole', { id: adminGrant.id }, siteAdmin)).json()).toEqual({
      status: 403,
      msg: msgOf('protal', 'roles.portalWideAdminsOnly'),
      data: null,
    });
    // The non-admin holder of every permission cannot take the admin role away either.
    const madeId = (made.json().data as { grant: { id: number } }).grant.id;
    expect((await call('protal', '/admin/users/revokeRole', { id: madeId }, everything)).statusCode).toBe(403);
    // A grant of the English site is unknown from the Chinese one.
    const enGrant = await grantDirectly(db(), target.id, 'kol', 2);
    expect((await call('protal', '/admin/users/revokeRole', { id: enGrant }, admin)).json()).toEqual({
      status: 404,
      msg: msgOf('protal', 'roles.grantNotFound'),
      data: null,
    });
    expect((await call('protal_en', '/admin/users/revokeRole', { id: enGrant }, admin)).statusCode).toBe(200);
  });

  it('lets a moderator with role.manage hand out the moderator role in their own board only', async () => {
    const boss = await makeModerator(h, board1, 1);
    await grantDirectly(db(), boss.id, await makeRole(db(), [PERMISSIONS.roleManage]), 1);
    const other = await makeBoard(db(), 1);
    const target = await h.registerMember();
    expectStatus(
      await call('protal', '/admin/users/grantRole', { user_id: target.id, role: 'moderator', scope_id: board1 }, boss),
      200,
      200,
    );
    const elsewhere = await call(
      'protal',
      '/admin/users/grantRole',
      { user_id: target.id, role: 'moderator', scope_id: other },
      boss,
    );
    expect(elsewhere.statusCode).toBe(403);
  });
});

describe('the last portal-wide admin', () => {
  let t2: TestApp;
  let h2: ReturnType<typeof accountsHarness>;
  beforeAll(async () => {
    ({ t: t2, h: h2 } = await staffTestApp());
  });
  afterAll(async () => t2?.close());

  const adminGrantOf = (userId: number) =>
    t2.database.db
      .selectFrom('user_roles')
      .select('id')
      .where('user_id', '=', userId)
      .where('role', '=', 'admin')
      .where('site_id', 'is', null)
      .executeTakeFirstOrThrow();

  it('is never removed, even by two admins revoking each other at once', async () => {
    const a = await makeStaff(h2);
    const b = await makeStaff(h2);
    const [ga, gb] = [await adminGrantOf(a.id), await adminGrantOf(b.id)];
    const results = await Promise.all([
      staffCall(h2, 'protal', '/admin/users/revokeRole', { id: gb.id }, a),
      staffCall(h2, 'protal', '/admin/users/revokeRole', { id: ga.id }, b),
    ]);
    expect(results.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    for (const r of results) expect([200, 403, 409]).toContain(r.statusCode);
    const left = await t2.database.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role', '=', 'admin')
      .where('site_id', 'is', null)
      .execute();
    expect(left).toHaveLength(1);
    const survivor = left[0]!.user_id === a.id ? a : b;
    const own = await adminGrantOf(survivor.id);
    const last = await staffCall(h2, 'protal_en', '/admin/users/revokeRole', { id: own.id }, survivor);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ status: 201, msg: translate('en', 'roles.lastAdmin'), data: null });
    // A site admin grant can go; the portal-wide one stays.
    const site = await grantDirectly(t2.database.db, survivor.id, 'admin', 1);
    expect((await staffCall(h2, 'protal', '/admin/users/revokeRole', { id: site }, survivor)).statusCode).toBe(200);
    expect((await adminGrantOf(survivor.id)).id).toBe(own.id);
  });
});
