import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@portal/contracts/permissions';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { expectRefusedToOutsiders, makeStaffCast, msgOf, staffCall, staffTestApp } from '../../../test/roles-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let admin: TestMember;
let pageStaff: TestMember;
let settingsStaff: TestMember;
let otherSiteStaff: TestMember;
let member: TestMember;
let moderator: TestMember;
let bannedAdmin: TestMember;

const db = () => t.database.db;
const call = (site: Site, path: string, body: unknown, as?: TestMember) => staffCall(h, site, path, body, as);

const HOSTILE =
  '<h2 onclick="steal()">About us</h2><p>We store <strong>data</strong>.<script>alert(1)</script></p>' +
  '<p><a href="javascript:alert(1)">click</a> <a href="https://example.com/x" onmouseover="x()">site</a></p>' +
  '<img src="x" onerror="alert(1)"><img src="/demo/about.svg" alt="team"><iframe src="https://evil.example"></iframe>' +
  '<style>body{display:none}</style>';

async function snapshot() {
  const [pages, audits] = await Promise.all([
    db().selectFrom('pages').selectAll().orderBy('site_id').orderBy('slug').execute(),
    db().selectFrom('audit_log').select('id').execute(),
  ]);
  return { pages, audits: audits.length };
}

beforeAll(async () => {
  ({ t, h } = await staffTestApp({ seed: true }));
  ({
    admin,
    staff: pageStaff,
    sideStaff: settingsStaff,
    otherSiteStaff,
    member,
    moderator,
    bannedAdmin,
  } = await makeStaffCast(h, {
    manage: PERMISSIONS.pageManage,
    siteId: 2,
    sideStaff: { permissions: [PERMISSIONS.settingManage, PERMISSIONS.adminAccess] },
  }));
});
afterAll(async () => t?.close());

