import type { AuditAction, AuditTargetKind } from '@portal/contracts/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@portal/contracts/admin';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { grantDirectly, makeRole, staffCall, staffTestApp } from '../../../test/roles-harness';
import { recordAudit } from './audit.service';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
});
afterAll(async () => t?.close());

const LIST = '/admin/audit/list';
const ACTIONS = '/admin/audit/actions';
type Page = { list: AuditEntry[]; next_cursor: string | null };

/**
 * Staff calls without the harness's privacy check: the log shows staff the states staff recorded,
 * which may hold members' contact details on purpose.
 */
const call = (site: Site, path: string, body: unknown, as?: TestMember) => staffCall(h, site, path, body, as);

const grant = (member: TestMember, role: string, site: number | null = null, scope: number | null = null) =>
  grantDirectly(t.database.db, member.id, role, site, scope);

let auditorRole: Promise<string> | undefined;
/** A member holding only a custom role with audit.read (and admin.access) on one site. */
async function auditor(site: number): Promise<TestMember> {
  auditorRole ??= makeRole(t.database.db, ['admin.access', 'audit.read'], 'auditor');
  const member = await h.registerMember({ nick: 'Auditor' });
  await grant(member, await auditorRole, site);
  return member;
}

let domainSerial = 0;
/** An action domain no other test uses, so each test reads only its own entries. */
const freshDomain = () => `t${Date.now().toString(36)}${(domainSerial += 1)}`;

async function record(entry: {
  actorId: number | null;
  siteId: number | null;
  action: string;
  targetKind?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  now?: number;
}) {
  await recordAudit(t.database.db, {
    actorId: entry.actorId as number,
    siteId: entry.siteId,
    // Made-up codes on purpose: the filters are tested on domains no other test writes.
    action: entry.action as AuditAction,
    targetKind: (entry.targetKind ?? 'user') as AuditTargetKind,
    targetId: entry.targetId ?? 1,
    before: entry.before,
    after: entry.after,
    request: { ip: '203.0.113.9', id: 'req-abc-123' },
    now: entry.now ?? Date.now(),
  });
}

async function list(site: Site, body: Record<string, unknown>, as: TestMember): Promise<Page> {
  const res = await call(site, LIST, body, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Page;
}

/** Every page of a filter, following next_cursor. */
async function all(site: Site, body: Record<string, unknown>, as: TestMember): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = await list(site, { ...body, ...(cursor ? { cursor } : {}) }, as);
    entries.push(...page.list);
    cursor = page.next_cursor;
  } while (cursor);
  return entries;
}

let admin: TestMember;
beforeAll(async () => {
  admin = await h.registerMember({ nick: 'Chief' });
  await grant(admin, 'admin');
});

describe('who may read the audit log', () => {
  it('refuses a visitor (401), a member, a board moderator and an editor without audit.read (403)', async () => {
    for (const path of [LIST, ACTIONS]) {
      const visitor = await call('protal', path, {});
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ status: 401, data: null });
    }
    const member = await h.registerMember();
    const moderator = await h.registerMember();
    await grant(moderator, 'moderator', 1, 5);
    const editor = await h.registerMember();
    await grant(editor, 'editor', 1);
    for (const who of [member, moderator, editor]) {
      for (const path of [LIST, ACTIONS]) {
        const res = await call('protal', path, {}, who);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, data: null });
      }
    }
  });

  it('lets an auditor of one site read that site only, and refuses a banned admin', async () => {
    const english = await auditor(2);
    expect((await call('protal_en', LIST, {}, english)).statusCode).toBe(200);
    expect((await call('protal_en', ACTIONS, {}, english)).statusCode).toBe(200);
    expect((await call('protal', LIST, {}, english)).statusCode).toBe(403);
    expect((await call('protal', ACTIONS, {}, english)).statusCode).toBe(403);

    const banned = await h.registerMember();
    await grant(banned, 'admin');
    await t.database.db
      .updateTable('users')
      .set({ banned_until: Date.now() + 86_400_000, ban_reason: 'test' })
      .where('id', '=', banned.id)
      .execute();
    expect((await call('protal', LIST, {}, banned)).statusCode).toBe(403);
  });

  it('refuses bad filters with 400/40001 naming the field, and stays up', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ actor_id: 0 }, 'actor_id'],
      [{ actor_id: -3 }, 'actor_id'],
      [{ actor_id: 1.5 }, 'actor_id'],
      [{ actor_id: '7' }, 'actor_id'],
      [{ action: 'User.ban' }, 'action'],
      [{ action: 'user ban' }, 'action'],
      [{ action: 'user.%' }, 'action'],
      [{ action: '.user' }, 'action'],
      [{ action: `a${'b'.repeat(64)}` }, 'action'],
      [{ target_kind: 'Bad Kind' }, 'target_kind'],
      [{ target_id: '5' }, 'target_id'],
      [{ target_kind: 'user', target_id: '' }, 'target_id'],
      [{ target_kind: 'user', target_id: 'x'.repeat(65) }, 'target_id'],
      [{ from: 10, to: 10 }, 'to'],
      [{ from: 20, to: 10 }, 'to'],
      [{ from: -1 }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ limit: 51 }, 'limit'],
      [{ limit: 0 }, 'limit'],
      [{ site_id: 2 }, 'site_id'],
    ];
    for (const [body, field] of cases) {
      const res = await call('protal', LIST, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const envelope = res.json();
      expect(envelope).toMatchObject({ status: 40001 });
      expect(JSON.stringify(envelope.data), JSON.stringify(body)).toContain(field);
    }
    const forged = await call('protal', LIST, { cursor: 'not-a-cursor' }, admin);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: 40001 });
    expect((await call('protal', ACTIONS, { action: 'x' }, admin)).statusCode).toBe(400);
    expect((await call('protal', LIST, {}, admin)).statusCode).toBe(200);
  });
});

