import Fastify from 'fastify';
import fp from 'fastify-plugin';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC } from '@portal/contracts/call';
import { isPermission, MEMBER_ROLE, SCOPABLE_PERMISSIONS, type Permission } from '@portal/contracts/permissions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { accountsHarness, type TestMember } from '../../test/accounts-harness';
import { accessGuardPlugin, type ApiRoute } from './access-guard';

const authStandIn = fp(async () => undefined, { name: 'portal-auth' });

/**
 * The permission matrix of issue 4: every API route the portal registers is walked, and each one's
 * declared rule is proved to be enforced on the server for a visitor, a member, a moderator of a
 * board, a banned admin and staff of the other site. A route added without a rule cannot even be
 * registered (last test).
 */
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let member: TestMember;
let moderator: TestMember;
let bannedAdmin: TestMember;
let otherSiteAdmin: TestMember;
let routes: ApiRoute[];

const DAY = 86_400_000;

async function grant(userId: number, role: string, siteId: number | null, scopeId: number | null = null) {
  await t.database.db
    .insertInto('user_roles')
    .values({ user_id: userId, role, site_id: siteId, scope_id: scopeId, created_at: Date.now() })
    .execute();
}

/** A member who holds exactly one permission on the Chinese site, through a role of their own. */
async function staffWith(permission: Permission, siteId = 1): Promise<TestMember> {
  const staff = await h.registerMember();
  await h.completeInformation(staff);
  const code = `matrix_${permission.replace(/\W/g, '_')}_${staff.id}`;
  const now = Date.now();
  await t.database.db
    .insertInto('roles')
    .values({ code, scope_kind: null, builtin: 0, name_zh: code, name_en: code, created_at: now, updated_at: now })
    .execute();
  await t.database.db.insertInto('role_permissions').values({ role: code, permission }).execute();
  await grant(staff.id, code, siteId);
  return staff;
}

function callRoute(route: ApiRoute, as?: TestMember): Promise<LightMyRequestResponse> {
  const url = route.url.replace(':site', 'protal');
  // Staff answers carry members' contact details by design, so the member-facing answer scanner of
  // the accounts harness is not used here: this test is about who gets through, not what they see.
  const headers: Record<string, string> = {
    isapi: '1',
    'x-forwarded-for': h.freshIp(),
    ...(as ? { cookie: `accessToken=${as.token}` } : {}),
  };
  if (route.method === 'GET') return t.app.inject({ method: 'GET', url, headers });
  return t.call(url, {}, { headers });
}

/** Calls whose permission the member role does not hold (members hold e.g. feedback.send by default). */
async function staffOnly(all: ApiRoute[]): Promise<ApiRoute[]> {
  const memberRole = await t.database.db
    .selectFrom('role_permissions')
    .select('permission')
    .where('role', '=', MEMBER_ROLE)
    .execute();
  const everyone = new Set(memberRole.map((r) => r.permission));
  return all.filter((r) => r.access.kind === 'permission' && !everyone.has(r.access.permission));
}

function expectRefused(res: LightMyRequestResponse, http: 401 | 403, who: string, route: ApiRoute) {
  const where = `${route.method} ${route.url} for ${who}`;
  expect(res.statusCode, where).toBe(http);
  expect(res.json(), where).toMatchObject({ status: http, data: null });
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000' } });
  h = accountsHarness(t);
  routes = t.app.apiRoutes;

  member = await h.registerMember();
  await h.completeInformation(member);

  moderator = await h.registerMember();
  await h.completeInformation(moderator);
  await grant(moderator.id, 'moderator', 1, 1);

  bannedAdmin = await h.registerMember();
  await h.completeInformation(bannedAdmin);
  await grant(bannedAdmin.id, 'admin', null);
  // A ban written by another process while this session still lives: the guard must refuse it anyway.
  await t.database.db
    .updateTable('users')
    .set({ banned_until: Date.now() + DAY, ban_reason: 'matrix' })
    .where('id', '=', bannedAdmin.id)
    .execute();

  otherSiteAdmin = await h.registerMember();
  await h.completeInformation(otherSiteAdmin);
  await grant(otherSiteAdmin.id, 'admin', 2);
});

afterAll(async () => {
  await t?.close();
});

