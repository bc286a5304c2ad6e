import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOPERATION_RULE } from '@portal/contracts/cooperation';
import { REVIEW_STATUS } from '@portal/contracts/constants';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import { multipartFile, type Site, type TestMember } from '../../../test/accounts-harness';
import { makeStaff, msgOf, staffCall, staffTestApp } from '../../../test/roles-harness';
import type { TestApp } from '../../../test/test-app';
import { PDF } from '../../platform/uploads/uploads.test-support';

let t: TestApp;
let h: Awaited<ReturnType<typeof staffTestApp>>['h'];
let manager: TestMember;
let reviewer: TestMember;
let otherStaff: TestMember;

const R = COOPERATION_RULE;
const APPLY = {
  mine: '/api/cooperate/myApplication',
  save: '/api/cooperate/saveApplication',
  submit: '/api/cooperate/submitApplication',
  withdraw: '/api/cooperate/withdrawApplication',
  list: '/api/user/applications',
};

const call = (as: TestMember | undefined, path: string, body: unknown = {}, site: Site = 'protal') =>
  staffCall(h, site, path, body, as);
const admin = (path: string, body: unknown, as: TestMember = manager, site: Site = 'protal') =>
  staffCall(h, site, path, body, as);

const download = (fileId: number, as?: TestMember) =>
  t.app.inject({
    method: 'GET',
    url: `/cooperate/file/${fileId}`,
    headers: {
      'x-forwarded-for': h.freshIp(),
      ...(as ? { cookie: `${CLIENT_STORAGE.accessTokenCookie}=${as.token}` } : {}),
    },
  });

async function uploadPdf(as: TestMember, name = 'kit.pdf'): Promise<number> {
  const { payload, contentType } = multipartFile('file', name, 'application/pdf', PDF);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tool/uploadfile/',
    headers: {
      isapi: '1',
      'content-type': contentType,
      'x-forwarded-for': h.freshIp(),
      cookie: `${CLIENT_STORAGE.accessTokenCookie}=${as.token}`,
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().data.att_id);
}

function issues(res: { json(): unknown }) {
  return (res.json() as { data: { issues: Array<{ field: string; message: string }> } }).data.issues;
}

const pageForm = (extra: Record<string, unknown> = {}) => ({
  kind: 'programme',
  title: 'Storage partner programme',
  summary: 'Resell, integrate and certify.',
  cover_url: '/demo/cooperation-programme.svg',
  body_html: '<p>Join the programme.</p>',
  sort: 1,
  published: true,
  files: [],
  ...extra,
});

const countRows = async (table: 'cooperation_pages' | 'cooperation_files' | 'cooperation_applications') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const goodApplication = {
  company: 'Acme Storage',
  contact_name: 'Wang Wei',
  phone: '+86 10 5555 0101',
  email: 'wang@acme.example',
  intent: 'We build backup appliances and want to certify them.',
};

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  manager = await makeStaff(h, { permissions: [PERMISSIONS.cooperationManage], siteId: 1, nick: 'Coop Manager' });
  reviewer = await makeStaff(h, { permissions: [PERMISSIONS.reviewCooperation], siteId: 1, nick: 'Coop Reviewer' });
  otherStaff = await makeStaff(h, { permissions: [PERMISSIONS.reviewExpert], siteId: 1, nick: 'Expert Reviewer' });
});
afterAll(async () => t?.close());

