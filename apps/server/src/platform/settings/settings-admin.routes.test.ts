import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import { type accountsHarness, multipartFile, type Site, type TestMember } from '../../../test/accounts-harness';
import { expectRefusedToOutsiders, makeStaffCast, msgOf, staffCall, staffTestApp } from '../../../test/roles-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let admin: TestMember;
let settingsStaff: TestMember;
let bannerStaff: TestMember;
let otherSiteStaff: TestMember;
let member: TestMember;
let moderator: TestMember;
let bannedAdmin: TestMember;

const db = () => t.database.db;
const call = (site: Site, path: string, body: unknown, as?: TestMember) => staffCall(h, site, path, body, as);

async function upload(site: Site, bytes: Buffer, as?: TestMember, name = 'qr.png') {
  const { payload, contentType } = multipartFile('file', name, 'image/png', bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/${site}/admin/settings/uploadImage`,
    headers: {
      isapi: '1',
      'content-type': contentType,
      'x-forwarded-for': h.freshIp(),
      ...(as ? { cookie: `${CLIENT_STORAGE.accessTokenCookie}=${as.token}` } : {}),
    },
    payload,
  });
}

const png = (w = 240, h2 = 240) =>
  sharp({ create: { width: w, height: h2, channels: 3, background: { r: 10, g: 10, b: 10 } } })
    .png()
    .toBuffer();

async function snapshot() {
  const [settings, audits] = await Promise.all([
    db().selectFrom('site_settings').selectAll().orderBy('site_id').orderBy('key').execute(),
    db().selectFrom('audit_log').select('id').execute(),
  ]);
  return { settings, audits: audits.length };
}

function expectStatus(res: LightMyRequestResponse, http: number, status: number) {
  expect(res.statusCode, res.body).toBe(http);
  expect(res.json()).toMatchObject({ status });
}

beforeAll(async () => {
  ({ t, h } = await staffTestApp({ seed: true }));
  ({
    admin,
    staff: settingsStaff,
    sideStaff: bannerStaff,
    otherSiteStaff,
    member,
    moderator,
    bannedAdmin,
  } = await makeStaffCast(h, {
    manage: PERMISSIONS.settingManage,
    siteId: 1,
    sideStaff: { permissions: [PERMISSIONS.bannerManage, PERMISSIONS.adminAccess], siteId: 1 },
  }));
});
afterAll(async () => t?.close());

describe('who may read and change the site settings', () => {
  it('refuses a visitor (401), a member, a moderator, other staff, the other site’s staff and a banned admin (403)', async () => {
    const before = await snapshot();
    const calls: Array<[string, unknown]> = [
      ['/admin/settings/get', {}],
      ['/admin/settings/update', { contact_email: 'x@example.com' }],
    ];
    await expectRefusedToOutsiders(h, calls, {
      outsiders: [member, moderator, bannerStaff, bannedAdmin],
      otherSiteStaff,
      otherSite: 'protal',
    });
    for (const [path, body] of calls) {
      // The staff of the Chinese site only may not touch the English one.
      expectStatus(await call('protal_en', path, body, settingsStaff), 403, 403);
    }
    const image = await png();
    expectStatus(await upload('protal', image), 401, 401);
    for (const who of [member, moderator, bannerStaff, otherSiteStaff, bannedAdmin]) {
      expectStatus(await upload('protal', image, who), 403, 403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('admin.settings.get', () => {
  it('answers what the portal shows, with defaults filled in', async () => {
    for (const site of ['protal', 'protal_en'] as const) {
      const res = await call(site, '/admin/settings/get', {}, site === 'protal' ? settingsStaff : admin);
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().data;
      const common = (await call(site, '/api/index/commonData', {})).json().data;
      expect(s).toMatchObject({
        contact_email: common.contact_email,
        website: common.website,
        copyright: common.copyright,
        qr_code_url: common.qr_code_url,
        image_config: common.image_config,
        file_config: common.file_config,
        permission_switch: common.permission_switch,
        review: { post_review: false },
      });
      expect(s.update_time).toEqual(expect.any(String));
    }
  });

  it('fills the defaults of spec 9 for a site with nothing stored', async () => {
    await db()
      .deleteFrom('site_settings')
      .where('site_id', '=', 2)
      .where('key', 'in', ['file_config', 'post_review'])
      .execute();
    const s = (await call('protal_en', '/admin/settings/get', {}, admin)).json().data;
    expect(s.file_config).toEqual({ fileSize: 5, fileLimit: 9 });
    expect(s.review).toEqual({ post_review: false });
  });
});

describe('admin.settings.update', () => {
  it('changes the footer of one site at once, audited with the changed keys before and after', async () => {
    const before = (await call('protal', '/admin/settings/get', {}, settingsStaff)).json().data;
    const res = await call(
      'protal',
      '/admin/settings/update',
      { contact_email: 'press@storage.example.cn', copyright: '  © 2026 存储社区编辑部\n保留所有权利  ' },
      settingsStaff,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      contact_email: 'press@storage.example.cn',
      copyright: '© 2026 存储社区编辑部 保留所有权利',
      website: before.website,
    });
    const zh = (await call('protal', '/api/index/commonData', {})).json().data;
    expect(zh.contact_email).toBe('press@storage.example.cn');
    expect(zh.copyright).toBe('© 2026 存储社区编辑部 保留所有权利');
    const en = (await call('protal_en', '/api/index/commonData', {})).json().data;
    expect(en.contact_email).not.toBe('press@storage.example.cn');

    const rows = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'setting.update')
      .where('actor_id', '=', settingsStaff.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ site_id: 1, target_kind: 'site_settings', target_id: 'protal' });
    expect(JSON.parse(rows[0]!.before_json!)).toEqual({
      contact_email: before.contact_email,
      copyright: before.copyright,
    });
    expect(JSON.parse(rows[0]!.after_json!)).toEqual({
      contact_email: 'press@storage.example.cn',
      copyright: '© 2026 存储社区编辑部 保留所有权利',
    });
  });

  it('sets upload limits, review and permission switches that the portal reads', async () => {
    const res = await call(
      'protal_en',
      '/admin/settings/update',
      {
        website: 'https://storage.example.org/community',
        image_config: { fileSize: 8, fileLimit: 4 },
        file_config: { fileSize: 20, fileLimit: 12 },
        review: { post_review: true },
        permission_switch: true,
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      website: 'https://storage.example.org/community',
      image_config: { fileSize: 8, fileLimit: 4 },
      file_config: { fileSize: 20, fileLimit: 12 },
      review: { post_review: true },
      permission_switch: true,
    });
    const common = (await call('protal_en', '/api/index/commonData', {})).json().data;
    expect(common).toMatchObject({
      website: 'https://storage.example.org/community',
      image_config: { fileSize: 8, fileLimit: 4 },
      file_config: { fileSize: 20, fileLimit: 12 },
      permission_switch: true,
    });
    const stored = await db()
      .selectFrom('site_settings')
      .select('value')
      .where('site_id', '=', 2)
      .where('key', '=', 'post_review')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toBe(true);
  });

  it('writes no audit row when nothing changes', async () => {
    const current = (await call('protal', '/admin/settings/get', {}, admin)).json().data;
    const before = await snapshot();
    const res = await call(
      'protal',
      '/admin/settings/update',
      { contact_email: current.contact_email, review: current.review },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad settings naming the field, and writes nothing', async () => {
    const before = await snapshot();
    const bad: Array<[unknown, string]> = [
      [{}, 'body'],
      [{ contact_email: 'not-an-email' }, 'contact_email'],
      [{ contact_email: '' }, 'contact_email'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ website: 'ftp://files.example.com' }, 'website'],
      [{ website: '//evil.example.com' }, 'website'],
      [{ website: 'https://user:pw@evil.example.com' }, 'website'],
      [{ copyright: 'x'.repeat(201) }, 'copyright'],
      [{ qr_code_url: 'https://evil.example.com/qr.png' }, 'qr_code_url'],
      [{ qr_code_url: '/uploads/site/../../etc/passwd' }, 'qr_code_url'],
      [{ qr_code_url: '/uploads/avatars/0123456789abcdef0123456789abcdef.jpg' }, 'qr_code_url'],
      [{ image_config: { fileSize: 0, fileLimit: 9 } }, 'image_config.fileSize'],
      [{ image_config: { fileSize: 101, fileLimit: 9 } }, 'image_config.fileSize'],
      [{ image_config: { fileSize: 2.5, fileLimit: 9 } }, 'image_config.fileSize'],
      [{ file_config: { fileSize: 5, fileLimit: 51 } }, 'file_config.fileLimit'],
      [{ file_config: { fileSize: 5, fileLimit: 0 } }, 'file_config.fileLimit'],
      [{ file_config: { fileSize: 5 } }, 'file_config.fileLimit'],
      [{ file_config: { fileSize: 5, fileLimit: 9, extra: 1 } }, 'extra'],
      [{ review: { post_review: 'yes' } }, 'review.post_review'],
      [{ review: { article_review: true } }, 'article_review'],
      [{ permission_switch: 1 }, 'permission_switch'],
      [{ contact_email: 'a@example.com', evil: 1 }, 'evil'],
    ];
    for (const [body, field] of bad) {
      for (const site of ['protal', 'protal_en'] as const) {
        const res = await call(site, '/admin/settings/update', body, admin);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().status).toBe(40001);
        expect(res.json().data.field, JSON.stringify(body)).toBe(field);
      }
    }
    const en = await call('protal_en', '/admin/settings/update', { file_config: { fileSize: 0, fileLimit: 9 } }, admin);
    expect(en.json().msg).toContain(msgOf('protal_en', 'siteAdmin.settings.fileSizeRule'));
    const zh = await call('protal', '/admin/settings/update', { contact_email: 'nope' }, admin);
    expect(zh.json().msg).toContain(msgOf('protal', 'siteAdmin.settings.emailRule'));
    expect(await snapshot()).toEqual(before);
    expect((await call('protal', '/admin/settings/get', {}, admin)).statusCode).toBe(200);
  });
});

describe('the QR code', () => {
  it('is uploaded, redrawn and then shown in the footer data', async () => {
    const res = await upload('protal', await png(300, 300), settingsStaff, 'wechat.png');
    expect(res.statusCode, res.body).toBe(200);
    const { url, width, height } = res.json().data;
    expect(url).toMatch(/^\/uploads\/site\/[0-9a-f]{32}\.png$/);
    expect([width, height]).toEqual([300, 300]);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'setting.uploadImage')
      .where('target_id', '=', url)
      .execute();
    expect(audit).toHaveLength(1);
    const saved = await call('protal', '/admin/settings/update', { qr_code_url: url }, settingsStaff);
    expect(saved.json().data.qr_code_url).toBe(url);
    expect((await call('protal', '/api/index/commonData', {})).json().data.qr_code_url).toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // '' takes the QR code out of the footer.
    const cleared = await call('protal', '/admin/settings/update', { qr_code_url: '' }, settingsStaff);
    expect(cleared.json().data.qr_code_url).toBe('');
  });

  it("follows the site's image size limit", async () => {
    await call('protal', '/admin/settings/update', { image_config: { fileSize: 1, fileLimit: 9 } }, admin);
    const big = Buffer.concat([await png(), Buffer.alloc(1024 * 1024 + 10, 7)]);
    const res = await upload('protal', big, settingsStaff);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      status: 40001,
      msg: msgOf('protal', 'siteAdmin.upload.fileTooLarge', { mb: 1 }),
      data: { field: 'file' },
    });
    await call('protal', '/admin/settings/update', { image_config: { fileSize: 5, fileLimit: 9 } }, admin);
    expect((await upload('protal', big, settingsStaff)).statusCode).not.toBe(413);
  });
});