describe('the permission matrix', () => {
  it('knows every API route and the rule each declared, naming only permissions that exist', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      if (route.access.kind === 'permission') expect(isPermission(route.access.permission), route.url).toBe(true);
    }
    // Every contract-made call is among them, with its contract's rule.
    for (const call of t.app.registeredCalls) {
      const route = routes.find((r) => r.url === call.url && r.method === 'POST');
      expect(route, call.url).toBeDefined();
      expect(route!.access).toEqual(call.contract.access);
    }
  });

  it('refuses a visitor every call that needs a member, with 401 in the envelope', async () => {
    for (const route of routes.filter((r) => r.access.kind !== 'public')) {
      expectRefused(await callRoute(route), 401, 'a visitor', route);
    }
  });

  it('refuses a banned member (here a banned admin) every call that needs a member, with 403', async () => {
    for (const route of routes.filter((r) => r.access.kind !== 'public')) {
      expectRefused(await callRoute(route, bannedAdmin), 403, 'a banned admin', route);
    }
  });

  it('refuses a member, a moderator of a board and the admin of the other site every staff call, with 403', async () => {
    const staffRoutes = await staffOnly(routes);
    // The back office's calls (users, roles, dictionaries, banners, settings, feedback, audit ...).
    expect(staffRoutes.length).toBeGreaterThan(20);
    for (const route of staffRoutes) {
      expectRefused(await callRoute(route, member), 403, 'a member', route);
      expectRefused(await callRoute(route, otherSiteAdmin), 403, 'the admin of the English site', route);
      const permission = route.access.kind === 'permission' ? route.access.permission : undefined;
      // A board-scoped permission lets a moderator through the guard; the handler then checks the board.
      if (permission && !SCOPABLE_PERMISSIONS[permission]) {
        expectRefused(await callRoute(route, moderator), 403, 'a moderator of a board', route);
      }
    }
  });

  it('lets a member holding only the named permission past the guard of each staff call', async () => {
    const staffRoutes = await staffOnly(routes);
    const holders = new Map<string, TestMember>();
    for (const route of staffRoutes) {
      if (route.access.kind !== 'permission') continue;
      const permission = route.access.permission;
      const holder = holders.get(permission) ?? (await staffWith(permission));
      holders.set(permission, holder);
      const res = await callRoute(route, holder);
      // An empty body may be refused for what it lacks (400), never for who sends it.
      expect([401, 403], `${route.method} ${route.url} for a holder of ${permission}`).not.toContain(res.statusCode);
    }
  });

  it('answers public calls to a visitor without asking who they are', async () => {
    for (const route of routes.filter((r) => r.access.kind === 'public')) {
      const res = await callRoute(route);
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.statusCode);
    }
  });

  it('refuses before the body is read: a bad, invalid or oversized body still gets 401, and 403 for a member', async () => {
    const bodies: Record<string, string> = {
      'invalid JSON': '{"title": ',
      'a body the schema refuses': JSON.stringify({ title: ['not', 'a', 'string'], page_size: -1 }),
      'a body over the size limit': JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    };
    const send = (route: ApiRoute, payload: string, as?: TestMember) =>
      t.app.inject({
        method: 'POST',
        url: route.url.replace(':site', 'protal'),
        headers: {
          isapi: '1',
          'content-type': 'application/json',
          'x-forwarded-for': h.freshIp(),
          ...(as ? { cookie: `accessToken=${as.token}` } : {}),
        },
        payload,
      });
    const memberRoutes = routes.filter((r) => r.method === 'POST' && r.access.kind !== 'public');
    const staffRoutes = (await staffOnly(routes)).filter((r) => r.method === 'POST');
    expect(memberRoutes.length).toBeGreaterThan(20);
    for (const [what, payload] of Object.entries(bodies)) {
      for (const route of memberRoutes) expectRefused(await send(route, payload), 401, `a visitor with ${what}`, route);
      for (const route of staffRoutes) {
        expectRefused(await send(route, payload, member), 403, `a member with ${what}`, route);
      }
    }
    // The same bodies reach the parser and the schema once the caller may make the call.
    const holder = await staffWith('admin.access');
    const adminCall = staffRoutes.find((r) => r.access.kind === 'permission' && r.access.permission === 'admin.access');
    expect(adminCall).toBeDefined();
    expect((await send(adminCall!, bodies['invalid JSON']!, holder)).statusCode).toBe(400);
    expect((await send(adminCall!, bodies['a body over the size limit']!, holder)).statusCode).toBe(413);
  });

  it('is still up after the whole matrix', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });
});

describe('the access guard', () => {
  it('refuses to register an API route that declares no access rule', async () => {
    const app = Fastify({ logger: false });
    // The guard only needs the auth plugin to be there; a stand-in with its name will do.
    await app.register(authStandIn);
    await app.register(accessGuardPlugin);
    await expect(
      app.register(async (child) => {
        child.post('/api/protal/forgotten', async () => ({}));
      }),
    ).rejects.toThrow(/declares no access rule/);
    await app.close();

    const ok = Fastify({ logger: false });
    await ok.register(authStandIn);
    await ok.register(accessGuardPlugin);
    await ok.register(async (child) => {
      child.post('/api/protal/declared', { config: { access: PUBLIC } }, async () => ({}));
    });
    await ok.ready();
    expect(ok.apiRoutes.map((r) => r.url)).toEqual(['/api/protal/declared']);
    await ok.close();
  });
});