describe('cooperation pages', () => {
  it('lists published pages by kind in their order, with linked language versions and sanitised rich text', async () => {
    const a = await admin('/admin/cooperation/save', pageForm({ title: 'Second', sort: 2 }));
    expect(a.json(), a.body).toMatchObject({ status: 200 });
    const b = await admin(
      '/admin/cooperation/save',
      pageForm({
        title: 'First',
        sort: 1,
        body_html: '<p onclick="steal()">Hello<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
      }),
    );
    const first = b.json().data as { id: number; body_html: string };
    expect(first.body_html).not.toMatch(/script|onclick|javascript:/);
    expect(first.body_html).toContain('Hello');
    await admin('/admin/cooperation/save', pageForm({ title: 'Hidden', published: false }));
    await admin('/admin/cooperation/save', pageForm({ title: 'A case', kind: 'case' }));

    const list = await call(undefined, '/api/cooperate/list', { kind: 'programme', limit: 1 });
    expect(list.json().data.list.map((p: { title: string }) => p.title)).toEqual(['First']);
    const next = await call(undefined, '/api/cooperate/list', {
      kind: 'programme',
      limit: 1,
      cursor: list.json().data.next_cursor,
    });
    expect(next.json().data.list.map((p: { title: string }) => p.title)).toEqual(['Second']);
    expect(next.json().data.next_cursor).toBeNull();
    const cases = await call(undefined, '/api/cooperate/list', { kind: 'case' });
    expect(cases.json().data.list.map((p: { title: string }) => p.title)).toEqual(['A case']);

    // The English version, linked to the Chinese page: each names the other.
    const en = await admin(
      '/admin/cooperation/save',
      pageForm({ title: 'First (English)', version_of: first.id }),
      manager,
      'protal_en',
    );
    expect(en.statusCode, en.body).toBe(403);
    const admin2 = await makeStaff(h, { nick: 'Chief' });
    const enPage = await admin(
      '/admin/cooperation/save',
      pageForm({ title: 'First (English)', version_of: first.id }),
      admin2,
      'protal_en',
    );
    const enId = enPage.json().data.id as number;
    const info = await call(undefined, '/api/cooperate/info', { id: first.id });
    expect(info.json().data).toMatchObject({
      title: 'First',
      versions: [{ tws_id: 2, id: enId }],
      is_partner: false,
    });
    expect(info.json().data.body_html).not.toMatch(/script|onclick|javascript:/);
    const enInfo = await call(undefined, '/api/cooperate/info', { id: enId }, 'protal_en');
    expect(enInfo.json().data.versions).toEqual([{ tws_id: 1, id: first.id }]);
    // Another Chinese page made the English page's version takes the first one's place.
    const second = a.json().data.id as number;
    await admin('/admin/cooperation/save', { ...pageForm({ title: 'Second' }), id: second, sort: 2, version_of: enId });
    const moved = await call(undefined, '/api/cooperate/info', { id: enId }, 'protal_en');
    expect(moved.json().data.versions).toEqual([{ tws_id: 1, id: second }]);
    expect((await call(undefined, '/api/cooperate/info', { id: first.id })).json().data.versions).toEqual([]);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_kind', '=', 'cooperation_page')
      .where('target_id', '=', String(second))
      .execute();
    expect(audited.map((r) => r.action)).toEqual(['cooperation.pageCreate', 'cooperation.pageUpdate']);
    // A page of one site is not found on the other; a draft is not found by visitors.
    expect((await call(undefined, '/api/cooperate/info', { id: first.id }, 'protal_en')).statusCode).toBe(404);
    const drafts = await admin('/admin/cooperation/list', {});
    const hidden = drafts.json().data.list.find((p: { title: string }) => p.title === 'Hidden');
    const missing = await call(undefined, '/api/cooperate/info', { id: hidden.id }, 'protal_en');
    expect(missing.json()).toEqual({ status: 404, msg: msgOf('protal_en', 'cooperationApi.pageNotFound'), data: null });
  });

  it('is found by search once published, with its page as the link; a draft or a deleted page is not', async () => {
    const saved = await admin(
      '/admin/cooperation/save',
      pageForm({ title: 'Wombat storage alliance', body_html: '<p>Kangaroo certification</p>', published: false }),
    );
    const id = saved.json().data.id as number;
    const find = async (key: string) =>
      (await call(undefined, '/api/search/index', { search_key: key })).json().data as {
        list: Array<{ kind: string; id: number; url: string }>;
        counts: Record<string, number>;
      };
    expect((await find('Wombat')).list).toEqual([]);
    await admin('/admin/cooperation/save', {
      ...pageForm({ title: 'Wombat storage alliance' }),
      id,
      body_html: '<p>Kangaroo certification</p>',
    });
    const found = await find('Kangaroo');
    expect(found.list).toEqual([expect.objectContaining({ kind: 'cooperation', id, url: `/cn/cooperate/info/${id}` })]);
    expect(found.counts.cooperation).toBe(1);
    await admin('/admin/cooperation/delete', { id });
    expect((await find('Wombat')).list).toEqual([]);
  });

  it('refuses bad page input with 400 naming the field, writing nothing', async () => {
    const before = await countRows('cooperation_pages');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '' }, 'title', 'cooperationAdmin.titleRule'],
      [{ title: 'x'.repeat(R.titleMax + 1) }, 'title', 'cooperationAdmin.titleRule'],
      [{ summary: 'x'.repeat(R.summaryMax + 1) }, 'summary', 'cooperationAdmin.summaryRule'],
      [{ cover_url: 'https://evil.example/x.png' }, 'cover_url', 'cooperationAdmin.coverRule'],
      [{ body_html: `<p>${'x'.repeat(R.bodyMaxBytes)}</p>` }, 'body_html', 'cooperationAdmin.bodyRule'],
      [{ sort: -1 }, 'sort', 'cooperationAdmin.sortRule'],
      [{ sort: R.sortMax + 1 }, 'sort', 'cooperationAdmin.sortRule'],
      [{ kind: 'other' }, 'kind', 'cooperationApi.kindRule'],
      [
        { files: Array.from({ length: R.filesMax + 1 }, () => ({ attachment_id: 1, title: 'x' })) },
        'files',
        'cooperationAdmin.filesTooMany',
      ],
      [{ files: [{ attachment_id: 1, title: '' }] }, 'files.0.title', 'cooperationAdmin.fileTitleRule'],
    ];
    for (const site of ['protal', 'protal_en'] as const) {
      const chief = site === 'protal' ? manager : await makeStaff(h, { nick: 'Chief EN' });
      for (const [extra, field, key] of cases) {
        const res = await admin('/admin/cooperation/save', pageForm(extra), chief, site);
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json()).toMatchObject({ status: 40001, msg: expect.stringContaining(msgOf(site, key)) });
        expect(issues(res)).toContainEqual({ field, message: msgOf(site, key) });
      }
    }
    // An attachment someone else uploaded, and a version on the same site.
    const stranger = await h.registerMember();
    const theirs = await uploadPdf(stranger);
    const foreign = await admin(
      '/admin/cooperation/save',
      pageForm({ files: [{ attachment_id: theirs, title: 'x' }] }),
    );
    expect(issues(foreign)).toEqual([{ field: 'files', message: msgOf('protal', 'cooperationAdmin.fileRule') }]);
    const page = (await admin('/admin/cooperation/list', {})).json().data.list[0].id as number;
    const sameSite = await admin('/admin/cooperation/save', pageForm({ version_of: page }));
    expect(issues(sameSite)).toEqual([
      { field: 'version_of', message: msgOf('protal', 'cooperationAdmin.versionRule') },
    ]);
    expect(await countRows('cooperation_pages')).toBe(before);
  });

  it('keeps the back office to cooperation managers: 401 to visitors, 403 to members and other staff', async () => {
    const member = await h.registerMember();
    const calls: Array<[string, unknown]> = [
      ['/admin/cooperation/list', {}],
      ['/admin/cooperation/get', { id: 1 }],
      ['/admin/cooperation/save', pageForm()],
      ['/admin/cooperation/delete', { id: 1 }],
      ['/admin/partners/list', {}],
      ['/admin/partners/save', { name: 'X' }],
      ['/admin/partners/members', { company_id: 1 }],
      ['/admin/partners/addMember', { company_id: 1, user_id: member.id }],
      ['/admin/partners/removeMember', { company_id: 1, user_id: member.id }],
    ];
    const before = await countRows('cooperation_pages');
    for (const [path, body] of calls) {
      expect((await call(undefined, path, body)).statusCode, path).toBe(401);
      expect((await call(member, path, body)).statusCode, path).toBe(403);
      expect((await call(otherStaff, path, body)).statusCode, path).toBe(403);
      expect((await call(reviewer, path, body)).statusCode, path).toBe(403);
    }
    expect(await countRows('cooperation_pages')).toBe(before);
  });

  it('takes a cover picture from managers only, judged by its content, redrawn and audited', async () => {
    const uploadCover = (bytes: Buffer, as?: TestMember) => {
      const { payload, contentType } = multipartFile('file', 'cover.png', 'image/png', bytes);
      return t.app.inject({
        method: 'POST',
        url: '/api/protal/admin/cooperation/uploadCover',
        headers: {
          isapi: '1',
          'content-type': contentType,
          'x-forwarded-for': h.freshIp(),
          ...(as ? { cookie: `${CLIENT_STORAGE.accessTokenCookie}=${as.token}` } : {}),
        },
        payload,
      });
    };
    const audits = () =>
      t.database.db
        .selectFrom('audit_log')
        .select(['actor_id', 'target_kind', 'target_id'])
        .where('action', '=', 'cooperation.uploadCover')
        .execute();
    const png = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();

    const res = await uploadCover(png, manager);
    expect(res.statusCode, res.body).toBe(200);
    const { url, width, height } = res.json().data as { url: string; width: number; height: number };
    expect(url).toMatch(/^\/uploads\/site\/[0-9a-f]{32}\.png$/);
    expect([width, height]).toEqual([1200, 300]);
    const saved = await admin('/admin/cooperation/save', pageForm({ title: 'Covered programme', cover_url: url }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await audits()).toEqual([{ actor_id: manager.id, target_kind: 'upload', target_id: url }]);

    expect((await uploadCover(png)).statusCode).toBe(401);
    expect((await uploadCover(png, await h.registerMember())).statusCode).toBe(403);
    expect((await uploadCover(png, reviewer)).statusCode).toBe(403);
    const text = await uploadCover(Buffer.from('not a picture at all\n'), manager);
    expect(text.statusCode, text.body).toBe(400);
    expect(issues(text).map((i) => i.field)).toEqual(['file']);
    expect(await audits()).toHaveLength(1);
  });

  it('serves a partner-only download to partners and cooperation staff only: 401 to visitors, 403 to other members', async () => {
    const kit = await uploadPdf(manager, 'solution-kit.pdf');
    const brochure = await uploadPdf(manager, 'brochure.pdf');
    const saved = await admin(
      '/admin/cooperation/save',
      pageForm({
        title: 'Solution kits',
        files: [
          { attachment_id: kit, title: 'Solution kit', partner_only: true },
          { attachment_id: brochure, title: 'Brochure' },
        ],
      }),
    );
    const pageId = saved.json().data.id as number;
    const member = await h.registerMember();
    const info = await call(member, '/api/cooperate/info', { id: pageId });
    const files = info.json().data.files as Array<{
      id: number;
      url: string;
      can_download: boolean;
      partner_only: boolean;
    }>;
    expect(files.map((f) => [f.partner_only, f.can_download])).toEqual([
      [true, false],
      [false, true],
    ]);
    const [kitFile, brochureFile] = files;
    expect(kitFile!.url).toBe(`/cooperate/file/${kitFile!.id}`);

    const visitor = await download(kitFile!.id);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ status: 401 });
    const refused = await download(kitFile!.id, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, msg: msgOf('protal', 'cooperationApi.partnersOnly') });
    const open = await download(brochureFile!.id);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-disposition']).toContain('attachment');
    expect(open.headers['cache-control']).toBe('private, no-store');
    expect((await download(kitFile!.id, manager)).statusCode).toBe(200);
    expect((await download(999_999)).statusCode).toBe(404);

    // A draft page's files are not served to anyone but its staff.
    await admin('/admin/cooperation/save', {
      ...pageForm({ title: 'Solution kits', published: false }),
      id: pageId,
      files: [
        { attachment_id: kit, title: 'Solution kit', partner_only: true },
        { attachment_id: brochure, title: 'Brochure' },
      ],
    });
    const draftFiles = (await admin('/admin/cooperation/get', { id: pageId })).json().data.files;
    expect(draftFiles).toHaveLength(2);
    const again = (
      await t.database.db.selectFrom('cooperation_files').select('id').where('page_id', '=', pageId).execute()
    ).map((r) => r.id);
    expect((await download(again[1]!)).statusCode).toBe(404);
    expect((await download(again[1]!, manager)).statusCode).toBe(200);

    // An edit keeps each remaining file's address: published again, the brochure first and renamed,
    // the kit dropped. The brochure downloads where it did; the kit's address is gone.
    const edited = await admin('/admin/cooperation/save', {
      ...pageForm({ title: 'Solution kits' }),
      id: pageId,
      files: [{ attachment_id: brochure, title: 'Brochure 2027' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await call(member, '/api/cooperate/info', { id: pageId })).json().data.files as Array<{
      id: number;
      title: string;
    }>;
    expect(after.map((f) => [f.id, f.title])).toEqual([[brochureFile!.id, 'Brochure 2027']]);
    expect((await download(brochureFile!.id)).statusCode).toBe(200);
    expect((await download(kitFile!.id, manager)).statusCode).toBe(404);
  });
});

