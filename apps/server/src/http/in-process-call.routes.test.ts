import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrl, type CallContract } from '@portal/contracts/call';
import { STATUS, type Envelope } from '@portal/contracts/envelope';
import { commonData, postList } from '@portal/contracts/home';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { CLIENT_STORAGE, REQUEST_HEADERS } from '@portal/contracts/ssr';
import { siteByCode, SITES } from '@portal/contracts/sites';
import { accountsHarness, type TestMember } from '../../test/accounts-harness';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getMyInfo } from '@portal/contracts/accounts';
import type { ShellViewer } from '@portal/contracts/ssr';
import { banDirectly, grantDirectly, makeRole } from '../../test/roles-harness';
import { inProcessCalls } from './in-process-call';
import { shellViewer } from './shell-viewer';

interface Probe {
  contract: CallContract;
  siteCode: string;
  body: unknown;
}

/** The calls a probe page runs for its loaders, set by each test. */
let probes: Probe[] = [];
let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    extend: (app) => {
      // A page request whose loaders make the probes' calls, as the page host does.
      app.get('/test/loaders', async (request, reply) => {
        const call = inProcessCalls(app, request, reply, () => Promise.reject(new Error('no route fallback here')));
        const answers: Envelope[] = [];
        for (const probe of probes) answers.push(await call(probe.contract, probe.siteCode, probe.body));
        return answers;
      });
      // The shell's member on each site, as the root loader reads it (PortalLoadContext.viewer).
      app.get('/test/viewer', async (request) => ({
        protal: await shellViewer(request, 'protal'),
        protal_en: await shellViewer(request, 'protal_en'),
      }));
    },
  });
  member = await accountsHarness(t).registerMember();
});
afterAll(async () => t?.close());

/** The probes' answers from a page request (in-process) and from the routes (HTTP), side by side. */
async function bothWays(list: Probe[], token?: string, siteCookie?: number) {
  probes = list;
  const cookies = [
    ...(token ? [`${CLIENT_STORAGE.accessTokenCookie}=${token}`] : []),
    ...(siteCookie ? [`${CLIENT_STORAGE.siteDataCookie}=${siteCookie}`] : []),
  ].join('; ');
  const page = await t.app.inject({ method: 'GET', url: '/test/loaders', headers: cookies ? { cookie: cookies } : {} });
  expect(page.statusCode).toBe(200);
  const inProcess = page.json() as Envelope[];
  const routes: Envelope[] = [];
  for (const probe of list) {
    const res = await t.app.inject({
      method: 'POST',
      url: callUrl(probe.contract, probe.siteCode),
      headers: {
        [REQUEST_HEADERS.isapi]: '1',
        'content-type': 'application/json',
        // A global call (`/api/activity/...`) names its site by siteData, as the page's browser
        // does once it has stored the page's language; a loader names the page's site directly.
        ...(probe.contract.scope === 'global'
          ? { [REQUEST_HEADERS.siteData]: String(siteByCode(probe.siteCode)?.tws_id ?? '') }
          : {}),
        ...(cookies ? { cookie: cookies } : {}),
      },
      payload: JSON.stringify(probe.body),
    });
    routes.push(res.json() as Envelope);
  }
  return { inProcess, routes };
}

const readCalls = () => t.app.registeredCalls.filter((c) => !c.contract.write).map((c) => c.contract);

