import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE, REQUEST_HEADERS } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import { type accountsHarness, multipartFile, type Site, type TestMember } from '../../../test/accounts-harness';
import { grantDirectly, makeStaff, msgOf, staffCall, staffTestApp } from '../../../test/roles-harness';
import { PDF } from '../../platform/uploads/uploads.test-support';

// The e-magazine (issue 20, items 1–3 and 6) through the real calls, on SQLite and on PostgreSQL.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let editor: TestMember;
let member: TestMember;
let partner: TestMember;

const db = () => t.database.db;
const siteIdOf = (site: Site) => (site === 'protal' ? 1 : 2);
const DAY = 86_400_000;

/** The ebook calls have no site in their path (spec 7): the siteData cookie names it. */
const ebook = (
  path: string,
  body: unknown,
  opts: { site?: Site; as?: TestMember; ip?: string; visitor?: string } = {},
) =>
  t.call(`/api/ebook/${path}`, body, {
    headers: {
      cookie: [
        `${CLIENT_STORAGE.siteDataCookie}=${siteIdOf(opts.site ?? 'protal')}`,
        ...(opts.as ? [`${CLIENT_STORAGE.accessTokenCookie}=${opts.as.token}`] : []),
      ].join('; '),
      'x-forwarded-for': opts.ip ?? h.freshIp(),
      ...(opts.visitor ? { [REQUEST_HEADERS.visitorId]: opts.visitor } : {}),
    },
  });
const admin = (path: string, body: unknown, as?: TestMember, site: Site = 'protal') =>
  staffCall(h, site, `/admin/journal${path}`, body, as);
