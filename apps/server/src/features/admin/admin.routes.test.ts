import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_LIST } from '@portal/contracts/permissions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountsHarness, type Site, type TestMember } from '../accounts/accounts.test-support';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  h = accountsHarness(t);
});
afterAll(async () => t?.close());

const CONTEXT = '/admin/context';
type ContextData = { sites: Array<{ tws_id: number; permissions: string[] }> };

const call = (site: Site, path: string, body: unknown, as?: TestMember) =>
  h.call(site, path, body, { ...(as ? { as } : {}), ip: h.freshIp() });

async function grant(member: TestMember, role: string, site: number | null = null, scope: number | null = null) {
  await t.database.db
    .insertInto('user_roles')
    .values({ user_id: member.id, role, site_id: site, scope_id: scope, created_at: Date.now() })
    .execute();
}

const customRoles = new Set<string>();
/** A custom site-wide staff role holding exactly `permissions`. */
async function staffRole(code: string, permissions: string[]) {
  if (customRoles.has(code)) return;
  const now = Date.now();
  await t.database.db
    .insertInto('roles')
    .values({ code, scope_kind: null, builtin: 0, name_zh: code, name_en: code, created_at: now, updated_at: now })
    .execute();
  if (permissions.length) {
    await t.database.db
      .insertInto('role_permissions')
      .values(permissions.map((permission) => ({ role: code, permission })))
      .execute();
  }
  customRoles.add(code);
}

describe('admin.context', () => {
  it('refuses a visitor with 401 and a plain member with 403, in the envelope', async () => {
    const visitor = await call('protal', CONTEXT, {});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ status: 401, data: null });

    const member = await h.registerMember();
    const refused = await call('protal_en', CONTEXT, {}, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, data: null });
    expect(typeof refused.json().msg).toBe('string');
  });

  it('refuses a moderator of a board and a topic host: scoped roles do not open the back office', async () => {
    const moderator = await h.registerMember();
    await grant(moderator, 'moderator', 1, 7);
    const host = await h.registerMember();
    await grant(host, 'topic_host', null, 3);
    for (const who of [moderator, host]) {
      for (const site of ['protal', 'protal_en'] as const) {
        expect((await call(site, CONTEXT, {}, who)).statusCode).toBe(403);
      }
    }
  });

  it('answers an admin of every site with both sites and every permission, from either site URL', async () => {
    const admin = await h.registerMember({ nick: 'Chief' });
    await grant(admin, 'admin');
    for (const site of ['protal', 'protal_en'] as const) {
      const res = await call(site, CONTEXT, {}, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 200,
        data: {
          user: { user_id: admin.id, user_nick_name: 'Chief', user_avatar_att_url: expect.any(String) },
          sites: [
            { tws_id: 1, apply_site: 'protal', permissions: [...PERMISSION_LIST] },
            { tws_id: 2, apply_site: 'protal_en', permissions: [...PERMISSION_LIST] },
          ],
        },
      });
    }
  });

  it('lists only the sites where the member holds admin.access, with that site’s permissions', async () => {
    const editor = await h.registerMember();
    await grant(editor, 'editor', 2);
    const res = await call('protal', CONTEXT, {}, editor);
    expect(res.statusCode, res.body).toBe(200);
    const { sites } = res.json().data as ContextData;
    expect(sites.map((s) => s.tws_id)).toEqual([2]);
    expect(sites[0]!.permissions).toEqual(expect.arrayContaining(['admin.access', 'review.journal', 'feedback.send']));
    expect(sites[0]!.permissions).not.toContain('user.manage');

    // A custom role on the Chinese site adds that site with its own permissions.
    await staffRole('audit_desk', ['admin.access', 'audit.read']);
    await grant(editor, 'audit_desk', 1);
    const both = (await call('protal_en', CONTEXT, {}, editor)).json().data as ContextData;
    expect(both.sites.map((s) => s.tws_id)).toEqual([1, 2]);
    expect(both.sites[0]!.permissions).toContain('audit.read');
    expect(both.sites[0]!.permissions).not.toContain('review.journal');
    expect(both.sites[1]!.permissions).not.toContain('audit.read');
  });

  it('refuses a role without admin.access even when it carries other staff permissions', async () => {
    await staffRole('audit_only', ['audit.read']);
    const member = await h.registerMember();
    await grant(member, 'audit_only');
    expect((await call('protal', CONTEXT, {}, member)).statusCode).toBe(403);
  });

  it('closes at once for a banned admin and for a revoked role', async () => {
    const admin = await h.registerMember();
    await grant(admin, 'admin');
    expect((await call('protal', CONTEXT, {}, admin)).statusCode).toBe(200);

    await t.database.db
      .updateTable('users')
      .set({ banned_until: Date.now() + 86_400_000, ban_reason: 'test' })
      .where('id', '=', admin.id)
      .execute();
    const banned = await call('protal', CONTEXT, {}, admin);
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toMatchObject({ status: 403 });
    await t.database.db.updateTable('users').set({ banned_until: null }).where('id', '=', admin.id).execute();

    await t.database.db.deleteFrom('user_roles').where('user_id', '=', admin.id).execute();
    expect((await call('protal', CONTEXT, {}, admin)).statusCode).toBe(403);
  });

  it('refuses a body with unknown fields or of the wrong type with 400/40001, and stays up', async () => {
    const admin = await h.registerMember();
    await grant(admin, 'admin');
    for (const body of [{ site: 1 }, [], 'x', { __proto__: { a: 1 }, b: 2 }]) {
      const res = await call('protal', CONTEXT, body, admin);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: expect.anything() });
    }
    expect((await call('protal', CONTEXT, {}, admin)).statusCode).toBe(200);
  });
});
