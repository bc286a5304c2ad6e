import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ADMIN_ROLE, type Permission } from '@portal/contracts/permissions';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import { createTestApp, type TestApp } from './test-app';
import type { DB } from '../src/db/schema';
import { translate } from '../src/lib/i18n';
import { accountsHarness, type Site, type TestMember } from './accounts-harness';

type Harness = ReturnType<typeof accountsHarness>;

/** Grants a role directly in the database: site null means every site. */
export async function grantDirectly(
  db: Kysely<DB>,
  userId: number,
  role: string,
  siteId: number | null,
  scopeId: number | null = null,
): Promise<number> {
  const row = await db
    .insertInto('user_roles')
    .values({ user_id: userId, role, site_id: siteId, scope_id: scopeId, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A custom site-wide role holding exactly these permissions; answers its code. */
export async function makeRole(db: Kysely<DB>, permissions: readonly Permission[], prefix = 'staff'): Promise<string> {
  const code = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const now = Date.now();
  await db
    .insertInto('roles')
    .values({
      code,
      scope_kind: null,
      builtin: 0,
      name_zh: `职员${code}`,
      name_en: `Staff ${code}`,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (permissions.length) {
    await db
      .insertInto('role_permissions')
      .values(permissions.map((permission) => ({ role: code, permission })))
      .execute();
  }
  return code;
}

/**
 * A staff member registered through the real calls, with information completed:
 * - `permissions`: a fresh custom role holding exactly those permissions;
 * - `role`: that (site-wide) role, e.g. 'admin' or 'editor';
 * - neither: the admin role.
 * Granted on `siteId` (1 the Chinese site, 2 the English one), or on every site when null (default).
 */
export async function makeStaff(
  h: Harness,
  opts: { permissions?: Permission[]; role?: string; siteId?: number | null; nick?: string } = {},
): Promise<TestMember & { role: string }> {
  const db = h.t.database.db;
  const member = await h.registerMember({ nick: opts.nick ?? 'Staffer' });
  await h.completeInformation(member);
  const role = opts.permissions ? await makeRole(db, opts.permissions) : (opts.role ?? ADMIN_ROLE);
  await grantDirectly(db, member.id, role, opts.siteId === undefined ? null : opts.siteId);
  return { ...member, role };
}

/** A dictionary entry of kind 'board' on a site; answers its id. */
export async function makeBoard(
  db: Kysely<DB>,
  siteId: number,
  label = `Board ${crypto.randomBytes(3).toString('hex')}`,
) {
  const row = await db
    .insertInto('dictionaries')
    .values({
      site_id: siteId,
      kind: 'board',
      label,
      value: crypto.randomInt(1_000, 2_000_000_000),
      sort: 0,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A topic on a site; answers its id. */
export async function makeTopic(
  db: Kysely<DB>,
  siteId: number,
  title = `Topic ${crypto.randomBytes(3).toString('hex')}`,
) {
  const row = await db
    .insertInto('topics')
    .values({ site_id: siteId, title, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A member who moderates one board of a site (the moderator role, scoped to the board). */
export async function makeModerator(h: Harness, boardId: number, siteId: number): Promise<TestMember> {
  const member = await h.registerMember({ nick: 'Mod Mia' });
  await h.completeInformation(member);
  await grantDirectly(h.t.database.db, member.id, 'moderator', siteId, boardId);
  return member;
}

/**
 * Bans a member in the database only, the way an old ban or another process would leave it: their
 * sessions stay live, so tests can prove that the ban alone refuses their calls.
 */
export async function banDirectly(db: Kysely<DB>, userId: number, until: number, reason: string): Promise<void> {
  const now = Date.now();
  await db.updateTable('users').set({ banned_until: until, ban_reason: reason }).where('id', '=', userId).execute();
  await db
    .insertInto('user_bans')
    .values({
      user_id: userId,
      reason,
      ends_at: until,
      created_by: null,
      created_at: now,
      lifted_by: null,
      lifted_at: null,
    })
    .execute();
}

/**
 * A staff call: like `h.call`, but without the harness's check that no other member's email or
 * mobile appears in the answer (staff screens show them on purpose). Each call comes from a fresh IP.
 */
export function staffCall(
  h: Harness,
  site: Site,
  path: string,
  body: unknown = {},
  as?: { token: string },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-forwarded-for': h.freshIp() };
  if (as) headers.cookie = `${CLIENT_STORAGE.accessTokenCookie}=${as.token}`;
  return h.t.call(`/api/${site}${path}`, body, { headers });
}

/**
 * The app a back-office route test runs against: behind a trusted proxy (each call may come from its
 * own IP) and without the per-minute write limit; `seed` adds the demo content.
 */
export async function staffTestApp(opts: { seed?: boolean } = {}): Promise<{ t: TestApp; h: Harness }> {
  const t = await createTestApp({
    ...(opts.seed ? { seed: true } : {}),
    env: { TRUST_PROXY: 'true', RATE_LIMIT_WRITES_PER_MINUTE: '100000' },
  });
  return { t, h: accountsHarness(t) };
}

/** A catalogue message in the site's language. */
export const msgOf = (site: Site, key: string, vars?: Record<string, unknown>) =>
  translate(site === 'protal' ? 'zh' : 'en', key, vars);

export interface StaffCast {
  /** The admin role on every site. */
  admin: TestMember;
  /** Holds only `manage`, on `siteId`. */
  staff: TestMember;
  /** Staff of another screen, with other permissions (and admin.access). */
  sideStaff: TestMember;
  /** Holds `manage` on the other site only. */
  otherSiteStaff: TestMember;
  member: TestMember;
  /** Moderates a board of `siteId`. */
  moderator: TestMember;
  /** An admin banned for a day, whose session stays live. */
  bannedAdmin: TestMember;
}

/**
 * The people a back-office screen's tests need: who may manage it on one site, and everyone who
 * may not (a member, a moderator, staff of another screen, the other site's staff, a banned admin).
 */
export async function makeStaffCast(
  h: Harness,
  opts: { manage: Permission; siteId: 1 | 2; sideStaff: { permissions: Permission[]; siteId?: number | null } },
): Promise<StaffCast> {
  const db = h.t.database.db;
  const admin = await makeStaff(h, { nick: 'Chief' });
  const staff = await makeStaff(h, { permissions: [opts.manage], siteId: opts.siteId });
  const sideStaff = await makeStaff(h, opts.sideStaff);
  const otherSiteStaff = await makeStaff(h, { permissions: [opts.manage], siteId: opts.siteId === 1 ? 2 : 1 });
  const member = await h.registerMember({ nick: 'Plain' });
  const moderator = await makeModerator(h, await makeBoard(db, opts.siteId), opts.siteId);
  const bannedAdmin = await makeStaff(h);
  await banDirectly(db, bannedAdmin.id, Date.now() + 86_400_000, 'spam');
  return { admin, staff, sideStaff, otherSiteStaff, member, moderator, bannedAdmin };
}

/**
 * Every call refuses a visitor on both sites (401, in the envelope), each of `outsiders` on both
 * sites (403), and `otherSiteStaff` on `otherSite`, the site they do not work for (403 forbidden).
 */
export async function expectRefusedToOutsiders(
  h: Harness,
  calls: ReadonlyArray<readonly [string, unknown]>,
  who: { outsiders: TestMember[]; otherSiteStaff: TestMember; otherSite: Site },
): Promise<void> {
  for (const [path, body] of calls) {
    for (const site of ['protal', 'protal_en'] as const) {
      const visitor = await staffCall(h, site, path, body);
      expect(visitor.statusCode, `${path} visitor`).toBe(401);
      expect(visitor.json(), path).toEqual({ status: 401, msg: msgOf(site, 'errors.unauthorized'), data: null });
      for (const outsider of who.outsiders) {
        const res = await staffCall(h, site, path, body, outsider);
        expect(res.statusCode, `${path} ${outsider.id}`).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, data: null });
      }
    }
    const other = await staffCall(h, who.otherSite, path, body, who.otherSiteStaff);
    expect(other.statusCode, `${path} other site`).toBe(403);
    expect(other.json()).toEqual({ status: 403, msg: msgOf(who.otherSite, 'errors.forbidden'), data: null });
  }
}