describe('who may edit the content pages', () => {
  it('refuses a visitor (401), a member, a moderator, other staff, the other site’s staff and a banned admin (403)', async () => {
    const before = await snapshot();
    const calls: Array<[string, unknown]> = [
      ['/admin/pages/get', { slug: 'about' }],
      ['/admin/pages/update', { slug: 'about', title: 'Hacked', content: '<p>x</p>' }],
      ['/admin/pages/get', { slug: 'privacy' }],
      ['/admin/pages/update', { slug: 'terms', title: 'Hacked', content: '<p>x</p>' }],
      ['/admin/pages/update', { slug: 'privacy', title: 'Hacked', content: '<p>x</p>' }],
    ];
    await expectRefusedToOutsiders(h, calls, {
      outsiders: [member, moderator, settingsStaff, bannedAdmin],
      otherSiteStaff,
      otherSite: 'protal_en',
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('page.content: the about, terms and privacy pages the portal shows', () => {
  const read = (site: Site, body: unknown, as?: TestMember) => call(site, '/api/page/content', body, as);

  it('answers each page of each site in the site’s language, to anyone', async () => {
    const expected = {
      protal: { terms: '用户协议', privacy: '隐私政策' },
      protal_en: { terms: 'Terms of Use', privacy: 'Privacy Policy' },
    } as const;
    for (const site of ['protal', 'protal_en'] as const) {
      for (const slug of ['about', 'terms', 'privacy'] as const) {
        const res = await read(site, { slug });
        expect(res.statusCode, `${site} ${slug}`).toBe(200);
        const page = res.json().data;
        expect(page.content.length, `${site} ${slug}`).toBeGreaterThan(300);
        expect(/[\u4e00-\u9fff]/.test(page.title + page.content), `${site} ${slug}`).toBe(site === 'protal');
        if (slug !== 'about') expect(page.title).toBe(expected[site][slug]);
      }
    }
    // What the staff see is what the portal shows.
    const staffView = (await call('protal_en', '/admin/pages/get', { slug: 'privacy' }, pageStaff)).json().data;
    const shown = (await read('protal_en', { slug: 'privacy' }, member)).json().data;
    expect(shown).toEqual({ title: staffView.title, content: staffView.content, update_time: staffView.update_time });
  });

  it('refuses a missing or unknown slug and extra fields with 400, naming the field in the site’s language', async () => {
    const bad: Array<[unknown, string]> = [
      [{}, 'slug'],
      [{ slug: 'imprint' }, 'slug'],
      [{ slug: '../about' }, 'slug'],
      [{ slug: 'TERMS' }, 'slug'],
      [{ slug: ['terms'] }, 'slug'],
      [{ slug: 'terms', lang: 'en' }, 'lang'],
    ];
    for (const site of ['protal', 'protal_en'] as const) {
      for (const [body, field] of bad) {
        const res = await read(site, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ status: 40001, data: { field } });
      }
      expect((await read(site, { slug: 'imprint' })).json().msg).toContain(msgOf(site, 'siteAdmin.pages.slugRule'));
    }
  });

  it('shows the terms as staff rewrote them at once, on that site only, audited', async () => {
    const zhBefore = (await read('protal', { slug: 'terms' })).json().data;
    const enPrivacy = (await read('protal_en', { slug: 'privacy' })).json().data;
    const res = await call(
      'protal_en',
      '/admin/pages/update',
      { slug: 'terms', title: 'Terms of Use (2027)', content: '<h2>1. Accounts</h2><p onclick="x()">Be kind.</p>' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ slug: 'terms', content: '<h2>1. Accounts</h2><p>Be kind.</p>' });
    expect((await read('protal_en', { slug: 'terms' })).json().data).toMatchObject({
      title: 'Terms of Use (2027)',
      content: '<h2>1. Accounts</h2><p>Be kind.</p>',
    });
    expect((await read('protal', { slug: 'terms' })).json().data).toEqual(zhBefore);
    expect((await read('protal_en', { slug: 'privacy' })).json().data).toEqual(enPrivacy);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'page.update')
      .where('target_id', '=', 'terms')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ site_id: 2, actor_id: admin.id, target_kind: 'page' });
  });
});

describe('admin.pages.get and update', () => {
  it('answers the stored About page of each site', async () => {
    const zh = (await call('protal', '/admin/pages/get', { slug: 'about' }, admin)).json().data;
    const en = (await call('protal_en', '/admin/pages/get', { slug: 'about' }, pageStaff)).json().data;
    expect(zh.title).toMatch(/[\u4e00-\u9fff]/);
    expect(en.title).not.toMatch(/[\u4e00-\u9fff]/);
    expect(en.content.length).toBeGreaterThan(20);
    expect(en.update_time).toEqual(expect.any(String));
    const publicEn = (await call('protal_en', '/api/page/content', { slug: 'about' })).json().data;
    expect(publicEn).toMatchObject({ title: en.title, content: en.content });
  });

  it('stores sanitised HTML that the portal shows at once, audited before and after', async () => {
    const before = (await call('protal_en', '/admin/pages/get', { slug: 'about' }, pageStaff)).json().data;
    const res = await call(
      'protal_en',
      '/admin/pages/update',
      { slug: 'about', title: '  About the community  ', content: HOSTILE },
      pageStaff,
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved.title).toBe('About the community');
    expect(saved.content).not.toMatch(
      /<script|onclick|onerror|onmouseover|javascript:|<iframe|<style|display:none|steal/i,
    );
    expect(saved.content).toContain('<strong>data</strong>');
    expect(saved.content).toContain('<img src="/demo/about.svg" alt="team" />');
    expect(saved.content).toContain('href="https://example.com/x"');
    const stored = await db()
      .selectFrom('pages')
      .selectAll()
      .where('site_id', '=', 2)
      .where('slug', '=', 'about')
      .executeTakeFirstOrThrow();
    expect(stored.body_html).toBe(saved.content);

    const shown = (await call('protal_en', '/api/page/content', { slug: 'about' })).json().data;
    expect(shown).toMatchObject({ title: 'About the community', content: saved.content });
    expect(Date.parse(shown.update_time)).toBeGreaterThan(Date.parse(before.update_time));
    const zh = (await call('protal', '/api/page/content', { slug: 'about' })).json().data;
    expect(zh.title).not.toBe('About the community');

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'page.update')
      .where('actor_id', '=', pageStaff.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ site_id: 2, target_kind: 'page', target_id: 'about' });
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ title: before.title, content: before.content });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ title: 'About the community', content: saved.content });
  });

  it('writes the page when the site has none yet', async () => {
    await db().deleteFrom('pages').where('site_id', '=', 1).where('slug', '=', 'about').execute();
    expect((await call('protal', '/api/page/content', { slug: 'about' })).statusCode).toBe(404);
    const empty = (await call('protal', '/admin/pages/get', { slug: 'about' }, admin)).json().data;
    expect(empty).toEqual({ slug: 'about', title: '', content: '', update_time: null });
    const res = await call(
      'protal',
      '/admin/pages/update',
      { slug: 'about', title: '关于我们', content: '<p>存储社区</p>' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await call('protal', '/api/page/content', { slug: 'about' })).json().data;
    expect(shown).toMatchObject({ title: '关于我们', content: '<p>存储社区</p>' });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'page.update')
      .where('site_id', '=', 1)
      .execute();
    expect(audit.at(-1)!.before_json).toBe('null');
  });

  it('takes HTML up to 100 KB in UTF-8 and refuses more, even when the characters are fewer', async () => {
    const fits = `<p>${'a'.repeat(100 * 1024 - 7)}</p>`;
    expect(
      (await call('protal_en', '/admin/pages/update', { slug: 'about', title: 'Big', content: fits }, admin))
        .statusCode,
    ).toBe(200);
    const before = await snapshot();
    // 40,000 Chinese characters are 120,000 bytes.
    const cjk = `<p>${'存'.repeat(40_000)}</p>`;
    const res = await call('protal', '/admin/pages/update', { slug: 'about', title: '太大', content: cjk }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 40001, data: { field: 'content' } });
    expect(res.json().msg).toContain(msgOf('protal', 'siteAdmin.pages.contentRule'));
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad bodies naming the field, and writes nothing', async () => {
    const before = await snapshot();
    const bad: Array<[string, unknown, string]> = [
      ['/admin/pages/get', {}, 'slug'],
      ['/admin/pages/get', { slug: 'imprint' }, 'slug'],
      ['/admin/pages/get', { slug: 'about', x: 1 }, 'x'],
      ['/admin/pages/update', { slug: 'about', title: '', content: '<p>x</p>' }, 'title'],
      ['/admin/pages/update', { slug: 'about', title: '   ', content: '<p>x</p>' }, 'title'],
      ['/admin/pages/update', { slug: 'about', title: 'x'.repeat(101), content: '<p>x</p>' }, 'title'],
      ['/admin/pages/update', { slug: 'about', title: 5, content: '<p>x</p>' }, 'title'],
      ['/admin/pages/update', { slug: 'about', content: '<p>x</p>' }, 'title'],
      ['/admin/pages/update', { slug: 'about', title: 'x' }, 'content'],
      ['/admin/pages/update', { slug: 'about', title: 'x', content: ['<p>'] }, 'content'],
      ['/admin/pages/update', { slug: '../etc', title: 'x', content: '' }, 'slug'],
      ['/admin/pages/update', { slug: 'about', title: 'x', content: '', body_html: '' }, 'body_html'],
    ];
    for (const [path, body, field] of bad) {
      const res = await call('protal_en', path, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: { field } });
    }
    expect(await snapshot()).toEqual(before);
    expect((await call('protal_en', '/admin/pages/get', { slug: 'about' }, admin)).statusCode).toBe(200);
  });
});
