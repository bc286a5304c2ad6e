import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICTIONARY_KINDS, DICTIONARY_RULE } from '@portal/contracts/dictionaries';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { testDb, type TestApp } from '../../../test/test-app';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import {
  expectRefusedToOutsiders,
  grantDirectly,
  makeStaffCast,
  msgOf,
  staffCall,
  staffTestApp,
} from '../../../test/roles-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let admin: TestMember;
let dictStaff: TestMember;
let otherStaff: TestMember;
let otherSiteStaff: TestMember;
let member: TestMember;
let moderator: TestMember;
let bannedAdmin: TestMember;

const db = () => t.database.db;
const call = (site: Site, path: string, body: unknown, as?: TestMember) => staffCall(h, site, path, body, as);

interface Entry {
  dd_id: number;
  kind: string;
  label: string;
  value: number;
  sort: number;
}

async function list(site: Site, kind: string): Promise<Entry[]> {
  const res = await call(site, '/admin/dictionaries/list', { kind }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list;
}

async function publicList(site: Site, kind: string): Promise<Array<{ label: string; value: number }>> {
  return (await call(site, '/api/dict/list', { kind })).json().data.list;
}

async function snapshot() {
  const [dictionaries, audits, activities] = await Promise.all([
    db().selectFrom('dictionaries').selectAll().orderBy('id').execute(),
    db().selectFrom('audit_log').select('id').execute(),
    db().selectFrom('activities').select(['id', 'area']).orderBy('id').execute(),
  ]);
  return { dictionaries, audits: audits.length, activities };
}

async function auditOf(action: string, targetId: string | number) {
  return db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

function expectRefused(res: LightMyRequestResponse, site: Site, key: string, vars?: Record<string, unknown>) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ status: 201, msg: msgOf(site, key, vars) });
}

beforeAll(async () => {
  ({ t, h } = await staffTestApp({ seed: true }));
  ({
    admin,
    staff: dictStaff,
    sideStaff: otherStaff,
    otherSiteStaff,
    member,
    moderator,
    bannedAdmin,
  } = await makeStaffCast(h, {
    manage: PERMISSIONS.dictionaryManage,
    siteId: 1,
    sideStaff: { permissions: [PERMISSIONS.bannerManage, PERMISSIONS.adminAccess] },
  }));
});
afterAll(async () => t?.close());