describe("loaders' in-process calls", () => {
  it('answer every read call exactly as its route does, for a visitor and a member, on both sites', async () => {
    const probes = SITES.flatMap((site) =>
      readCalls().map((contract) => ({ contract, siteCode: site.apply_site, body: {} })),
    );
    for (const token of [undefined, member.token]) {
      const { inProcess, routes } = await bothWays(probes, token);
      // Answers that hold the time of the request (server time, views) may differ by a tick.
      const stable = (e: Envelope) => JSON.parse(JSON.stringify(e, (k, v) => (/time|_at$/.test(k) ? 0 : v)));
      expect(inProcess.map(stable)).toEqual(routes.map(stable));
      const statuses = new Set(routes.map((e) => e.status));
      // Refusals are compared too: member calls refuse the visitor, permission calls the member.
      expect(statuses).toContain(STATUS.ok);
      expect(statuses).toContain(token ? STATUS.forbidden : STATUS.unauthorized);
    }
    expect(probes.length).toBeGreaterThan(20);
  });

  it('refuse a bad body with the route’s 400 envelope naming the field', async () => {
    const bad = [
      { contract: postList, siteCode: 'protal', body: { limit: 'many' } },
      { contract: postList, siteCode: 'protal_en', body: { unknown_key: 1 } },
      { contract: commonData, siteCode: 'protal', body: [] },
    ];
    const { inProcess, routes } = await bothWays(bad);
    expect(inProcess).toEqual(routes);
    expect(inProcess.every((e) => e.status === STATUS.validation)).toBe(true);
    expect(inProcess[1]!.msg).toMatch(/unknown_key/);
  });

  it("check the roles of the call's site, not of the page request's site cookie", async () => {
    const staff = await accountsHarness(t).registerMember();
    // The audit log is readable on the English site only.
    const role = await makeRole(t.database.db, [PERMISSIONS.auditRead]);
    await grantDirectly(t.database.db, staff.id, role, 2);
    const audit = t.app.registeredCalls.find(
      ({ contract: c }) => !c.write && c.access.kind === 'permission' && c.access.permission === PERMISSIONS.auditRead,
    )!.contract;
    const probes = [
      { contract: audit, siteCode: 'protal_en', body: {} },
      { contract: audit, siteCode: 'protal', body: {} },
    ];
    const { inProcess, routes } = await bothWays(probes, staff.token, 1);
    expect(inProcess.map((e) => e.status)).toEqual([STATUS.ok, STATUS.forbidden]);
    expect(inProcess.map((e) => e.status)).toEqual(routes.map((e) => e.status));
  });
});

describe("the shell's member (PortalLoadContext.viewer)", () => {
  const viewers = async (token?: string) => {
    const cookie = token ? { cookie: `${CLIENT_STORAGE.accessTokenCookie}=${token}` } : {};
    const res = await t.app.inject({ method: 'GET', url: '/test/viewer', headers: cookie });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<'protal' | 'protal_en', ShellViewer | null>;
  };
  const shellFieldsOf = (info: Envelope) => {
    const data = info.data as ShellViewer;
    return {
      user_id: data.user_id,
      user_nick_name: data.user_nick_name,
      user_avatar_att_url: data.user_avatar_att_url,
      is_edit: data.is_edit,
      permissions: data.permissions,
      scoped_permissions: data.scoped_permissions,
      user_points_level: data.user_points_level,
    };
  };

  it("gives getMyInfo's fields of the member, with each site's permissions, and nobody for a visitor", async () => {
    expect(await viewers()).toEqual({ protal: null, protal_en: null });
    expect(await viewers('not-a-token')).toEqual({ protal: null, protal_en: null });

    const staff = await accountsHarness(t).registerMember();
    const role = await makeRole(t.database.db, [PERMISSIONS.auditRead]);
    await grantDirectly(t.database.db, staff.id, role, 2);
    const shown = await viewers(staff.token);
    const { inProcess } = await bothWays(
      [
        { contract: getMyInfo, siteCode: 'protal', body: {} },
        { contract: getMyInfo, siteCode: 'protal_en', body: {} },
      ],
      staff.token,
    );
    expect(inProcess.map((e) => e.status)).toEqual([STATUS.ok, STATUS.ok]);
    expect(shown.protal).toEqual(shellFieldsOf(inProcess[0]!));
    expect(shown.protal_en).toEqual(shellFieldsOf(inProcess[1]!));
    expect(shown.protal_en!.permissions).toContain(PERMISSIONS.auditRead);
    expect(shown.protal!.permissions).not.toContain(PERMISSIONS.auditRead);
    // A new member has still to complete the information page: the redirect of spec 2 reads this.
    expect(shown.protal!.is_edit).toBe(2);
  });

  it('shows a banned member the pages as a visitor, as getMyInfo refuses them', async () => {
    const banned = await accountsHarness(t).registerMember();
    await banDirectly(t.database.db, banned.id, Date.now() + 86_400_000, 'spam');
    expect(await viewers(banned.token)).toEqual({ protal: null, protal_en: null });
    const { routes } = await bothWays([{ contract: getMyInfo, siteCode: 'protal', body: {} }], banned.token);
    expect(routes[0]!.status).toBe(STATUS.forbidden);
  });
});
