import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastInputSchema, type Message } from '@portal/contracts/messages';
import type { TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { grantDirectly, staffTestApp } from '../../../test/roles-harness';
import { broadcast, listBroadcasts, notify } from './messages.service';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
});
afterAll(async () => t?.close());

const LIST = '/api/index/frontMsgList';
const READ = '/frontmessage/edit';
const LANG = { protal: 'zh', protal_en: 'en' } as const;

interface ListData {
  userFrontMsgList: Message[];
  noReadArr: Message[];
  no_read_count: number;
  next_cursor: string | null;
}

const list = (site: Site, as: TestMember, body: unknown = {}) => h.call(site, LIST, body, { as });
const read = (site: Site, as: TestMember, body: unknown) => h.call(site, READ, body, { as });

async function listData(site: Site, as: TestMember, body: unknown = {}): Promise<ListData> {
  const res = await list(site, as, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ListData;
}

/** Every message a member sees on a site, walking the pages. */
async function walk(site: Site, as: TestMember, pageSize: number): Promise<Message[]> {
  const seen: Message[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const data = await listData(site, as, { page_size: pageSize, ...(cursor ? { cursor } : {}) });
    expect(data.userFrontMsgList.length).toBeLessThanOrEqual(pageSize);
    seen.push(...data.userFrontMsgList);
    if (!data.next_cursor) return seen;
    cursor = data.next_cursor;
  }
  throw new Error('too many pages');
}

/** The member's rows as the database holds them. */
async function rows(userId: number) {
  return t.database.db
    .selectFrom('messages')
    .select(['id', 'site_id', 'kind', 'params', 'title', 'status', 'read_at', 'broadcast_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** Unread rows shown on a site, counted in plain JavaScript from the table. */
async function unreadOn(userId: number, siteId: number) {
  return (await rows(userId)).filter((r) => r.status === 1 && (r.site_id === null || r.site_id === siteId)).length;
}

/** `n` follow messages from made-up followers, on the given site (null: both). */
async function seedFollows(userId: number, n: number, siteId: number | null = null, nick = 'Follower') {
  for (let i = 0; i < n; i++) {
    await notify(t.database.db, userId, { kind: 'follow', params: { nick: `${nick} ${i}` }, siteId });
  }
}

async function addUser(key: string, fields: { status?: number; banned_until?: number | null } = {}) {
  const now = Date.now();
  const row = await t.database.db
    .insertInto('users')
    .values({
      email: `${key}.${now}.${Math.random().toString(36).slice(2)}@test.example.com`,
      mobile: null,
      nick_name: key,
      password_hash: null,
      industry_id: null,
      status: fields.status ?? 1,
      banned_until: fields.banned_until ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const grant = (userId: number, role: string, siteId: number | null) =>
  grantDirectly(t.database.db, userId, role, siteId);

/** Who a broadcast should reach, worked out from the tables in plain JavaScript. */
async function expectedRecipients(now: number, filter: (id: number) => boolean = () => true) {
  const users = await t.database.db.selectFrom('users').select(['id', 'status', 'banned_until']).execute();
  return users
    .filter((u) => u.status === 1 && (u.banned_until === null || Number(u.banned_until) <= now))
    .map((u) => u.id)
    .filter(filter)
    .sort((a, b) => a - b);
}

async function recipientsOf(broadcastId: number) {
  const found = await t.database.db
    .selectFrom('messages')
    .select('user_id')
    .where('broadcast_id', '=', broadcastId)
    .orderBy('user_id')
    .execute();
  return found.map((r) => r.user_id);
}

describe('access', () => {
  it('answers 401 to a visitor on both calls, in the site language', async () => {
    for (const site of ['protal', 'protal_en'] as const) {
      for (const [path, body] of [
        [LIST, {}],
        [READ, { read_all: 1 }],
      ] as const) {
        const res = await h.call(site, path, body);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ status: 401, msg: translate(LANG[site], 'errors.unauthorized'), data: null });
      }
    }
  });
});

describe('the message list', () => {
  it('is empty for a new member', async () => {
    const a = await h.registerMember();
    const res = await list('protal', a);
    expect(res.json()).toEqual({
      status: 200,
      msg: translate('zh', 'api.ok'),
      data: { userFrontMsgList: [], noReadArr: [], no_read_count: 0, next_cursor: null },
    });
  });

  it("pages through the site's messages and those for both sites, newest first, with the exact unread count", async () => {
    const a = await h.registerMember();
    await seedFollows(a.id, 12, null, 'Both');
    await seedFollows(a.id, 14, 1, 'Zh');
    await seedFollows(a.id, 9, 2, 'En');
    // Some read already: the count and noReadArr leave them out, the list keeps them.
    const mine = await rows(a.id);
    const readIds = mine.filter((_, i) => i % 4 === 0).map((r) => r.id);
    await t.database.db
      .updateTable('messages')
      .set({ status: 2, read_at: Date.now() })
      .where('id', 'in', readIds)
      .execute();

    for (const [site, siteId] of [
      ['protal', 1],
      ['protal_en', 2],
    ] as const) {
      const expected = (await rows(a.id)).filter((r) => r.site_id === null || r.site_id === siteId).reverse();
      const seen = await walk(site, a, 7);
      expect(seen.map((m) => m.tfm_id)).toEqual(expected.map((r) => r.id));
      expect(seen.map((m) => m.tfm_status)).toEqual(expected.map((r) => r.status));
      const first = await listData(site, a);
      expect(first.userFrontMsgList).toHaveLength(15);
      expect(first.no_read_count).toBe(await unreadOn(a.id, siteId));
      const unread = expected.filter((r) => r.status === 1);
      expect(first.noReadArr.map((m) => m.tfm_id)).toEqual(unread.slice(0, 20).map((r) => r.id));
      expect(first.noReadArr.every((m) => m.tfm_status === 1)).toBe(true);
    }
  });

  it("never shows another member's messages", async () => {
    const [a, b] = [await h.registerMember(), await h.registerMember()];
    await seedFollows(b.id, 3);
    const data = await listData('protal_en', a);
    expect(data).toMatchObject({ userFrontMsgList: [], no_read_count: 0 });
  });

  it('words system messages in the reader’s language: zh on /api/protal, en on /api/protal_en', async () => {
    const a = await h.registerMember();
    const until = Date.UTC(2030, 0, 2, 3, 4);
    await notify(t.database.db, a.id, { kind: 'follow', params: { nick: 'Ada', user_id: 1 } });
    await notify(t.database.db, a.id, { kind: 'role_granted', params: { role: 'moderator' }, url: '/cn/discuss' });
    await notify(t.database.db, a.id, { kind: 'role_revoked', params: { role: 'custom_staff' } });
    await notify(t.database.db, a.id, { kind: 'banned', params: { until, reason: 'Spam <b>links</b>' } });
    await notify(t.database.db, a.id, { kind: 'unbanned' });

    const zh = (await listData('protal', a)).userFrontMsgList.reverse();
    const en = (await listData('protal_en', a)).userFrontMsgList.reverse();
    expect(zh.map((m) => [m.tfm_kind, m.tfm_title, m.tfm_content])).toEqual([
      ['follow', '新的关注', 'Ada 关注了你'],
      ['role_granted', '你获得了新角色', '你已被授予“版主”角色，相应的权限即刻生效。'],
      ['role_revoked', '你的角色已变更', '你的“custom_staff”角色已被撤销。'],
      ['banned', '账号已被封禁', '你的账号已被封禁至 2030-01-02 11:04，原因：Spam <b>links</b>'],
      ['unbanned', '账号已解除封禁', '你的账号已解除封禁，欢迎回来。'],
    ]);
    expect(en.map((m) => [m.tfm_title, m.tfm_content])).toEqual([
      ['New follower', 'Ada followed you'],
      ['You have a new role', 'You have been given the role "Moderator". Its permissions apply at once.'],
      ['Your role has changed', 'Your role "custom_staff" has been removed.'],
      ['Your account is banned', 'Your account is banned until 2 Jan 2030, 03:04. Reason: Spam <b>links</b>'],
      ['Your account is no longer banned', 'The ban on your account has been lifted. Welcome back.'],
    ]);
    // The reader's zone when the request names one (the spec-7 header, else the page's cookie).
    const inZone = async (headers: Record<string, string>) => {
      const res = await t.call(
        '/api/protal_en/api/index/frontMsgList',
        {},
        {
          headers: { cookie: `accessToken=${a.token}`, ...headers },
        },
      );
      const banned = (res.json().data as ListData).userFrontMsgList.find((m) => m.tfm_kind === 'banned');
      return banned?.tfm_content;
    };
    expect(await inZone({ 'time-zone-name': 'Asia/Shanghai' })).toContain('until 2 Jan 2030, 11:04.');
    expect(await inZone({ cookie: `accessToken=${a.token}; timeZone=America/New_York` })).toContain(
      'until 1 Jan 2030, 22:04.',
    );
    expect(await inZone({ 'time-zone-name': 'Not/AZone' })).toContain('until 2 Jan 2030, 03:04.');
    expect(zh[1]).toMatchObject({ tfm_url: '/cn/discuss', tfm_status: 1 });
    expect(zh[0]!.create_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Only the parameters are stored: the words are the catalogue's.
    expect((await rows(a.id)).map((r) => r.title)).toEqual(['', '', '', '', '']);
  });

  it('refuses bad paging input with 40001 naming the field', async () => {
    const a = await h.registerMember();
    for (const [body, field] of [
      [{ page_size: 0 }, 'page_size'],
      [{ page_size: 51 }, 'page_size'],
      [{ page_size: '15' }, 'page_size'],
      [{ page_size: 2.5 }, 'page_size'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ cursor: 5 }, 'cursor'],
      [{ limit: 5 }, 'limit'],
    ] as const) {
      const res = await list('protal_en', a, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ status: 40001, data: { field } });
    }
    expect((await list('protal_en', a)).statusCode).toBe(200);
  });
});

describe('marking messages read', () => {
  it('marks one read, answers the unread count left and a sentence for the toast', async () => {
    const a = await h.registerMember();
    await seedFollows(a.id, 3);
    const [first, second] = await rows(a.id);
    for (const [site, expected] of [
      ['protal', 2],
      ['protal_en', 2],
    ] as const) {
      const res = await read(site, a, { tfm_id: first!.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 200,
        msg: translate(LANG[site], 'messages.markedRead'),
        data: { no_read_count: expected },
      });
    }
    const after = await rows(a.id);
    expect(after.map((r) => r.status)).toEqual([2, 1, 1]);
    expect(after[0]!.read_at).not.toBeNull();
    const shown = (await listData('protal', a)).userFrontMsgList;
    expect(shown.find((m) => m.tfm_id === first!.id)?.tfm_status).toBe(2);
    expect(shown.find((m) => m.tfm_id === second!.id)?.tfm_status).toBe(1);
  });

  it('marks every unread message of the site read, and leaves the other site’s', async () => {
    const a = await h.registerMember();
    await seedFollows(a.id, 4, null);
    await seedFollows(a.id, 3, 1);
    await seedFollows(a.id, 2, 2);
    const res = await read('protal', a, { read_all: 1 });
    expect(res.json()).toEqual({
      status: 200,
      msg: translate('zh', 'messages.allMarkedRead'),
      data: { no_read_count: 0 },
    });
    expect(await unreadOn(a.id, 1)).toBe(0);
    expect(await unreadOn(a.id, 2)).toBe(2);
    const en = await listData('protal_en', a);
    expect(en.no_read_count).toBe(2);
    expect(en.noReadArr).toHaveLength(2);
    const again = await read('protal_en', a, { read_all: 1 });
    expect(again.json()).toEqual({ status: 200, msg: 'All messages marked as read', data: { no_read_count: 0 } });
  });

  it("answers 404 for someone else's message, an unknown one and one of the other site, and changes nothing", async () => {
    const [a, b] = [await h.registerMember(), await h.registerMember()];
    await seedFollows(a.id, 1);
    await seedFollows(b.id, 1);
    await seedFollows(a.id, 1, 2);
    const [theirs] = await rows(b.id);
    const [, otherSite] = await rows(a.id);
    for (const id of [theirs!.id, 987_654_321, otherSite!.id]) {
      for (const site of ['protal', 'protal_en'] as const) {
        if (id === otherSite!.id && site === 'protal_en') continue;
        const res = await read(site, a, { tfm_id: id });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ status: 404, msg: translate(LANG[site], 'messages.notFound'), data: null });
      }
    }
    expect((await rows(b.id)).map((r) => r.status)).toEqual([1]);
    expect((await rows(a.id)).map((r) => r.status)).toEqual([1, 1]);
  });

  it('reading a read message again is fine and counts nothing twice', async () => {
    const a = await h.registerMember();
    await seedFollows(a.id, 2);
    const [first] = await rows(a.id);
    for (let i = 0; i < 3; i++) {
      expect((await read('protal_en', a, { tfm_id: first!.id })).json().data).toEqual({ no_read_count: 1 });
    }
  });

  it('refuses every body that is not exactly one of tfm_id or read_all: 1, and changes nothing', async () => {
    const a = await h.registerMember();
    await seedFollows(a.id, 2);
    const [first] = await rows(a.id);
    const id = first!.id;
    const bodies: unknown[] = [
      {},
      { tfm_id: id, read_all: 1 },
      { tfm_id: String(id) },
      { tfm_id: -id },
      { tfm_id: 0 },
      { tfm_id: 1.5 },
      { tfm_id: null },
      { read_all: 0 },
      { read_all: '1' },
      { read_all: true },
      { read_all: 2 },
      { tfm_id: id, note: 'x' },
      { read_all: 1, user_id: 1 },
      { tfm_ids: [id] },
      [],
      [{ tfm_id: id }],
      'read_all=1',
      null,
    ];
    for (const body of bodies) {
      for (const site of ['protal', 'protal_en'] as const) {
        const res = await h.call(site, READ, body === null ? 'null' : body, { as: a });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        const json = res.json();
        expect(json.status, JSON.stringify(body)).toBe(40001);
        expect(typeof json.msg).toBe('string');
        expect(json.msg.length).toBeGreaterThan(0);
      }
    }
    for (const site of ['protal', 'protal_en'] as const) {
      for (const body of [{}, { tfm_id: id, read_all: 1 }]) {
        const lang = LANG[site];
        expect((await h.call(site, READ, body, { as: a })).json()).toEqual({
          status: 40001,
          msg: translate(lang, 'errors.validation', {
            field: 'body',
            reason: translate(lang, 'messages.readBodyRule'),
          }),
          data: { field: 'body', issues: [{ field: 'body', message: translate(lang, 'messages.readBodyRule') }] },
        });
      }
    }
    expect((await rows(a.id)).map((r) => r.status)).toEqual([1, 1]);
    expect((await listData('protal', a)).no_read_count).toBe(2);
  });

  it('keeps no_read_count exact under 30 simultaneous read-one and read-all calls', async () => {
    const a = await h.registerMember();
    await seedFollows(a.id, 40, 1);
    await seedFollows(a.id, 10, 2);
    const zhIds = (await rows(a.id)).filter((r) => r.site_id === 1).map((r) => r.id);
    // 27 presses on 20 distinct Chinese-site messages (some pressed twice or three times), and three
    // read-alls on the English site, all at once and in random order.
    const targets = [...zhIds.slice(0, 20), ...zhIds.slice(0, 5), ...zhIds.slice(0, 2)];
    const calls = [
      ...targets.map((id) => () => read('protal', a, { tfm_id: id })),
      ...Array.from({ length: 3 }, () => () => read('protal_en', a, { read_all: 1 })),
    ].sort(() => Math.random() - 0.5);
    expect(calls).toHaveLength(30);
    const answers = await Promise.all(calls.map((call) => call()));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));

    expect(await unreadOn(a.id, 1)).toBe(20);
    expect(await unreadOn(a.id, 2)).toBe(0);
    // The last answer to count saw every update: the smallest count answered is the true one.
    const zhCounts = answers
      .filter((r) => r.json().msg === translate('zh', 'messages.markedRead'))
      .map((r) => r.json().data.no_read_count as number);
    expect(zhCounts).toHaveLength(27);
    expect(Math.min(...zhCounts)).toBe(20);
    expect(zhCounts.every((n) => n >= 20 && n < 40)).toBe(true);
    expect((await listData('protal', a)).no_read_count).toBe(20);
    expect((await listData('protal_en', a)).no_read_count).toBe(0);
    // Every read row has its time, every unread row none.
    expect((await rows(a.id)).every((r) => (r.status === 2) === (r.read_at !== null))).toBe(true);
  });
});