describe('reading the audit log', () => {
  it('shows the managed site’s entries and the portal-wide ones, newest first, with actor and states', async () => {
    const d = freshDomain();
    const base = Date.now() - 10_000;
    await record({
      actorId: admin.id,
      siteId: 1,
      action: `${d}.update`,
      targetKind: 'banner',
      targetId: 7,
      before: { title: 'Old', sort: 1 },
      after: { title: 'New', sort: 1 },
      now: base,
    });
    await record({
      actorId: admin.id,
      siteId: null,
      action: `${d}.grant`,
      targetKind: 'user',
      targetId: 42,
      after: { role: 'editor' },
      now: base + 1,
    });
    await record({
      actorId: admin.id,
      siteId: 2,
      action: `${d}.update`,
      targetKind: 'banner',
      targetId: 8,
      now: base + 2,
    });

    const zh = await all('protal', { action: `${d}.` }, admin);
    expect(zh.map((e) => [e.action, e.site_id])).toEqual([
      [`${d}.grant`, null],
      [`${d}.update`, 1],
    ]);
    const [grantEntry, updateEntry] = zh;
    expect(updateEntry).toMatchObject({
      actor: { user_id: admin.id, user_nick_name: 'Chief' },
      target_kind: 'banner',
      target_id: '7',
      before: { title: 'Old', sort: 1 },
      after: { title: 'New', sort: 1 },
      ip: '203.0.113.9',
      request_id: 'req-abc-123',
      created_at: new Date(base).toISOString(),
    });
    expect(grantEntry!.before).toBeNull();
    expect(grantEntry!.after).toEqual({ role: 'editor' });

    const en = await all('protal_en', { action: `${d}.` }, admin);
    expect(en.map((e) => [e.action, e.site_id])).toEqual([
      [`${d}.update`, 2],
      [`${d}.grant`, null],
    ]);
  });

  it('filters by actor, exact action, domain prefix, target and time, combined', async () => {
    const d = freshDomain();
    const other = await h.registerMember({ nick: 'Other' });
    const base = Date.now() - 60_000;
    await record({ actorId: admin.id, siteId: 1, action: `${d}.ban`, targetKind: 'user', targetId: 5, now: base });
    await record({
      actorId: other.id,
      siteId: 1,
      action: `${d}.unban`,
      targetKind: 'user',
      targetId: 5,
      now: base + 1000,
    });
    await record({
      actorId: admin.id,
      siteId: 1,
      action: `${d}.ban`,
      targetKind: 'user',
      targetId: 6,
      now: base + 2000,
    });
    await record({
      actorId: admin.id,
      siteId: 1,
      action: `${d}x.ban`,
      targetKind: 'post',
      targetId: 5,
      now: base + 3000,
    });
    await record({ actorId: admin.id, siteId: 1, action: `${d}`, targetKind: 'user', targetId: 5, now: base + 4000 });

    const actions = async (body: Record<string, unknown>) => (await all('protal', body, admin)).map((e) => e.action);
    // A prefix ends with a dot: the domain's actions, not a longer domain or the bare word.
    expect(await actions({ action: `${d}.` })).toEqual([`${d}.ban`, `${d}.unban`, `${d}.ban`]);
    expect(await actions({ action: `${d}.ban` })).toEqual([`${d}.ban`, `${d}.ban`]);
    expect(await actions({ action: `${d}.ban`, target_kind: 'user', target_id: '6' })).toEqual([`${d}.ban`]);
    expect(await actions({ action: `${d}.`, actor_id: other.id })).toEqual([`${d}.unban`]);
    expect(await actions({ action: `${d}.`, target_kind: 'user' })).toHaveLength(3);
    expect(await actions({ target_kind: 'post', target_id: '5', action: `${d}x.` })).toEqual([`${d}x.ban`]);
    expect(await actions({ action: `${d}.`, from: base + 1000, to: base + 2000 })).toEqual([`${d}.unban`]);
    expect(await actions({ action: `${d}.`, from: base + 1000 })).toEqual([`${d}.ban`, `${d}.unban`]);
    expect(await actions({ action: `${d}.`, to: base + 1 })).toEqual([`${d}.ban`]);
    expect(await actions({ action: `${d}.`, actor_id: 2_000_000_000 })).toEqual([]);
  });

  it('treats _ in a prefix as itself, not as a LIKE wildcard', async () => {
    const d = freshDomain();
    await record({ actorId: admin.id, siteId: 1, action: `${d}_a.x` });
    await record({ actorId: admin.id, siteId: 1, action: `${d}ba.x` });
    expect((await all('protal', { action: `${d}_a.` }, admin)).map((e) => e.action)).toEqual([`${d}_a.x`]);
  });

  it('pages by keyset: every entry once, in order, whatever the page size', async () => {
    const d = freshDomain();
    for (let i = 0; i < 7; i += 1)
      await record({ actorId: admin.id, siteId: i % 2 ? null : 1, action: `${d}.step`, targetId: i });
    const first = await list('protal', { action: `${d}.`, limit: 3 }, admin);
    expect(first.list).toHaveLength(3);
    expect(first.next_cursor).toEqual(expect.any(String));
    for (const limit of [1, 2, 3, 7, 50]) {
      const entries = await all('protal', { action: `${d}.`, limit }, admin);
      expect(entries.map((e) => e.target_id)).toEqual(['6', '5', '4', '3', '2', '1', '0']);
    }
    const exact = await list('protal', { action: `${d}.`, limit: 7 }, admin);
    expect(exact.next_cursor).toBeNull();
  });

  it('shows an entry whose actor was deleted without an actor, and a non-JSON state as text', async () => {
    const d = freshDomain();
    const gone = await h.registerMember();
    await record({ actorId: gone.id, siteId: 1, action: `${d}.x` });
    await t.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    await t.database.db
      .insertInto('audit_log')
      .values({
        actor_id: admin.id,
        site_id: 1,
        action: `${d}.y`,
        target_kind: 'page',
        before_json: 'not json',
        created_at: Date.now(),
      })
      .execute();
    const entries = await all('protal', { action: `${d}.` }, admin);
    expect(entries.map((e) => [e.action, e.actor, e.before])).toEqual([
      [`${d}.y`, { user_id: admin.id, user_nick_name: 'Chief' }, 'not json'],
      [`${d}.x`, null, null],
    ]);
  });

  it('lists the action names and target kinds of the site and the portal-wide entries, for the filters', async () => {
    const d = freshDomain();
    await record({ actorId: admin.id, siteId: 1, action: `${d}.one`, targetKind: `k${d}` });
    await record({ actorId: admin.id, siteId: null, action: `${d}.two` });
    await record({ actorId: admin.id, siteId: 2, action: `${d}.three`, targetKind: `j${d}` });
    const res = await call('protal', ACTIONS, {}, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { actions, target_kinds } = res.json().data as { actions: string[]; target_kinds: string[] };
    expect(actions).toEqual(expect.arrayContaining([`${d}.one`, `${d}.two`]));
    expect(actions).not.toContain(`${d}.three`);
    expect(target_kinds).toContain(`k${d}`);
    expect(target_kinds).not.toContain(`j${d}`);
    expect([...actions].sort()).toEqual(actions);
  });
});