describe('who may manage dictionaries', () => {
  it('refuses a visitor (401), a member, a moderator, other staff, the other site’s staff and a banned admin (403)', async () => {
    const industry = (await list('protal', 'industry'))[0]!;
    const before = await snapshot();
    const calls: Array<[string, unknown]> = [
      ['/admin/dictionaries/list', { kind: 'industry' }],
      ['/admin/dictionaries/create', { kind: 'industry', label: 'Sneaky' }],
      ['/admin/dictionaries/update', { dd_id: industry.dd_id, label: 'Sneaky' }],
      ['/admin/dictionaries/delete', { dd_id: industry.dd_id }],
      ['/admin/dictionaries/reorder', { kind: 'industry', ids: [industry.dd_id] }],
    ];
    await expectRefusedToOutsiders(h, calls, {
      outsiders: [member, moderator, otherStaff, bannedAdmin],
      otherSiteStaff,
      otherSite: 'protal',
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin.dictionaries.list', () => {
  it('answers every entry of a kind in the order the portal uses, each site its own', async () => {
    for (const kind of DICTIONARY_KINDS) {
      const zh = await list('protal', kind);
      const en = await list('protal_en', kind);
      expect(zh.length, kind).toBeGreaterThan(0);
      expect(zh.every((e) => e.kind === kind)).toBe(true);
      expect(new Set(zh.map((e) => e.dd_id)).size).toBe(zh.length);
      expect(zh.map((e) => e.dd_id).some((id) => en.some((x) => x.dd_id === id))).toBe(false);
      expect((await publicList('protal', kind)).map((e) => e.value)).toEqual(zh.map((e) => e.dd_id));
    }
    const sources = await list('protal_en', 'source');
    expect(sources.map((s) => s.value)).toEqual([10, 20]);
  });
});

describe('admin.dictionaries.create', () => {
  it('adds an industry at the end with the next free value; the portal offers it at once', async () => {
    const before = await list('protal', 'industry');
    const res = await call(
      'protal',
      '/admin/dictionaries/create',
      { kind: 'industry', label: '  量子存储 ' },
      dictStaff,
    );
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json().data as Entry;
    expect(entry).toMatchObject({
      kind: 'industry',
      label: '量子存储',
      value: Math.max(...before.map((e) => e.value)) + 1,
      sort: Math.max(...before.map((e) => e.sort)) + 1,
    });
    expect((await publicList('protal', 'industry')).at(-1)).toEqual({ label: '量子存储', value: entry.dd_id });
    expect((await publicList('protal_en', 'industry')).map((e) => e.label)).not.toContain('量子存储');
    const audit = await auditOf('dictionary.create', entry.dd_id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: dictStaff.id,
      site_id: 1,
      target_kind: 'dictionary',
      before_json: null,
    });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ dd_id: entry.dd_id, label: '量子存储' });

    // A member may now choose it on the information page.
    const newcomer = await h.registerMember({ site: 'protal' });
    const saved = await h.call(
      'protal',
      '/api/user/saveInformation',
      {
        user_name: '新会员',
        user_company: '示例存储',
        user_job_title: '工程师',
        user_industry: entry.dd_id,
        user_contact_mobile: '13800138000',
        user_contact_email: newcomer.email,
      },
      { as: newcomer },
    );
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('takes a chosen value and sort', async () => {
    const res = await call(
      'protal_en',
      '/admin/dictionaries/create',
      { kind: 'source', label: 'Translation', value: 30, sort: 0 },
      admin,
    );
    expect(res.json().data).toMatchObject({ label: 'Translation', value: 30, sort: 0 });
    expect((await list('protal_en', 'source'))[0]!.label).toBe('Translation');
  });

  it('refuses a label or value the kind already has, but the other site may have them', async () => {
    const existing = (await list('protal_en', 'scene'))[0]!;
    const before = await snapshot();
    expectRefused(
      await call(
        'protal_en',
        '/admin/dictionaries/create',
        { kind: 'scene', label: existing.label.toUpperCase() },
        admin,
      ),
      'protal_en',
      'siteAdmin.dictionaries.labelTaken',
      { label: existing.label.toUpperCase() },
    );
    expectRefused(
      await call(
        'protal_en',
        '/admin/dictionaries/create',
        { kind: 'scene', label: 'Brand new', value: existing.value },
        admin,
      ),
      'protal_en',
      'siteAdmin.dictionaries.valueTaken',
      { value: existing.value },
    );
    expect(await snapshot()).toEqual(before);
    const zh = await call(
      'protal',
      '/admin/dictionaries/create',
      { kind: 'scene', label: existing.label, value: existing.value + 1000 },
      admin,
    );
    expect(zh.statusCode, zh.body).toBe(200);
  });

  it(`refuses more than ${DICTIONARY_RULE.maxPerKind} entries of a kind`, async () => {
    const current = await list('protal_en', 'area');
    const now = Date.now();
    const rows = Array.from({ length: DICTIONARY_RULE.maxPerKind - current.length }, (_, i) => ({
      site_id: 2,
      kind: 'area',
      label: `Filler ${i}`,
      value: 100_000 + i,
      sort: 1000 + i,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await db()
        .insertInto('dictionaries')
        .values(rows.slice(i, i + 100))
        .execute();
    const before = await snapshot();
    expectRefused(
      await call('protal_en', '/admin/dictionaries/create', { kind: 'area', label: 'One too many' }, admin),
      'protal_en',
      'siteAdmin.dictionaries.tooMany',
      { max: DICTIONARY_RULE.maxPerKind },
    );
    expect(await snapshot()).toEqual(before);
    await db().deleteFrom('dictionaries').where('site_id', '=', 2).where('label', 'like', 'Filler %').execute();
  });

  // SQLite runs the two transactions one after the other, so only PostgreSQL reaches the retry.
  it.runIf(testDb === 'postgres')('gives two entries added at once two different values', async () => {
    const [a, b] = await Promise.all([
      call('protal_en', '/admin/dictionaries/create', { kind: 'industry', label: 'Racing A' }, admin),
      call('protal_en', '/admin/dictionaries/create', { kind: 'industry', label: 'Racing B' }, admin),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().data.value).not.toBe(b.json().data.value);
  });
});

describe('admin.dictionaries.update', () => {
  it('renames an entry, changes its value and sort, audited before and after', async () => {
    const created = (
      await call('protal', '/admin/dictionaries/create', { kind: 'scene', label: '冷数据' }, dictStaff)
    ).json().data as Entry;
    const res = await call(
      'protal',
      '/admin/dictionaries/update',
      { dd_id: created.dd_id, label: '冷数据归档', value: 9001, sort: 0 },
      dictStaff,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ dd_id: created.dd_id, label: '冷数据归档', value: 9001, sort: 0 });
    expect((await publicList('protal', 'scene'))[0]).toEqual({ label: '冷数据归档', value: created.dd_id });
    const audit = await auditOf('dictionary.update', created.dd_id);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({
      label: '冷数据',
      value: created.value,
      sort: created.sort,
    });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ label: '冷数据归档', value: 9001, sort: 0 });
  });

  it('answers the entry unchanged for a body with nothing to change (found by the call fuzzer: 500 before)', async () => {
    const entry = (await list('protal', 'industry'))[0]!;
    for (const body of [{ dd_id: entry.dd_id }, { dd_id: entry.dd_id, label: entry.label, value: entry.value }]) {
      const res = await call('protal', '/admin/dictionaries/update', body, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ dd_id: entry.dd_id, label: entry.label, value: entry.value });
    }
  });

  it("renames an area on the site's events too", async () => {
    const event = await db()
      .selectFrom('activities')
      .select(['id', 'area'])
      .where('site_id', '=', 2)
      .where('area', '<>', '')
      .executeTakeFirstOrThrow();
    const area = (await list('protal_en', 'area')).find((e) => e.label === event.area)!;
    const res = await call(
      'protal_en',
      '/admin/dictionaries/update',
      { dd_id: area.dd_id, label: `${event.area} City` },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await db()
      .selectFrom('activities')
      .select('area')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(after.area).toBe(`${event.area} City`);
  });

  it("refuses to change a source's value while posts or articles use it, and a clash", async () => {
    const sources = await list('protal', 'source');
    const original = sources.find((s) => s.value === 10)!;
    await db()
      .updateTable('posts')
      .set({ source: 10 })
      .where('site_id', '=', 1)
      .where(
        'id',
        '=',
        (await db().selectFrom('posts').select('id').where('site_id', '=', 1).executeTakeFirstOrThrow()).id,
      )
      .execute();
    const before = await snapshot();
    const res = await call('protal', '/admin/dictionaries/update', { dd_id: original.dd_id, value: 11 }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().status).toBe(201);
    expect(res.json().msg).toContain(original.label);
    expect(res.json().data.usage.posts).toBeGreaterThan(0);
    const other = sources.find((s) => s.dd_id !== original.dd_id)!;
    expectRefused(
      await call('protal', '/admin/dictionaries/update', { dd_id: other.dd_id, label: original.label }, admin),
      'protal',
      'siteAdmin.dictionaries.labelTaken',
      { label: original.label },
    );
    expect(await snapshot()).toEqual(before);
    // The label of a source in use may change: posts keep it by value.
    const renamed = await call(
      'protal',
      '/admin/dictionaries/update',
      { dd_id: original.dd_id, label: '原创内容' },
      admin,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("answers 404 for another site's entry or a missing one", async () => {
    const en = (await list('protal_en', 'industry'))[0]!;
    const before = await snapshot();
    for (const [path, body] of [
      ['/admin/dictionaries/update', { dd_id: en.dd_id, label: 'Hijack' }],
      ['/admin/dictionaries/update', { dd_id: 99_999_999, label: 'Ghost' }],
      ['/admin/dictionaries/delete', { dd_id: en.dd_id }],
      ['/admin/dictionaries/delete', { dd_id: 99_999_999 }],
    ] as const) {
      const res = await call('protal', path, body, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, msg: msgOf('protal', 'siteAdmin.dictionaries.notFound'), data: null });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin.dictionaries.delete', () => {
  it('deletes an entry nothing uses, audited, and the portal stops offering it', async () => {
    const created = (
      await call('protal_en', '/admin/dictionaries/create', { kind: 'industry', label: 'Short-lived' }, admin)
    ).json().data as Entry;
    const res = await call('protal_en', '/admin/dictionaries/delete', { dd_id: created.dd_id }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ dd_id: created.dd_id });
    expect((await publicList('protal_en', 'industry')).map((e) => e.label)).not.toContain('Short-lived');
    const audit = await auditOf('dictionary.delete', created.dd_id);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ label: 'Short-lived' });
    expect(audit[0]!.after_json).toBeNull();
  });

  it('refuses an industry that members and posts use, naming the uses', async () => {
    const used = await db()
      .selectFrom('users')
      .innerJoin('dictionaries', 'dictionaries.id', 'users.industry_id')
      .select(['dictionaries.id', 'dictionaries.label'])
      .where('dictionaries.site_id', '=', 2)
      .executeTakeFirstOrThrow();
    const [members, posts] = await Promise.all([
      db().selectFrom('users').select('id').where('industry_id', '=', used.id).execute(),
      db().selectFrom('posts').select('id').where('industry_id', '=', used.id).execute(),
    ]);
    const before = await snapshot();
    const res = await call('protal_en', '/admin/dictionaries/delete', { dd_id: used.id }, admin);
    expect(res.statusCode).toBe(409);
    const uses = [
      msgOf('protal_en', 'siteAdmin.dictionaries.usage.members', { count: members.length }),
      ...(posts.length ? [msgOf('protal_en', 'siteAdmin.dictionaries.usage.posts', { count: posts.length })] : []),
    ].join(', ');
    expect(res.json()).toEqual({
      status: 201,
      msg: msgOf('protal_en', 'siteAdmin.dictionaries.inUse', { label: used.label, uses }),
      data: {
        usage: { members: members.length, posts: posts.length, articles: 0, moderators: 0, events: 0, submissions: 0 },
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a board that has a moderator, in Chinese on the Chinese site', async () => {
    const board = (await call('protal', '/admin/dictionaries/create', { kind: 'board', label: '新版块' }, admin)).json()
      .data as Entry;
    const mod = await h.registerMember();
    await grantDirectly(db(), mod.id, 'moderator', 1, board.dd_id);
    const res = await call('protal', '/admin/dictionaries/delete', { dd_id: board.dd_id }, admin);
    expect(res.json()).toEqual({
      status: 201,
      msg: msgOf('protal', 'siteAdmin.dictionaries.inUse', {
        label: '新版块',
        uses: msgOf('protal', 'siteAdmin.dictionaries.usage.moderators', { count: 1 }),
      }),
      data: { usage: { members: 0, posts: 0, articles: 0, moderators: 1, events: 0, submissions: 0 } },
    });
    expect(res.json().msg).toContain('版主');
  });

  it('refuses an area that events are held in', async () => {
    const event = await db()
      .selectFrom('activities')
      .select('area')
      .where('site_id', '=', 1)
      .where('area', '<>', '')
      .executeTakeFirstOrThrow();
    const area = (await list('protal', 'area')).find((e) => e.label === event.area)!;
    const res = await call('protal', '/admin/dictionaries/delete', { dd_id: area.dd_id }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.usage.events).toBeGreaterThan(0);
  });
});

describe('admin.dictionaries.reorder', () => {
  it('puts a kind in the given order, audited, and the portal follows it', async () => {
    const before = await list('protal_en', 'scene');
    const reversed = before.map((e) => e.dd_id).reverse();
    const res = await call('protal_en', '/admin/dictionaries/reorder', { kind: 'scene', ids: reversed }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list.map((e: Entry) => e.dd_id)).toEqual(reversed);
    expect(res.json().data.list.map((e: Entry) => e.sort)).toEqual(reversed.map((_, i) => i + 1));
    expect((await publicList('protal_en', 'scene')).map((e) => e.value)).toEqual(reversed);
    const audit = await auditOf('dictionary.reorder', 'scene');
    expect(JSON.parse(audit.at(-1)!.before_json!)).toEqual({ kind: 'scene', ids: before.map((e) => e.dd_id) });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toEqual({ kind: 'scene', ids: reversed });
  });

  it('refuses a list that is not exactly the kind’s entries', async () => {
    const scenes = (await list('protal_en', 'scene')).map((e) => e.dd_id);
    const industry = (await list('protal_en', 'industry'))[0]!.dd_id;
    const zhScene = (await list('protal', 'scene'))[0]!.dd_id;
    const before = await snapshot();
    for (const ids of [
      scenes.slice(1),
      [...scenes.slice(1), industry],
      [...scenes.slice(1), zhScene],
      [...scenes, 99_999_999],
    ]) {
      expectRefused(
        await call('protal_en', '/admin/dictionaries/reorder', { kind: 'scene', ids }, admin),
        'protal_en',
        'siteAdmin.dictionaries.reorderMismatch',
      );
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad bodies', () => {
  it('are refused naming the field, with nothing written, and the server stays up', async () => {
    const some = (await list('protal', 'industry'))[0]!;
    const before = await snapshot();
    const bad: Array<[string, unknown, string]> = [
      ['/admin/dictionaries/list', {}, 'kind'],
      ['/admin/dictionaries/list', { kind: 'users' }, 'kind'],
      ['/admin/dictionaries/create', { kind: 'industry' }, 'label'],
      ['/admin/dictionaries/create', { kind: 'industry', label: '' }, 'label'],
      ['/admin/dictionaries/create', { kind: 'industry', label: ' \n\t ' }, 'label'],
      ['/admin/dictionaries/create', { kind: 'industry', label: 'x'.repeat(65) }, 'label'],
      ['/admin/dictionaries/create', { kind: 'industry', label: 42 }, 'label'],
      ['/admin/dictionaries/create', { kind: 'topic', label: 'x' }, 'kind'],
      ['/admin/dictionaries/create', { kind: 'industry', label: 'x', value: 0 }, 'value'],
      ['/admin/dictionaries/create', { kind: 'industry', label: 'x', value: 1.5 }, 'value'],
      ['/admin/dictionaries/create', { kind: 'industry', label: 'x', value: 2_147_483_648 }, 'value'],
      ['/admin/dictionaries/create', { kind: 'industry', label: 'x', value: '7' }, 'value'],
      ['/admin/dictionaries/create', { kind: 'industry', label: 'x', sort: -1 }, 'sort'],
      ['/admin/dictionaries/create', { kind: 'industry', label: 'x', site_id: 2 }, 'site_id'],
      ['/admin/dictionaries/update', { label: 'x' }, 'dd_id'],
      ['/admin/dictionaries/update', { dd_id: -3, label: 'x' }, 'dd_id'],
      ['/admin/dictionaries/update', { dd_id: some.dd_id, kind: 'scene' }, 'kind'],
      ['/admin/dictionaries/update', { dd_id: some.dd_id, label: '' }, 'label'],
      ['/admin/dictionaries/delete', {}, 'dd_id'],
      ['/admin/dictionaries/delete', { dd_id: 'all' }, 'dd_id'],
      ['/admin/dictionaries/reorder', { kind: 'industry' }, 'ids'],
      ['/admin/dictionaries/reorder', { kind: 'industry', ids: [] }, 'ids'],
      ['/admin/dictionaries/reorder', { kind: 'industry', ids: [some.dd_id, some.dd_id] }, 'ids'],
      ['/admin/dictionaries/reorder', { kind: 'industry', ids: ['1'] }, 'ids.0'],
    ];
    for (const [path, body, field] of bad) {
      const res = await call('protal', path, body, admin);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json(), `${path} ${JSON.stringify(body)}`).toMatchObject({ status: 40001, data: { field } });
    }
    const zh = await call('protal', '/admin/dictionaries/create', { kind: 'industry', label: '' }, admin);
    expect(zh.json().msg).toContain(msgOf('protal', 'siteAdmin.dictionaries.labelRule'));
    expect(await snapshot()).toEqual(before);
    expect((await call('protal', '/admin/dictionaries/list', { kind: 'industry' }, admin)).statusCode).toBe(200);
  });
});
