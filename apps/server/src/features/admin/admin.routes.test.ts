import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@portal/contracts/admin';
import { PERMISSION_LIST } from '@portal/contracts/permissions';
import { REQUEST_HEADERS } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { grantDirectly, makeRole, staffTestApp } from '../../../test/roles-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
});
afterAll(async () => t?.close());

const CONTEXT = '/admin/context';
const DASHBOARD = '/admin/dashboard';
const DAY = 86_400_000;
type ContextData = { sites: Array<{ tws_id: number; permissions: string[] }> };

const call = (site: Site, path: string, body: unknown, as?: TestMember) =>
  h.call(site, path, body, { ...(as ? { as } : {}), ip: h.freshIp() });

const grant = (member: TestMember, role: string, site: number | null = null, scope: number | null = null) =>
  grantDirectly(t.database.db, member.id, role, site, scope);

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
    await grant(editor, await makeRole(t.database.db, ['admin.access', 'audit.read']), 1);
    const both = (await call('protal_en', CONTEXT, {}, editor)).json().data as ContextData;
    expect(both.sites.map((s) => s.tws_id)).toEqual([1, 2]);
    expect(both.sites[0]!.permissions).toContain('audit.read');
    expect(both.sites[0]!.permissions).not.toContain('review.journal');
    expect(both.sites[1]!.permissions).not.toContain('audit.read');
  });

  it('refuses a role without admin.access even when it carries other staff permissions', async () => {
    const member = await h.registerMember();
    await grant(member, await makeRole(t.database.db, ['audit.read']));
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

describe('admin.dashboard', () => {
  let admin: TestMember;
  let author: TestMember;
  beforeAll(async () => {
    admin = await h.registerMember({ nick: 'Dash' });
    await grant(admin, 'admin');
    author = await h.registerMember();
  });

  const dashboard = async (site: Site, offsetMinutes?: number) => {
    const res = await h.call(
      site,
      DASHBOARD,
      {},
      {
        as: admin,
        ip: h.freshIp(),
        ...(offsetMinutes === undefined
          ? {}
          : { headers: { [REQUEST_HEADERS.timeZoneOffset]: String(offsetMinutes) } }),
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AdminDashboard;
  };
  const trendAt = (trend: AdminDashboard['trends']['posts'], day: string) => trend.find((e) => e.day === day)?.count;
  const dayOf = (time: number, offsetMinutes: number) =>
    new Date(time + offsetMinutes * 60_000).toISOString().slice(0, 10);

  async function addPost(siteId: number, createdAt: number, status = 20) {
    await t.database.db
      .insertInto('posts')
      .values({
        site_id: siteId,
        author_id: author.id,
        title: 'Dashboard post',
        content_html: '<p>x</p>',
        status,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  }

  it('refuses a visitor, a member, a board moderator, staff of the other site only and a banned admin', async () => {
    expect((await call('protal', DASHBOARD, {})).statusCode).toBe(401);
    const member = await h.registerMember();
    expect((await call('protal', DASHBOARD, {}, member)).statusCode).toBe(403);
    const moderator = await h.registerMember();
    await grant(moderator, 'moderator', 1, 4);
    expect((await call('protal', DASHBOARD, {}, moderator)).statusCode).toBe(403);
    const editor = await h.registerMember();
    await grant(editor, 'editor', 2);
    const refused = await call('protal', DASHBOARD, {}, editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, data: null });
    expect((await call('protal_en', DASHBOARD, {}, editor)).statusCode).toBe(200);

    const banned = await h.registerMember();
    await grant(banned, 'admin');
    await t.database.db
      .updateTable('users')
      .set({ banned_until: Date.now() + DAY, ban_reason: 'test' })
      .where('id', '=', banned.id)
      .execute();
    expect((await call('protal', DASHBOARD, {}, banned)).statusCode).toBe(403);
  });

  it('answers 400/40001 for a body with fields, and stays up', async () => {
    for (const body of [{ days: 7 }, [1], 'x']) {
      const res = await call('protal', DASHBOARD, body, admin);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001 });
    }
    expect((await call('protal', DASHBOARD, {}, admin)).statusCode).toBe(200);
  });

  it('counts 30 days of new members (both sites) and new posts (this site) by day, oldest first', async () => {
    const before = await dashboard('protal', 0);
    expect(before.trends.members).toHaveLength(30);
    expect(before.trends.posts).toHaveLength(30);
    const today = dayOf(Date.now(), 0);
    expect(before.trends.posts.at(-1)!.day).toBe(today);
    expect(before.trends.posts[0]!.day).toBe(dayOf(Date.now() - 29 * DAY, 0));

    const now = Date.now();
    await addPost(1, now - 3 * DAY);
    await addPost(1, now - 3 * DAY, 10); // pending review: still a new post
    await addPost(1, now - 40 * DAY); // before the window
    await addPost(2, now - 3 * DAY); // the other site
    await h.registerMember();
    await h.registerMember();
    const after = await dashboard('protal', 0);
    const day = dayOf(now - 3 * DAY, 0);
    expect(trendAt(after.trends.posts, day)).toBe(trendAt(before.trends.posts, day)! + 2);
    expect(after.posts).toBe(before.posts + 2); // published ones, whenever they were written
    expect(trendAt(after.trends.members, today)! - trendAt(before.trends.members, today)!).toBeGreaterThanOrEqual(2);
    expect(after.members.total - before.members.total).toBeGreaterThanOrEqual(2);
    expect(after.members.new_7d).toBe(after.trends.members.slice(-7).reduce((n, e) => n + e.count, 0));
    expect(after.members.new_30d).toBe(after.trends.members.reduce((n, e) => n + e.count, 0));

    // The English site sees its own post only; members are the same accounts.
    const english = await dashboard('protal_en', 0);
    expect(english.members.total).toBe(after.members.total);
    expect(trendAt(english.trends.posts, day)).toBeGreaterThanOrEqual(1);
  });

  it('cuts days in the time zone of the request (spec 7 header), else the site’s', async () => {
    // 23:30 UTC yesterday is already today in Shanghai (UTC+8).
    const utcMidnight = Math.floor(Date.now() / DAY) * DAY;
    const late = utcMidnight - 30 * 60_000;
    const beforeUtc = await dashboard('protal_en', 0);
    const beforeShanghai = await dashboard('protal_en', 480);
    await addPost(2, late);
    const afterUtc = await dashboard('protal_en', 0);
    const afterShanghai = await dashboard('protal_en', 480);
    const utcDay = dayOf(late, 0);
    const shanghaiDay = dayOf(late, 480);
    expect(utcDay).not.toBe(shanghaiDay);
    expect(trendAt(afterUtc.trends.posts, utcDay)).toBe(trendAt(beforeUtc.trends.posts, utcDay)! + 1);
    expect(trendAt(afterShanghai.trends.posts, shanghaiDay)).toBe(
      trendAt(beforeShanghai.trends.posts, shanghaiDay)! + 1,
    );
    expect(afterShanghai.trends.posts.at(-1)!.day).toBe(dayOf(Date.now(), 480));

    // Without the header the Chinese site counts in Shanghai time.
    const zh = await dashboard('protal');
    expect(zh.trends.posts.at(-1)!.day).toBe(dayOf(Date.now(), 480));
  });

  it('counts review queues, events, open feedback and recent messages of the managed site', async () => {
    const before = await dashboard('protal', 0);
    const other = await dashboard('protal_en', 0);
    const now = Date.now();
    const db = t.database.db;
    const topic = await db
      .insertInto('topics')
      .values({ site_id: 1, title: 'Dashboard topic', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const article = (status: number, siteId = 1) => ({
      site_id: siteId,
      topic_id: topic.id,
      author_id: author.id,
      title: 'A',
      content_html: '<p>a</p>',
      status,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('topic_articles')
      .values([article(10), article(10), article(20), article(30), article(10, 2)])
      .execute();
    await db
      .insertInto('activities')
      .values({
        site_id: 1,
        title: 'Meetup',
        starts_at: now,
        ends_at: now + DAY,
        signup_starts_at: now - DAY,
        signup_ends_at: now,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('feedback')
      .values([
        { site_id: 1, user_id: author.id, content: 'open', status: 10, created_at: now },
        { site_id: 1, user_id: author.id, content: 'done', status: 20, created_at: now },
        { site_id: 2, user_id: author.id, content: 'other site', status: 10, created_at: now },
      ])
      .execute();
    await db
      .insertInto('messages')
      .values([
        { user_id: author.id, site_id: 1, kind: 'follow', created_at: now },
        { user_id: author.id, site_id: null, kind: 'broadcast', created_at: now },
        { user_id: author.id, site_id: 2, kind: 'follow', created_at: now },
        { user_id: author.id, site_id: 1, kind: 'follow', created_at: now - 45 * DAY },
      ])
      .execute();

    const after = await dashboard('protal', 0);
    expect(after.articles_pending - before.articles_pending).toBe(2);
    expect(after.articles_approved - before.articles_approved).toBe(1);
    expect(after.events - before.events).toBe(1);
    expect(after.feedback_open - before.feedback_open).toBe(1);
    expect(after.messages_30d - before.messages_30d).toBe(2);
    const otherAfter = await dashboard('protal_en', 0);
    expect(otherAfter.articles_pending - other.articles_pending).toBe(1);
    expect(otherAfter.feedback_open - other.feedback_open).toBe(1);
    expect(otherAfter.messages_30d - other.messages_30d).toBe(2);
    expect(otherAfter.events).toBe(other.events);
  });
});