const pdf = (issueId: number, opts: { as?: TestMember; download?: boolean; ip?: string } = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/journal/pdf/${issueId}${opts.download ? '?download=1' : ''}`,
    headers: {
      'x-forwarded-for': opts.ip ?? h.freshIp(),
      ...(opts.as ? { cookie: `${CLIENT_STORAGE.accessTokenCookie}=${opts.as.token}` } : {}),
    },
  });

async function uploadPdf(as: TestMember, bytes: Buffer = PDF, name = 'issue.pdf'): Promise<number> {
  const { payload, contentType } = multipartFile('file', name, 'application/pdf', bytes);
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

async function makeIssue(body: Record<string, unknown>, site: Site = 'protal'): Promise<number> {
  const res = await admin(
    '/issueSave',
    {
      teb_number: 1,
      teb_title: 'Flash at scale',
      publish_time: new Date(Date.now() - DAY).toISOString(),
      published: true,
      ...body,
    },
    editor,
    site,
  );
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().data.teb_id);
}

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  editor = await makeStaff(h, { role: 'editor', siteId: null, nick: 'Editor Eve' });
  member = await h.readyMember('Reader Rae', 'protal');
  partner = await h.readyMember('Partner Pat', 'protal');
  await grantDirectly(db(), partner.id, 'enterprise', null);
});
afterAll(async () => t?.close());

describe('the back office’s e-magazine', () => {
  it('refuses a visitor (401), a member (403) and bad input (400 naming the fields), writing nothing', async () => {
    expect((await admin('/issueList', {})).statusCode).toBe(401);
    expect((await admin('/issueSave', { teb_number: 1, teb_title: 'X', publish_time: 'now' }, member)).statusCode).toBe(
      403,
    );
    const reviewerOnly = await makeStaff(h, { permissions: ['admin.access', 'review.journal'], siteId: 1 });
    expect((await admin('/categoryList', {}, reviewerOnly)).statusCode).toBe(403);
    const bad = await admin('/issueSave', { teb_number: 0, teb_title: '  ', publish_time: 'soon' }, editor);
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().data.issues as Array<{ field: string }>).map((i) => i.field).sort();
    expect(fields).toEqual(['publish_time', 'teb_number', 'teb_title']);
    const noAuthor = await admin('/articleSave', { teb_id: 1, tea_title: 'T', tea_content: '<p> &nbsp;</p>' }, editor);
    expect(noAuthor.statusCode).toBe(400);
    expect((noAuthor.json().data.issues as Array<{ field: string }>).map((i) => i.field).sort()).toEqual([
      'author_name',
      'tea_content',
    ]);
    expect(await db().selectFrom('journal_issues').select('id').execute()).toEqual([]);
  });

  it('takes only a PDF by its bytes, and a category of its own site', async () => {
    const { payload, contentType } = multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('plain words\n'));
    const txt = await t.app.inject({
      method: 'POST',
      url: '/api/tool/uploadfile/',
      headers: {
        isapi: '1',
        'content-type': contentType,
        'x-forwarded-for': h.freshIp(),
        cookie: `${CLIENT_STORAGE.accessTokenCookie}=${editor.token}`,
      },
      payload,
    });
    expect(txt.statusCode, txt.body).toBe(200);
    const refused = await admin(
      '/issueSave',
      {
        teb_number: 9,
        teb_title: 'Wrong file',
        publish_time: new Date().toISOString(),
        pdf_att_id: txt.json().data.att_id,
      },
      editor,
    );
    expect(refused.json()).toMatchObject({ status: 201, msg: msgOf('protal', 'journalAdmin.api.pdfInvalid') });
    const enCategory = await admin('/categorySave', { tjc_name: 'Case studies' }, editor, 'protal_en');
    const crossSite = await admin(
      '/issueSave',
      {
        teb_number: 9,
        teb_title: 'Wrong site',
        publish_time: new Date().toISOString(),
        tjc_id: enCategory.json().data.tjc_id,
      },
      editor,
    );
    expect(crossSite.statusCode).toBe(404);
  });

  it('writes categories, issues and ordered articles (sanitised), each audited, and reads them back', async () => {
    const cat = await admin('/categorySave', { tjc_name: '技术月刊', tjc_sort: 1 }, editor);
    expect(cat.statusCode, cat.body).toBe(200);
    const tjcId = Number(cat.json().data.tjc_id);
    const attId = await uploadPdf(editor);
    const issueId = await makeIssue({ teb_number: 12, teb_title: '全闪存专刊', tjc_id: tjcId, pdf_att_id: attId });
    const second = await admin(
      '/articleSave',
      { teb_id: issueId, tea_title: 'Second', tea_sort: 5, author_name: 'Guest Gu', tea_content: '<p>Two</p>' },
      editor,
    );
    const first = await admin(
      '/articleSave',
      {
        teb_id: issueId,
        tea_title: 'First',
        tea_sort: 1,
        author_user_id: member.id,
        tea_content: '<p onclick="alert(1)">One<script>alert(2)</script></p>',
      },
      editor,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.tea_content).toBe('<p>One</p>');
    expect(first.json().data.author).toMatchObject({ name: 'Reader Rae', user: { user_id: member.id } });
    expect(second.json().data.author).toEqual({ user: null, name: 'Guest Gu' });

    const toc = await ebook('ebookArticleList', { teb_id: issueId });
    expect(toc.json().data.list.map((a: { tea_title: string }) => a.tea_title)).toEqual(['First', 'Second']);
    const listed = (await admin('/issueList', {}, editor)).json().data.list;
    expect(listed[0]).toMatchObject({
      teb_id: issueId,
      article_count: 2,
      pdf: { att_id: attId },
      tjc_name: '技术月刊',
    });
    const actions = await db().selectFrom('audit_log').select('action').where('action', 'like', 'journal.%').execute();
    expect(actions.map((a) => a.action).sort()).toEqual(
      expect.arrayContaining(['journal.categorySave', 'journal.issueCreate', 'journal.articleSave']),
    );
    const articleId = Number(first.json().data.tea_id);
    expect((await admin('/articleDelete', { tea_id: articleId }, editor)).statusCode).toBe(200);
    expect((await ebook('ebookArticleList', { teb_id: issueId })).json().data.list).toHaveLength(1);
    // The issue's own count follows its articles.
    const after = (await admin('/issueList', {}, editor)).json().data.list;
    expect(after.find((i: { teb_id: number }) => i.teb_id === issueId)).toMatchObject({ article_count: 1 });
  });
});

describe('the magazine as readers see it', () => {
  it('lists published issues of the site newest first, keyset paged, by category, with the figures', async () => {
    const cat = Number((await admin('/categorySave', { tjc_name: 'Trends' }, editor, 'protal_en')).json().data.tjc_id);
    const base = Date.now() - 10 * DAY;
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++)
      ids.push(
        await makeIssue(
          {
            teb_number: n,
            teb_title: `Issue ${n}`,
            publish_time: new Date(base + n * DAY).toISOString(),
            tjc_id: n % 2 ? cat : null,
          },
          'protal_en',
        ),
      );
    const draftIssue = await makeIssue({ teb_number: 6, teb_title: 'Draft', published: false }, 'protal_en');
    await makeIssue(
      { teb_number: 7, teb_title: 'Future', publish_time: new Date(Date.now() + DAY).toISOString() },
      'protal_en',
    );

    const page1 = (await ebook('get_ebook_list', { limit: 2 }, { site: 'protal_en' })).json().data;
    expect(page1.list.map((i: { teb_id: number }) => i.teb_id)).toEqual([ids[4], ids[3]]);
    const page2 = (await ebook('get_ebook_list', { limit: 2, cursor: page1.next_cursor }, { site: 'protal_en' })).json()
      .data;
    const page3 = (await ebook('get_ebook_list', { limit: 2, cursor: page2.next_cursor }, { site: 'protal_en' })).json()
      .data;
    expect([...page2.list, ...page3.list].map((i: { teb_id: number }) => i.teb_id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(page3.next_cursor).toBeNull();
    const byCat = (await ebook('get_ebook_list', { tjc_id: cat }, { site: 'protal_en' })).json().data.list;
    expect(byCat.map((i: { teb_id: number }) => i.teb_id)).toEqual([ids[4], ids[2], ids[0]]);
    const cats = (await ebook('get_ebook_category', {}, { site: 'protal_en' })).json().data.list;
    expect(cats.find((c: { tjc_id: number }) => c.tjc_id === cat)).toMatchObject({
      tjc_name: 'Trends',
      issue_count: 3,
    });
    const stats = (await ebook('journalStats', {}, { site: 'protal_en' })).json().data;
    expect(stats).toMatchObject({ issue_count: 5, article_count: 0 });
    // Articles of public issues count; a draft's do not.
    for (const teb_id of [ids[0], ids[4], draftIssue])
      expect(
        (
          await admin(
            '/articleSave',
            { teb_id, tea_title: 'Counted?', author_name: 'Guest', tea_content: '<p>x</p>' },
            editor,
            'protal_en',
          )
        ).statusCode,
      ).toBe(200);
    expect((await ebook('journalStats', {}, { site: 'protal_en' })).json().data).toMatchObject({
      issue_count: 5,
      article_count: 2,
    });

    const previous = (await ebook('ebookPreviousList', { teb_id: ids[3] }, { site: 'protal_en' })).json().data.list;
    expect(previous.map((i: { teb_id: number }) => i.teb_id)).toEqual([ids[2], ids[1], ids[0]]);
    // Not on the other site, drafts only for editors.
    expect((await ebook('ebookInfo', { teb_id: ids[0] }, { site: 'protal' })).statusCode).toBe(404);
    const draft = (await admin('/issueList', {}, editor, 'protal_en'))
      .json()
      .data.list.find((i: { teb_title: string }) => i.teb_title === 'Draft');
    expect((await ebook('ebookInfo', { teb_id: draft.teb_id }, { site: 'protal_en' })).statusCode).toBe(404);
    const preview = await ebook('ebookInfo', { teb_id: draft.teb_id }, { site: 'protal_en', as: editor });
    expect(preview.json().data).toMatchObject({ is_preview: true });
  });

  it('reads an article online with its author and neighbours; unknown ones are 404', async () => {
    const issueId = await makeIssue({ teb_number: 30, teb_title: 'Online' });
    const a = await admin(
      '/articleSave',
      {
        teb_id: issueId,
        tea_title: 'Alpha',
        author_user_id: member.id,
        tea_content: '<p>alpha <strong>bold</strong></p>',
      },
      editor,
    );
    const b = await admin(
      '/articleSave',
      { teb_id: issueId, tea_title: 'Beta', author_name: 'Bo', tea_content: '<p>b</p>' },
      editor,
    );
    const read = await ebook('ebookArticleInfo', { tea_id: a.json().data.tea_id });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      tea_title: 'Alpha',
      tea_content: '<p>alpha <strong>bold</strong></p>',
      author: { name: 'Reader Rae', user: { user_id: member.id } },
      issue: { teb_id: issueId, teb_number: 30 },
      prev: null,
      next: { tea_id: b.json().data.tea_id, tea_title: 'Beta' },
      read_count: 1,
    });
    expect((await ebook('ebookArticleInfo', { tea_id: 999_999 })).statusCode).toBe(404);
    expect((await ebook('ebookArticleInfo', { tea_id: a.json().data.tea_id }, { site: 'protal_en' })).statusCode).toBe(
      404,
    );
  });
});

describe('partner-only downloads and the figures', () => {
  it('refuses the PDF of a partner-only issue to visitors and members on the server, and serves partners and editors', async () => {
    const attId = await uploadPdf(editor);
    const issueId = await makeIssue({ teb_number: 40, teb_title: 'Partners', pdf_att_id: attId, partner_only: true });

    const asMember = (await ebook('ebookInfo', { teb_id: issueId }, { as: member })).json().data;
    expect(asMember).toMatchObject({
      can_download: false,
      download_refusal: 'partners',
      pdf_url: `/journal/pdf/${issueId}`,
    });
    const asPartner = (await ebook('ebookInfo', { teb_id: issueId }, { as: partner })).json().data;
    expect(asPartner).toMatchObject({ can_download: true, download_refusal: null });

    expect((await pdf(issueId)).statusCode).toBe(401);
    const refused = await pdf(issueId, { as: member, download: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, msg: msgOf('protal', 'journalAdmin.api.partnersOnly') });
    expect(msgOf('protal_en', 'journalAdmin.api.partnersOnly')).toBe('Downloads restricted to partners');

    const served = await pdf(issueId, { as: partner, download: true });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
    expect(served.headers['cache-control']).toBe('private, no-store');
    const inline = await pdf(issueId, { as: editor });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline/);

    // An open issue's PDF is for everyone; an issue without one, or unknown, is 404.
    const openId = await makeIssue({ teb_number: 41, teb_title: 'Open', pdf_att_id: attId });
    expect((await pdf(openId)).statusCode).toBe(200);
    expect((await pdf(await makeIssue({ teb_number: 42, teb_title: 'No PDF' }))).statusCode).toBe(404);
    expect((await pdf(9_999_999)).statusCode).toBe(404);
  });

  it('counts readers and downloads once per member or visitor per day, exactly, under concurrent reads', async () => {
    const attId = await uploadPdf(editor);
    const issueId = await makeIssue({ teb_number: 50, teb_title: 'Counted', pdf_att_id: attId });
    const visitors = ['a', 'b', 'c'].map((c) => c.repeat(16));
    // 3 visitors and 2 members, each reading 4 times at once.
    await Promise.all(
      [...visitors.map((v) => ({ visitor: v })), { as: member }, { as: partner }].flatMap((who) =>
        Array.from({ length: 4 }, () => ebook('ebookInfo', { teb_id: issueId }, who)),
      ),
    );
    await Promise.all([
      ...Array.from({ length: 5 }, () => pdf(issueId, { as: member, download: true })),
      ...Array.from({ length: 5 }, () => pdf(issueId, { as: partner, download: true })),
      // The in-page reader's requests are not downloads.
      ...Array.from({ length: 3 }, () => pdf(issueId, { as: member })),
    ]);
    const info = (await ebook('ebookInfo', { teb_id: issueId }, { as: member })).json().data;
    expect(info).toMatchObject({ read_count: 5, download_count: 2 });
    const stats = (await admin('/issueStats', { teb_id: issueId }, editor)).json().data;
    expect(stats).toMatchObject({ read_count: 5, download_count: 2 });
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), reads: 5, downloads: 2 });
    const all = (await ebook('journalStats', {})).json().data;
    expect(all.reader_count).toBeGreaterThanOrEqual(5);
    expect(all.download_count).toBeGreaterThanOrEqual(2);
  });
});