describe('the cooperation application', () => {
  it('checks every field with its message, in both languages, writing nothing', async () => {
    const member = await h.registerMember();
    const before = await countRows('cooperation_applications');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ company: 'x'.repeat(R.companyMax + 1) }, 'company', 'cooperationForm.companyRule'],
      [{ company: '' }, 'company', 'cooperationForm.companyRequired'],
      [{ contact_name: 'x'.repeat(R.contactNameMax + 1) }, 'contact_name', 'cooperationForm.contactNameRule'],
      [{ contact_name: '' }, 'contact_name', 'cooperationForm.contactNameRequired'],
      [{ phone: 'call me' }, 'phone', 'cooperationForm.phoneRule'],
      [{ phone: '1'.repeat(R.phoneMax + 1) }, 'phone', 'cooperationForm.phoneRule'],
      [{ email: 'not-an-email' }, 'email', 'cooperationForm.emailRule'],
      [{ email: `${'a'.repeat(R.emailMax)}@x.example` }, 'email', 'cooperationForm.emailRule'],
      [{ phone: '', email: '' }, 'phone', 'cooperationForm.contactRequired'],
      [{ intent: 'x'.repeat(R.intentMax + 1) }, 'intent', 'cooperationForm.intentRule'],
      [{ intent: '   ' }, 'intent', 'cooperationForm.intentRequired'],
      [{ extra: 1 }, 'extra', ''],
    ];
    for (const site of ['protal', 'protal_en'] as const) {
      for (const [extra, field, key] of cases) {
        const res = await call(member, APPLY.submit, { ...goodApplication, ...extra }, site);
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().status).toBe(40001);
        if (key) expect(issues(res)).toContainEqual({ field, message: msgOf(site, key) });
        else expect(issues(res).map((i) => i.field)).toContain(field);
      }
    }
    // A draft keeps the limits but needs nothing.
    const tooLong = await call(member, APPLY.save, { intent: 'x'.repeat(R.intentMax + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(await countRows('cooperation_applications')).toBe(before);
    const draft = await call(member, APPLY.save, { company: 'Draft Co' });
    expect(draft.json()).toMatchObject({
      status: 200,
      msg: msgOf('protal', 'cooperationApi.saved'),
      data: { application: { status: 0, company: 'Draft Co', editable: true }, is_partner: false },
    });
    expect(await countRows('cooperation_applications')).toBe(before + 1);
  });

  it('one pending application at a time (409); a member cannot decide it (403); approval makes the company a partner and the member an enterprise member with badge 50', async () => {
    const member = await h.registerMember({ nick: 'Applicant' });
    const submitted = await call(member, APPLY.submit, goodApplication);
    expect(submitted.json()).toMatchObject({
      status: 200,
      msg: msgOf('protal', 'cooperationApi.submitted'),
      data: { application: { status: REVIEW_STATUS.pending, editable: false } },
    });
    for (const path of [APPLY.submit, APPLY.save]) {
      const again = await call(member, path, goodApplication);
      expect(again.statusCode, path).toBe(409);
      expect(again.json()).toMatchObject({ status: 201, msg: msgOf('protal', 'cooperationApi.pending') });
    }
    const item = await t.database.db
      .selectFrom('review_items')
      .select('id')
      .where('author_id', '=', member.id)
      .where('kind', '=', 'cooperation')
      .executeTakeFirstOrThrow();
    for (const as of [member, otherStaff]) {
      const decide = await call(as, '/admin/review/decide', { ids: [item.id], decision: 'approve' });
      expect(decide.statusCode).toBe(403);
    }
    const info = await call(reviewer, '/admin/review/info', { review_id: item.id });
    const content = info.json().data.content as { title: string; html: string; facts: Array<{ value: string }> };
    expect(content.title).toBe('合作申请：Acme Storage');
    expect(content.html).toContain('We build backup appliances');
    expect(content.facts.map((f) => f.value)).toEqual(
      expect.arrayContaining(['Acme Storage', 'Wang Wei', '+86 10 5555 0101', 'wang@acme.example']),
    );

    const approved = await call(reviewer, '/admin/review/decide', { ids: [item.id], decision: 'approve' });
    expect(approved.json()).toMatchObject({ status: 200, data: { decided: 1 } });
    const mine = await call(member, APPLY.mine);
    expect(mine.json().data).toMatchObject({
      application: { status: REVIEW_STATUS.approved, editable: false, partner_company: 'Acme Storage' },
      is_partner: true,
      partner_company: 'Acme Storage',
    });
    const me = await call(member, '/api/user/getMyInfo');
    expect(JSON.stringify(me.json().data)).toMatch(/"user_logo_arr":\[[^\]]*50/);
    const told = await t.database.db.selectFrom('messages').select('kind').where('user_id', '=', member.id).execute();
    expect(told.map((m) => m.kind)).toContain('review_approved');
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_kind'])
      .where('actor_id', '=', reviewer.id)
      .execute();
    expect(audited).toContainEqual({ action: 'review.approve', target_kind: 'cooperation' });
    // A partner does not apply again.
    const more = await call(member, APPLY.submit, goodApplication);
    expect(more.json()).toMatchObject({ status: 201, msg: msgOf('protal', 'cooperationApi.alreadyPartner') });
    // A second applicant of the same company (any case) joins the same partner company.
    const colleague = await h.registerMember();
    await call(colleague, APPLY.submit, { ...goodApplication, company: '  acme   STORAGE ' }, 'protal_en');
    const second = await t.database.db
      .selectFrom('review_items')
      .select('id')
      .where('author_id', '=', colleague.id)
      .executeTakeFirstOrThrow();
    const enReviewer = await makeStaff(h, { permissions: [PERMISSIONS.reviewCooperation], siteId: 2 });
    await call(enReviewer, '/admin/review/decide', { ids: [second.id], decision: 'approve' }, 'protal_en');
    const companies = await t.database.db.selectFrom('partner_companies').select(['id', 'name']).execute();
    expect(companies.filter((c) => c.name.toLowerCase().includes('acme'))).toHaveLength(1);
    const members = await admin('/admin/partners/members', {
      company_id: companies.find((c) => c.name === 'Acme Storage')!.id,
    });
    expect(
      members
        .json()
        .data.list.map((m: { user_id: number }) => m.user_id)
        .sort(),
    ).toEqual([member.id, colleague.id].sort());
    // The partner directory shows the company.
    const directory = await call(undefined, '/api/cooperate/partners', {});
    expect(directory.json().data.list).toContainEqual(
      expect.objectContaining({ name: 'Acme Storage', member_count: 2 }),
    );
  });

  it('a rejection carries its reason to the personal centre; the member edits, withdraws and resubmits', async () => {
    const member = await h.registerMember();
    await call(member, APPLY.submit, { ...goodApplication, company: 'Beta Disks' });
    const item = await t.database.db
      .selectFrom('review_items')
      .select('id')
      .where('author_id', '=', member.id)
      .executeTakeFirstOrThrow();
    await call(reviewer, '/admin/review/decide', { ids: [item.id], decision: 'reject', reason: 'Tell us more' });
    const centre = await call(member, APPLY.list, {}, 'protal_en');
    expect(centre.json().data.list).toEqual([
      expect.objectContaining({
        kind: 'cooperation',
        status: REVIEW_STATUS.rejected,
        reason: 'Tell us more',
        title: 'Cooperation application: Beta Disks',
        edit_path: '/en/cooperate/index#apply',
        editable: true,
      }),
    ]);
    const resubmitted = await call(member, APPLY.submit, {
      ...goodApplication,
      company: 'Beta Disks',
      intent: 'More.',
    });
    expect(resubmitted.json().data.application).toMatchObject({ status: REVIEW_STATUS.pending, reason: '' });
    const withdrawn = await call(member, APPLY.withdraw);
    expect(withdrawn.json()).toMatchObject({ status: 200, data: { application: { status: REVIEW_STATUS.withdrawn } } });
    expect((await call(member, APPLY.withdraw)).statusCode).toBe(409);
    const queue = await t.database.db
      .selectFrom('review_items')
      .select('status')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(queue.status).toBe(REVIEW_STATUS.withdrawn);
  });
});

