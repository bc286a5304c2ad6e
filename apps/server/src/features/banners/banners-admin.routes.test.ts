import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_RULE, BANNER_STATE } from '@portal/contracts/banners';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import { type accountsHarness, multipartFile, type Site, type TestMember } from '../../../test/accounts-harness';
import { expectRefusedToOutsiders, makeStaffCast, msgOf, staffCall, staffTestApp } from '../../../test/roles-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let admin: TestMember;
let bannerStaff: TestMember;
let settingsStaff: TestMember;
let otherSiteStaff: TestMember;
let member: TestMember;
let moderator: TestMember;
let bannedAdmin: TestMember;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STORED = /^\/uploads\/banners\/[0-9a-f]{32}\.(jpg|png|webp)$/;
const db = () => t.database.db;
const call = (site: Site, p: string, body: unknown, as?: TestMember) => staffCall(h, site, p, body, as);
const iso = (ms: number) => new Date(ms).toISOString();

interface AdminBanner {
  tb_id: number;
  tb_title: string;
  tb_img_url: string;
  tb_link_url: string;
  tb_sort: number;
  tb_start_time: string | null;
  tb_end_time: string | null;
  tb_state: number;
}

async function upload(
  site: Site,
  file: { bytes: Buffer; name?: string; type?: string; field?: string },
  as?: TestMember,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartFile(
    file.field ?? 'file',
    file.name ?? 'banner.png',
    file.type ?? 'image/png',
    file.bytes,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/${site}/admin/banners/uploadImage`,
    headers: {
      isapi: '1',
      'content-type': contentType,
      'x-forwarded-for': h.freshIp(),
      ...(as ? { cookie: `${CLIENT_STORAGE.accessTokenCookie}=${as.token}` } : {}),
    },
    payload,
  });
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 0.8 } } });

async function uploaded(site: Site = 'protal_en'): Promise<string> {
  const res = await upload(site, { bytes: await picture(1200, 400).png().toBuffer() }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.url as string;
}

async function list(site: Site): Promise<AdminBanner[]> {
  const res = await call(site, '/admin/banners/list', {}, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list;
}

async function homeTitles(site: Site): Promise<string[]> {
  return (await call(site, '/api/banner/list', {})).json().data.list.map((b: { tb_title: string }) => b.tb_title);
}

function uploadedFiles(): string[] {
  const dir = path.join(t.config.uploadsDir, 'banners');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function snapshot() {
  const [banners, audits] = await Promise.all([
    db().selectFrom('banners').selectAll().orderBy('id').execute(),
    db().selectFrom('audit_log').select('id').execute(),
  ]);
  return { banners, audits: audits.length, files: uploadedFiles().length };
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

function refusal(site: Site, key: string, vars: Record<string, unknown> = {}) {
  const message = msgOf(site, key, vars);
  return { status: 40001, msg: message, data: { field: 'file', issues: [{ field: 'file', message }] } };
}

beforeAll(async () => {
  ({ t, h } = await staffTestApp({ seed: true }));
  ({
    admin,
    staff: bannerStaff,
    sideStaff: settingsStaff,
    otherSiteStaff,
    member,
    moderator,
    bannedAdmin,
  } = await makeStaffCast(h, {
    manage: PERMISSIONS.bannerManage,
    siteId: 2,
    sideStaff: { permissions: [PERMISSIONS.settingManage, PERMISSIONS.adminAccess] },
  }));
});
afterAll(async () => t?.close());

describe('who may manage banners', () => {
  it('refuses a visitor (401), a member, a moderator, other staff, the other site’s staff and a banned admin (403)', async () => {
    const banner = (await list('protal_en'))[0]!;
    const before = await snapshot();
    const body = { tb_title: 'Sneaky', tb_img_url: '/demo/banner-1.svg' };
    const calls: Array<[string, unknown]> = [
      ['/admin/banners/list', {}],
      ['/admin/banners/create', body],
      ['/admin/banners/update', { tb_id: banner.tb_id, ...body }],
      ['/admin/banners/delete', { tb_id: banner.tb_id }],
      ['/admin/banners/reorder', { ids: [banner.tb_id] }],
    ];
    const image = await picture(300, 100).png().toBuffer();
    await expectRefusedToOutsiders(h, calls, {
      outsiders: [member, moderator, settingsStaff, bannedAdmin],
      otherSiteStaff,
      otherSite: 'protal_en',
    });
    for (const site of ['protal', 'protal_en'] as const) {
      expect((await upload(site, { bytes: image })).statusCode).toBe(401);
      for (const who of [member, moderator, settingsStaff, bannedAdmin]) {
        expect((await upload(site, { bytes: image }, who)).statusCode).toBe(403);
      }
    }
    expect((await upload('protal_en', { bytes: image }, otherSiteStaff)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin.banners.uploadImage', () => {
  it('takes a PNG named .jpg by its content, redraws it under a random name and audits the upload', async () => {
    const res = await upload(
      'protal_en',
      { bytes: await picture(1200, 400).png().toBuffer(), name: 'holiday.jpg', type: 'image/jpeg' },
      bannerStaff,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { url, width, height } = res.json().data;
    expect(res.json()).toEqual({ status: 200, msg: 'Success', data: { url, width: 1200, height: 400 } });
    expect(url).toMatch(STORED);
    expect(url.endsWith('.png')).toBe(true);
    expect([width, height]).toEqual([1200, 400]);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const audit = await auditOf('banner.uploadImage', url);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ url, purpose: 'banner', original_name: 'holiday.jpg' });
  });

  it('takes JPEG and WebP, scales a very wide picture down and keeps no metadata or trailing bytes', async () => {
    const jpeg = await picture(4000, 1000)
      .flatten({ background: '#fff' })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'gps-home' } })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('secret-owner'))).toBe(true);
    const withTail = Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]);
    const res = await upload('protal_en', { bytes: withTail, name: 'wide.jpg', type: 'image/jpeg' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ width: 2560, height: 640 });
    const stored = fs.readFileSync(path.join(t.config.uploadsDir, res.json().data.url.replace('/uploads/', '')));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2560, height: 640 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);

    const webp = await upload(
      'protal',
      { bytes: await picture(800, 300).webp().toBuffer(), name: 'x.webp', type: 'image/webp' },
      admin,
    );
    expect(webp.statusCode, webp.body).toBe(200);
    expect(webp.json().data.url).toMatch(/\.webp$/);
  });

  it('refuses a text file named .png, an empty file, a GIF, a broken PNG, a missing file and one over the limit', async () => {
    const before = await snapshot();
    const pngHead = (await picture(10, 10).png().toBuffer()).subarray(0, 40);
    const cases: Array<[Parameters<typeof upload>[1], number, string, Record<string, unknown>?]> = [
      [
        { bytes: Buffer.from('this is not a picture, honest'), name: 'fake.png' },
        400,
        'siteAdmin.upload.fileType',
        { types: 'JPG/PNG/WebP' },
      ],
      [
        {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          name: 'x.png',
        },
        400,
        'siteAdmin.upload.fileType',
        { types: 'JPG/PNG/WebP' },
      ],
      [{ bytes: Buffer.alloc(0), name: 'empty.png' }, 400, 'siteAdmin.upload.fileMissing'],
      [
        { bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), name: 'anim.gif', type: 'image/gif' },
        400,
        'siteAdmin.upload.fileType',
        { types: 'JPG/PNG/WebP' },
      ],
      [
        { bytes: Buffer.concat([pngHead, Buffer.alloc(200, 1)]), name: 'broken.png' },
        400,
        'siteAdmin.upload.fileType',
        { types: 'JPG/PNG/WebP' },
      ],
      [{ bytes: await picture(10, 10).png().toBuffer(), field: 'image' }, 400, 'siteAdmin.upload.fileMissing'],
      // The seeded image_config of the English site allows 3 MB.
      [
        { bytes: Buffer.alloc(3 * 1024 * 1024 + 1, 0x89), name: 'huge.png' },
        413,
        'siteAdmin.upload.fileTooLarge',
        { mb: 3 },
      ],
    ];
    for (const [file, http, key, vars] of cases) {
      const res = await upload('protal_en', file, admin);
      expect(res.statusCode, `${file.name} ${key}`).toBe(http);
      expect(res.json()).toEqual(refusal('protal_en', key, vars));
    }
    const zh = await upload('protal', { bytes: Buffer.alloc(0) }, admin);
    expect(zh.json()).toEqual(refusal('protal', 'siteAdmin.upload.fileMissing'));
    // A JSON body to the upload is no file.
    const json = await staffCall(h, 'protal_en', '/admin/banners/uploadImage', { file: 'x' }, admin);
    expect(json.statusCode).toBe(400);
    // A multipart body the parser cannot read (no boundary) is no file either, not a 500.
    const unreadable = await t.app.inject({
      method: 'POST',
      url: '/api/protal_en/admin/banners/uploadImage',
      headers: {
        isapi: '1',
        'content-type': 'multipart/form-data',
        'x-forwarded-for': h.freshIp(),
        cookie: `${CLIENT_STORAGE.accessTokenCookie}=${admin.token}`,
      },
      payload: 'garbage',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual(refusal('protal_en', 'siteAdmin.upload.fileMissing'));
    // Nor is a body that ends inside the file.
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/protal_en/admin/banners/uploadImage',
      headers: {
        isapi: '1',
        'content-type': 'multipart/form-data; boundary=b',
        'x-forwarded-for': h.freshIp(),
        cookie: `${CLIENT_STORAGE.accessTokenCookie}=${admin.token}`,
      },
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual(refusal('protal_en', 'siteAdmin.upload.fileMissing'));
    expect(await snapshot()).toEqual(before);
    expect((await call('protal_en', '/admin/banners/list', {}, admin)).statusCode).toBe(200);
  });
});

describe('admin.banners.list', () => {
  it('lists every banner of the site in order with its state from the schedule', async () => {
    const now = Date.now();
    await db()
      .insertInto('banners')
      .values([
        {
          site_id: 2,
          title: 'Old campaign',
          image_url: '/demo/banner-1.svg',
          link_url: '',
          sort: 50,
          starts_at: now - 9 * DAY,
          ends_at: now - DAY,
          created_at: now,
        },
        {
          site_id: 2,
          title: 'Next week',
          image_url: '/demo/banner-2.svg',
          link_url: '',
          sort: 51,
          starts_at: now + 7 * DAY,
          ends_at: null,
          created_at: now,
        },
      ])
      .execute();
    const banners = await list('protal_en');
    const byTitle = new Map(banners.map((b) => [b.tb_title, b]));
    expect(byTitle.get('Old campaign')!.tb_state).toBe(BANNER_STATE.ended);
    expect(byTitle.get('Next week')!.tb_state).toBe(BANNER_STATE.scheduled);
    expect(byTitle.get('Next week')!.tb_end_time).toBeNull();
    expect(banners.map((b) => b.tb_sort)).toEqual([...banners.map((b) => b.tb_sort)].sort((a, b) => a - b));
    const live = banners.filter((b) => b.tb_state === BANNER_STATE.live).map((b) => b.tb_title);
    expect(await homeTitles('protal_en')).toEqual(live.slice(0, 10));
    expect((await list('protal')).some((b) => b.tb_title === 'Old campaign')).toBe(false);
  });
});

describe('admin.banners.create, update, delete and reorder', () => {
  it('adds a live banner at the end that the home page shows at once, audited', async () => {
    const url = await uploaded();
    const res = await call(
      'protal_en',
      '/admin/banners/create',
      { tb_title: ' Storage Summit 2026 ', tb_img_url: url, tb_link_url: '/en/about' },
      bannerStaff,
    );
    expect(res.statusCode, res.body).toBe(200);
    const banner = res.json().data as AdminBanner;
    expect(banner).toMatchObject({
      tb_title: 'Storage Summit 2026',
      tb_img_url: url,
      tb_link_url: '/en/about',
      tb_start_time: null,
      tb_end_time: null,
      tb_state: BANNER_STATE.live,
    });
    const all = await list('protal_en');
    expect(all.at(-1)!.tb_id).toBe(banner.tb_id);
    expect(await homeTitles('protal_en')).toContain('Storage Summit 2026');
    expect(await homeTitles('protal')).not.toContain('Storage Summit 2026');
    const audit = await auditOf('banner.create', banner.tb_id);
    expect(audit[0]).toMatchObject({ actor_id: bannerStaff.id, site_id: 2, target_kind: 'banner' });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ tb_title: 'Storage Summit 2026', tb_img_url: url });
  });

  it('keeps a scheduled banner off the home page until its start, and an ended one after its end', async () => {
    const now = Date.now();
    const scheduled = await call(
      'protal_en',
      '/admin/banners/create',
      {
        tb_title: 'Coming soon',
        tb_img_url: '/demo/banner-1.svg',
        tb_start_time: iso(now + HOUR),
        tb_end_time: iso(now + DAY),
      },
      admin,
    );
    expect(scheduled.json().data).toMatchObject({ tb_state: BANNER_STATE.scheduled, tb_start_time: iso(now + HOUR) });
    const window = await call(
      'protal_en',
      '/admin/banners/create',
      {
        tb_title: 'This week',
        tb_img_url: '/demo/banner-2.svg',
        tb_link_url: 'https://example.com/week',
        tb_sort: 0,
        tb_start_time: new Date(now - HOUR).toISOString().replace('Z', '+00:00'),
        tb_end_time: iso(now + DAY),
      },
      admin,
    );
    expect(window.json().data.tb_state).toBe(BANNER_STATE.live);
    const home = await homeTitles('protal_en');
    expect(home).not.toContain('Coming soon');
    expect(home[0]).toBe('This week');
    // The schedule moves into the past: the banner ends.
    const id = window.json().data.tb_id;
    const ended = await call(
      'protal_en',
      '/admin/banners/update',
      {
        tb_id: id,
        tb_title: 'This week',
        tb_img_url: '/demo/banner-2.svg',
        tb_start_time: iso(now - DAY),
        tb_end_time: iso(now - HOUR),
      },
      admin,
    );
    expect(ended.json().data).toMatchObject({ tb_state: BANNER_STATE.ended, tb_sort: 0, tb_link_url: '' });
    expect(await homeTitles('protal_en')).not.toContain('This week');
  });

  it('replaces a banner, audited before and after; refuses an image that is not on disk', async () => {
    const created = (
      await call('protal_en', '/admin/banners/create', { tb_title: 'Before', tb_img_url: await uploaded() }, admin)
    ).json().data as AdminBanner;
    const url = await uploaded();
    const res = await call(
      'protal_en',
      '/admin/banners/update',
      { tb_id: created.tb_id, tb_title: 'After', tb_img_url: url, tb_link_url: 'https://example.com', tb_sort: 3 },
      bannerStaff,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ tb_id: created.tb_id, tb_title: 'After', tb_img_url: url, tb_sort: 3 });
    const audit = await auditOf('banner.update', created.tb_id);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ tb_title: 'Before', tb_img_url: created.tb_img_url });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ tb_title: 'After', tb_img_url: url });

    const before = await snapshot();
    const ghost = '/uploads/banners/0123456789abcdef0123456789abcdef.png';
    for (const [p, body] of [
      ['/admin/banners/update', { tb_id: created.tb_id, tb_title: 'Ghost', tb_img_url: ghost }],
      ['/admin/banners/create', { tb_title: 'Ghost', tb_img_url: ghost }],
    ] as const) {
      const refused = await call('protal_en', p, body, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        status: 201,
        msg: msgOf('protal_en', 'siteAdmin.banners.imageMissing'),
        data: null,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('deletes a banner: gone from the home page, audited', async () => {
    const created = (
      await call('protal_en', '/admin/banners/create', { tb_title: 'Doomed', tb_img_url: '/demo/banner-3.svg' }, admin)
    ).json().data as AdminBanner;
    expect(await homeTitles('protal_en')).toContain('Doomed');
    const res = await call('protal_en', '/admin/banners/delete', { tb_id: created.tb_id }, bannerStaff);
    expect(res.json()).toEqual({ status: 200, msg: 'Success', data: { tb_id: created.tb_id } });
    expect(await homeTitles('protal_en')).not.toContain('Doomed');
    const audit = await auditOf('banner.delete', created.tb_id);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ tb_title: 'Doomed' });
  });

  it("answers 404 for another site's banner or a missing one", async () => {
    const zh = (await list('protal'))[0]!;
    const before = await snapshot();
    for (const [p, body] of [
      ['/admin/banners/update', { tb_id: zh.tb_id, tb_title: 'Hijack', tb_img_url: '/demo/banner-1.svg' }],
      ['/admin/banners/delete', { tb_id: zh.tb_id }],
      ['/admin/banners/delete', { tb_id: 99_999_999 }],
    ] as const) {
      const res = await call('protal_en', p, body, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, msg: msgOf('protal_en', 'siteAdmin.banners.notFound'), data: null });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('reorders the banners; the home page follows; a stale list is refused', async () => {
    const banners = await list('protal');
    const reversed = banners.map((b) => b.tb_id).reverse();
    const res = await call('protal', '/admin/banners/reorder', { ids: reversed }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list.map((b: AdminBanner) => b.tb_id)).toEqual(reversed);
    const liveInOrder = res
      .json()
      .data.list.filter((b: AdminBanner) => b.tb_state === BANNER_STATE.live)
      .map((b: AdminBanner) => b.tb_title);
    expect(await homeTitles('protal')).toEqual(liveInOrder.slice(0, 10));
    const audit = await auditOf('banner.reorder', 'protal');
    expect(JSON.parse(audit.at(-1)!.after_json!)).toEqual({ ids: reversed });

    const before = await snapshot();
    const en = (await list('protal_en'))[0]!.tb_id;
    for (const ids of [reversed.slice(1), [...reversed.slice(1), en], [...reversed, 99_999_999]]) {
      const stale = await call('protal', '/admin/banners/reorder', { ids }, admin);
      expect(stale.json()).toEqual({
        status: 201,
        msg: msgOf('protal', 'siteAdmin.banners.reorderMismatch'),
        data: null,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it(`refuses more than ${BANNER_RULE.maxPerSite} banners on a site`, async () => {
    const count = (await list('protal')).length;
    const now = Date.now();
    const rows = Array.from({ length: BANNER_RULE.maxPerSite - count }, (_, i) => ({
      site_id: 1,
      title: `Filler ${i}`,
      image_url: '/demo/banner-1.svg',
      link_url: '',
      sort: 500 + i,
      starts_at: null,
      ends_at: now - DAY,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 50)
      await db()
        .insertInto('banners')
        .values(rows.slice(i, i + 50))
        .execute();
    const before = await snapshot();
    const res = await call(
      'protal',
      '/admin/banners/create',
      { tb_title: 'One more', tb_img_url: '/demo/banner-1.svg' },
      admin,
    );
    expect(res.json()).toEqual({
      status: 201,
      msg: msgOf('protal', 'siteAdmin.banners.tooMany', { max: BANNER_RULE.maxPerSite }),
      data: null,
    });
    expect(await snapshot()).toEqual(before);
    await db().deleteFrom('banners').where('title', 'like', 'Filler %').execute();
  });
});

describe('bad bodies', () => {
  it('are refused naming the field, with nothing written, and the server stays up', async () => {
    const banner = (await list('protal_en'))[0]!;
    const ok = { tb_title: 'Fine', tb_img_url: '/demo/banner-1.svg' };
    const now = Date.now();
    const before = await snapshot();
    const bad: Array<[string, unknown, string]> = [
      ['/admin/banners/list', { site_id: 1 }, 'site_id'],
      ['/admin/banners/create', { tb_img_url: '/demo/banner-1.svg' }, 'tb_title'],
      ['/admin/banners/create', { ...ok, tb_title: '  ' }, 'tb_title'],
      ['/admin/banners/create', { ...ok, tb_title: 'x'.repeat(101) }, 'tb_title'],
      ['/admin/banners/create', { tb_title: 'x' }, 'tb_img_url'],
      ['/admin/banners/create', { ...ok, tb_img_url: 'https://evil.example.com/x.png' }, 'tb_img_url'],
      [
        '/admin/banners/create',
        { ...ok, tb_img_url: '/uploads/avatars/0123456789abcdef0123456789abcdef.jpg' },
        'tb_img_url',
      ],
      ['/admin/banners/create', { ...ok, tb_img_url: '/uploads/banners/../../secret.png' }, 'tb_img_url'],
      ['/admin/banners/create', { ...ok, tb_img_url: 'javascript:alert(1)' }, 'tb_img_url'],
      ['/admin/banners/create', { ...ok, tb_link_url: 'javascript:alert(1)' }, 'tb_link_url'],
      ['/admin/banners/create', { ...ok, tb_link_url: '//evil.example.com' }, 'tb_link_url'],
      ['/admin/banners/create', { ...ok, tb_link_url: '/\\evil.example.com' }, 'tb_link_url'],
      ['/admin/banners/create', { ...ok, tb_link_url: 'data:text/html,hi' }, 'tb_link_url'],
      ['/admin/banners/create', { ...ok, tb_link_url: 'https://user:pw@evil.example.com' }, 'tb_link_url'],
      ['/admin/banners/create', { ...ok, tb_link_url: `/${'a'.repeat(500)}` }, 'tb_link_url'],
      ['/admin/banners/create', { ...ok, tb_sort: -1 }, 'tb_sort'],
      ['/admin/banners/create', { ...ok, tb_sort: 1.5 }, 'tb_sort'],
      ['/admin/banners/create', { ...ok, tb_start_time: 'tomorrow' }, 'tb_start_time'],
      ['/admin/banners/create', { ...ok, tb_start_time: now }, 'tb_start_time'],
      ['/admin/banners/create', { ...ok, tb_end_time: '2026-13-01T00:00:00Z' }, 'tb_end_time'],
      ['/admin/banners/create', { ...ok, tb_start_time: iso(now + DAY), tb_end_time: iso(now) }, 'tb_end_time'],
      ['/admin/banners/create', { ...ok, tb_start_time: iso(now), tb_end_time: iso(now) }, 'tb_end_time'],
      ['/admin/banners/create', { ...ok, site_id: 1 }, 'site_id'],
      ['/admin/banners/update', ok, 'tb_id'],
      ['/admin/banners/update', { ...ok, tb_id: 0 }, 'tb_id'],
      ['/admin/banners/update', { tb_id: banner.tb_id, tb_title: 'x' }, 'tb_img_url'],
      ['/admin/banners/delete', {}, 'tb_id'],
      ['/admin/banners/delete', { tb_id: '1 or 1=1' }, 'tb_id'],
      ['/admin/banners/reorder', {}, 'ids'],
      ['/admin/banners/reorder', { ids: [] }, 'ids'],
      ['/admin/banners/reorder', { ids: [banner.tb_id, banner.tb_id] }, 'ids'],
    ];
    for (const [p, body, field] of bad) {
      const res = await call('protal_en', p, body, admin);
      expect(res.statusCode, `${p} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json(), `${p} ${JSON.stringify(body)}`).toMatchObject({ status: 40001, data: { field } });
    }
    const zh = await call(
      'protal',
      '/admin/banners/create',
      { ...ok, tb_start_time: iso(now + DAY), tb_end_time: iso(now) },
      admin,
    );
    expect(zh.json().msg).toContain(msgOf('protal', 'siteAdmin.banners.endBeforeStart'));
    expect(await snapshot()).toEqual(before);
    expect((await call('protal_en', '/admin/banners/list', {}, admin)).statusCode).toBe(200);
  });
});