describe('writing messages (the service other features use)', () => {
  it('writes inside the caller’s transaction: a rolled-back change leaves no message', async () => {
    const a = await h.registerMember();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await notify(trx, a.id, { kind: 'unbanned' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows(a.id)).toEqual([]);
    await t.database.db.transaction().execute((trx) => notify(trx, a.id, { kind: 'unbanned' }));
    expect(await rows(a.id)).toHaveLength(1);
  });

  it('refuses a URL that is not a site path or http(s), and an unknown kind', async () => {
    const a = await h.registerMember();
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'https://user:pass@evil.example.com',
      'vbscript:msgbox(1)',
      'cn/relative',
    ]) {
      await expect(notify(t.database.db, a.id, { kind: 'follow', params: { nick: 'x' }, url }), url).rejects.toThrow();
    }
    await expect(notify(t.database.db, a.id, { kind: 'nope' as 'follow' })).rejects.toThrow();
    expect(await rows(a.id)).toEqual([]);
    await notify(t.database.db, a.id, { kind: 'follow', params: { nick: 'x' }, url: 'https://example.com/a?b=c#d' });
    await notify(t.database.db, a.id, { kind: 'follow', params: { nick: 'x' }, url: '/en/index/index' });
    expect(await rows(a.id)).toHaveLength(2);
  });

  it('sends no unsafe URL out, even from a row written around the service', async () => {
    const a = await h.registerMember();
    await t.database.db
      .insertInto('messages')
      .values({
        user_id: a.id,
        site_id: null,
        kind: 'broadcast',
        title: 'Old',
        content: 'Row',
        url: 'javascript:alert(1)',
        broadcast_id: null,
        created_at: Date.now(),
        read_at: null,
      })
      .execute();
    const [message] = (await listData('protal_en', a)).userFrontMsgList;
    expect(message).toMatchObject({ tfm_title: 'Old', tfm_url: '' });
  });

  it('checks a broadcast typed in the back office with the shared schema', () => {
    const ok = broadcastInputSchema.safeParse({
      audience: 'all',
      title: ' Hi ',
      content: 'Line 1\r\nLine 2',
      url: '/cn/about',
    });
    expect(ok.success && ok.data).toEqual({
      audience: 'all',
      tws_id: null,
      title: 'Hi',
      content: 'Line 1\nLine 2',
      url: '/cn/about',
    });
    for (const bad of [
      { audience: 'all', title: '', content: 'x' },
      { audience: 'all', title: 'x'.repeat(101), content: 'x' },
      { audience: 'all', title: 'x', content: 'x'.repeat(2001) },
      { audience: 'all', title: 'x', content: '   ' },
      { audience: 'all', title: 'x', content: 'x', url: 'javascript:alert(1)' },
      { audience: 'all', title: 'x', content: 'x', url: '//evil.example.com' },
      { audience: 'role', title: 'x', content: 'x' },
      { audience: 'role', role: 'Not A Role', title: 'x', content: 'x' },
      { audience: 'member', title: 'x', content: 'x' },
      { audience: 'member', user_id: 0, title: 'x', content: 'x' },
      { audience: 'everyone', title: 'x', content: 'x' },
      { audience: 'all', title: 'x', content: 'x', tws_id: 3 },
      { audience: 'all', title: 'x', content: 'x', extra: 1 },
    ]) {
      expect(broadcastInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('broadcasts', () => {
  it('reach every active member who is not banned, and only once each', async () => {
    const now = Date.now();
    const [banned, disabled, banOver] = [
      await addUser('Banned', { banned_until: now + 3_600_000 }),
      await addUser('Disabled', { status: 0 }),
      await addUser('BanOver', { banned_until: now - 1_000 }),
    ];
    const admin = await h.registerMember();
    const sent = await broadcast(t.database.db, {
      siteId: null,
      audience: 'all',
      title: 'Maintenance <b>tonight</b>',
      content: 'The portal is read-only from 22:00.\nThanks!',
      url: 'https://status.example.com/',
      createdBy: admin.id,
      now,
    });
    const expected = await expectedRecipients(now);
    expect(sent.recipients).toBe(expected.length);
    expect(await recipientsOf(sent.broadcastId)).toEqual(expected);
    expect(expected).toContain(banOver);
    expect(expected).not.toContain(banned);
    expect(expected).not.toContain(disabled);
    const row = await t.database.db
      .selectFrom('broadcasts')
      .selectAll()
      .where('id', '=', sent.broadcastId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ audience: 'all', recipient_count: expected.length, created_by: admin.id });

    // Stored and answered as typed: plain text that the page shows as text.
    for (const site of ['protal', 'protal_en'] as const) {
      const [message] = (await listData(site, admin)).userFrontMsgList;
      expect(message).toMatchObject({
        tfm_kind: 'broadcast',
        tfm_title: 'Maintenance <b>tonight</b>',
        tfm_content: 'The portal is read-only from 22:00.\nThanks!',
        tfm_url: 'https://status.example.com/',
        tfm_status: 1,
      });
    }
  });

  it('to a role reach its holders on that site or on every site; for both sites, holders anywhere', async () => {
    const now = Date.now();
    const [zhMod, enMod, anyMod, bannedMod, notMod] = [
      await addUser('ZhMod'),
      await addUser('EnMod'),
      await addUser('AnyMod'),
      await addUser('BannedMod', { banned_until: now + 60_000 }),
      await addUser('NotMod'),
    ];
    await grant(zhMod, 'moderator', 1);
    await grant(enMod, 'moderator', 2);
    await grant(anyMod, 'moderator', null);
    await grant(bannedMod, 'moderator', 1);
    await grant(notMod, 'topic_host', 1);
    // Two grants (two boards) still mean one message.
    await t.database.db
      .insertInto('user_roles')
      .values({ user_id: zhMod, role: 'moderator', site_id: 1, scope_id: 7, created_at: now })
      .execute();

    const base = { title: 'Moderators', content: 'Please review the queue', url: '/cn/discuss', createdBy: zhMod, now };
    const zh = await broadcast(t.database.db, { ...base, siteId: 1, audience: 'role', role: 'moderator' });
    expect(await recipientsOf(zh.broadcastId)).toEqual([zhMod, anyMod].sort((a, b) => a - b));
    expect(zh.recipients).toBe(2);
    const both = await broadcast(t.database.db, { ...base, siteId: null, audience: 'role', role: 'moderator' });
    expect(await recipientsOf(both.broadcastId)).toEqual([zhMod, enMod, anyMod].sort((a, b) => a - b));

    // A site's broadcast is shown on that site only.
    const shownEn = await t.database.db
      .selectFrom('messages')
      .select('site_id')
      .where('broadcast_id', '=', zh.broadcastId)
      .execute();
    expect(shownEn.every((r) => r.site_id === 1)).toBe(true);

    // The member role is everyone's: a broadcast to it goes to all.
    const members = await broadcast(t.database.db, { ...base, siteId: 2, audience: 'role', role: 'member' });
    expect(await recipientsOf(members.broadcastId)).toEqual(await expectedRecipients(now));
    const nobody = await broadcast(t.database.db, { ...base, siteId: 2, audience: 'role', role: 'no_such_role' });
    expect(nobody.recipients).toBe(0);
  });

  it('to one member reach that member only, unless banned or disabled', async () => {
    const now = Date.now();
    const [a, b] = [await h.registerMember(), await h.registerMember()];
    const banned = await addUser('BannedOne', { banned_until: now + 60_000 });
    const disabled = await addUser('DisabledOne', { status: 0 });
    const base = { siteId: 2, title: 'Hello', content: 'Just you', url: '', createdBy: a.id, now };
    const one = await broadcast(t.database.db, { ...base, audience: 'member', userId: b.id });
    expect(one.recipients).toBe(1);
    expect(await recipientsOf(one.broadcastId)).toEqual([b.id]);
    for (const userId of [banned, disabled]) {
      expect((await broadcast(t.database.db, { ...base, audience: 'member', userId })).recipients).toBe(0);
    }
    const before = await t.database.db.selectFrom('broadcasts').select('id').execute();
    await expect(broadcast(t.database.db, { ...base, audience: 'member', userId: 99_999_999 })).rejects.toMatchObject({
      status: 404,
      msgKey: 'accounts.userNotFound',
    });
    expect(await t.database.db.selectFrom('broadcasts').select('id').execute()).toEqual(before);
    // Shown on the English site, not on the Chinese one.
    expect((await listData('protal_en', b)).userFrontMsgList.map((m) => m.tfm_title)).toEqual(['Hello']);
    expect((await listData('protal', b)).userFrontMsgList).toEqual([]);
    expect((await listData('protal_en', a)).userFrontMsgList).toEqual([]);
  });

  it('fan out to tens of thousands of members in one statement', async () => {
    const now = Date.now();
    const batch = 500;
    for (let start = 0; start < 20_000; start += batch) {
      await t.database.db
        .insertInto('users')
        .values(
          Array.from({ length: batch }, (_, i) => ({
            email: `bulk.${now}.${start + i}@test.example.com`,
            mobile: null,
            nick_name: `Bulk ${start + i}`,
            password_hash: null,
            industry_id: null,
            status: (start + i) % 100 === 0 ? 0 : 1,
            banned_until: (start + i) % 250 === 1 ? now + 60_000 : null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const started = performance.now();
    const sent = await broadcast(t.database.db, {
      siteId: 1,
      audience: 'all',
      title: 'Everyone',
      content: 'Hello to all',
      url: '',
      createdBy: 1,
      now,
    });
    const took = performance.now() - started;
    const expected = await expectedRecipients(now);
    expect(expected.length).toBeGreaterThan(19_000);
    expect(sent.recipients).toBe(expected.length);
    expect(await recipientsOf(sent.broadcastId)).toEqual(expected);
    // One INSERT ... SELECT; a loop of 20,000 inserts would take far longer than this.
    expect(took).toBeLessThan(10_000);
  });

  it('are listed for the back office newest first, in keyset pages, by site', async () => {
    const a = await h.registerMember();
    const now = Date.now();
    const made: number[] = [];
    for (const siteId of [1, 2, null, 1, 2, null, 1]) {
      made.push(
        (
          await broadcast(t.database.db, {
            siteId,
            audience: 'member',
            userId: a.id,
            title: `B${made.length}`,
            content: 'c',
            url: '',
            createdBy: a.id,
            now,
          })
        ).broadcastId,
      );
    }
    const all = await t.database.db.selectFrom('broadcasts').select(['id', 'site_id']).orderBy('id', 'desc').execute();
    for (const siteId of [undefined, 1, 2]) {
      const expected = all
        .filter((b) => siteId === undefined || b.site_id === null || b.site_id === siteId)
        .map((b) => b.id);
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 50; i++) {
        const page = await listBroadcasts(t.database.db, { siteId, cursor, limit: 2 });
        expect(page.list.length).toBeLessThanOrEqual(2);
        seen.push(...page.list.map((b) => b.id));
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      expect(seen).toEqual(expected);
    }
    const [newest] = (await listBroadcasts(t.database.db, { limit: 1 })).list;
    expect(newest).toMatchObject({
      id: made[made.length - 1],
      siteId: 1,
      audience: 'member',
      targetUserId: a.id,
      title: 'B6',
      recipientCount: 1,
      createdBy: a.id,
      createdByNick: 'Tester',
    });
    await expect(listBroadcasts(t.database.db, { cursor: '!!', limit: 2 })).rejects.toMatchObject({ status: 40001 });
  });
});

describe('follow messages', () => {
  it('a new follow tells the followee once; an unfollow tells nobody', async () => {
    const [a, b] = [await h.registerMember({ nick: 'Grace' }), await h.registerMember()];
    await h.completeInformation(a);
    const on = await h.call('protal_en', '/userfollow/add', { user_id: b.id }, { as: a });
    expect(on.json().data).toEqual({ have_be_follow: 1, user_fans_count: 1 });
    const afterFollow = await rows(b.id);
    expect(afterFollow).toHaveLength(1);
    expect(afterFollow[0]).toMatchObject({ kind: 'follow', site_id: null, status: 1 });
    expect(JSON.parse(afterFollow[0]!.params)).toEqual({ nick: 'Grace', user_id: a.id });
    expect(await rows(a.id)).toEqual([]);

    const off = await h.call('protal', '/userfollow/add', { user_id: b.id }, { as: a });
    expect(off.json().data).toEqual({ have_be_follow: 0, user_fans_count: 0 });
    expect(await rows(b.id)).toHaveLength(1);

    const [zh] = (await listData('protal', b)).userFrontMsgList;
    const [en] = (await listData('protal_en', b)).userFrontMsgList;
    expect(zh).toMatchObject({ tfm_title: '新的关注', tfm_content: 'Grace 关注了你', tfm_url: '' });
    expect(en).toMatchObject({ tfm_title: 'New follower', tfm_content: 'Grace followed you', tfm_url: '' });
  });

  it('simultaneous presses write one message per follow that really happened', async () => {
    const [a, b] = [await h.registerMember(), await h.registerMember()];
    await h.completeInformation(a);
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => h.call('protal_en', '/userfollow/add', { user_id: b.id }, { as: a })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const follows = answers.filter((r) => r.json().data.have_be_follow === 1).length;
    expect(follows).toBe(5);
    expect(await rows(b.id)).toHaveLength(5);
  });
});