describe('partner companies', () => {
  it('staff add and remove members, each told and audited; names are unique; bad input writes nothing', async () => {
    const created = await admin('/admin/partners/save', { name: 'Gamma Arrays', website: 'https://gamma.example' });
    expect(created.json(), created.body).toMatchObject({ status: 200, data: { name: 'Gamma Arrays', listed: true } });
    const companyId = created.json().data.id as number;
    const twin = await admin('/admin/partners/save', { name: ' gamma arrays ' });
    expect(twin.statusCode).toBe(409);
    const bad = await admin('/admin/partners/save', { name: 'Delta', website: 'javascript:alert(1)' });
    expect(issues(bad)).toEqual([{ field: 'website', message: msgOf('protal', 'cooperationAdmin.websiteRule') }]);
    for (const [body, field, key] of [
      [{ name: '' }, 'name', 'cooperationAdmin.nameRule'],
      [{ name: 'x'.repeat(R.companyMax + 1) }, 'name', 'cooperationAdmin.nameRule'],
      [{ name: 'Delta', summary: 'x'.repeat(R.summaryMax + 1) }, 'summary', 'cooperationAdmin.summaryRule'],
    ] as const) {
      const res = await admin('/admin/partners/save', body);
      expect(res.statusCode).toBe(400);
      expect(issues(res)).toEqual([{ field, message: msgOf('protal', key) }]);
    }
    expect(
      (await t.database.db.selectFrom('partner_companies').select('id').where('name', '=', 'Delta').execute()).length,
    ).toBe(0);

    const member = await h.registerMember();
    const added = await admin('/admin/partners/addMember', {
      company_id: companyId,
      user_id: member.id,
      reason: 'Signed',
    });
    expect(added.json().data.list.map((m: { user_id: number }) => m.user_id)).toEqual([member.id]);
    const twice = await admin('/admin/partners/addMember', { company_id: companyId, user_id: member.id });
    expect(twice.statusCode).toBe(409);
    const longReason = await admin('/admin/partners/removeMember', {
      company_id: companyId,
      user_id: member.id,
      reason: 'x'.repeat(R.reasonMax + 1),
    });
    expect(issues(longReason)).toEqual([{ field: 'reason', message: msgOf('protal', 'cooperationAdmin.reasonRule') }]);
    const missing = await admin('/admin/partners/addMember', { company_id: companyId, user_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect((await call(member, '/api/cooperate/myApplication')).json().data).toMatchObject({
      is_partner: true,
      partner_company: 'Gamma Arrays',
    });
    const removed = await admin('/admin/partners/removeMember', {
      company_id: companyId,
      user_id: member.id,
      reason: 'Contract ended',
    });
    expect(removed.json().data.list).toEqual([]);
    expect((await call(member, '/api/cooperate/myApplication')).json().data.is_partner).toBe(false);
    const told = await t.database.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', member.id)
      .execute();
    expect(told.map((m) => m.kind)).toEqual(expect.arrayContaining(['partner_added', 'partner_removed']));
    expect(told.find((m) => m.kind === 'partner_removed')!.params).toContain('Contract ended');
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_kind', '=', 'partner_company')
      .where('target_id', '=', String(companyId))
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['partner.create', 'partner.addMember', 'partner.removeMember']);
  });
});
