import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { makeAttachment, postDictionaries, type SiteDictionaries } from '../../../test/discussions-harness';
import { makeStaff, msgOf, staffCall, staffTestApp } from '../../../test/roles-harness';

// E-magazine submissions (issue 20 items 4, 5, 7) through the real calls, on SQLite and on PostgreSQL.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let editor: TestMember;
let author: TestMember;
let other: TestMember;
let dict: SiteDictionaries;
let enDict: SiteDictionaries;

const db = () => t.database.db;
const siteIdOf = (site: Site) => (site === 'protal' ? 1 : 2);

/** The ebook calls take their site from the siteData cookie (spec 7). */
const ebook = (path: string, body: unknown, as?: TestMember, site: Site = 'protal') =>
  t.call(`/api/ebook/${path}`, body, {
    headers: {
      cookie: [
        `${CLIENT_STORAGE.siteDataCookie}=${siteIdOf(site)}`,
        ...(as ? [`${CLIENT_STORAGE.accessTokenCookie}=${as.token}`] : []),
      ].join('; '),
      'x-forwarded-for': h.freshIp(),
    },
  });
const admin = (path: string, body: unknown, as?: TestMember, site: Site = 'protal') =>
  staffCall(h, site, path, body, as);

const form = (over: Record<string, unknown> = {}) => ({
  user_name: '张三',
  user_nick_name: 'Flash Fan',
  user_contact_mobile: '13800138000',
  user_contact_email: 'zhang@example.com',
  teba_title: 'Tiering cold data to tape',
  teba_hy_dd_id: dict.industry,
  teba_cj_dd_id: dict.scene,
  teba_content: '<p>Why tape still wins for cold data.</p>',
  teba_annex: [],
  ...over,
});

async function submit(as: TestMember = author, over: Record<string, unknown> = {}): Promise<number> {
  const res = await ebook('add', form(over), as);
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().data.teba_id);
}

async function reviewIdOf(submissionId: number): Promise<number> {
  const row = await db()
    .selectFrom('review_items')
    .select('id')
    .where('kind', '=', 'journal')
    .where('item_id', '=', submissionId)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const decide = async (submissionId: number, decision: 'approve' | 'reject', reason?: string, as = editor) =>
  admin('/admin/review/decide', { ids: [await reviewIdOf(submissionId)], decision, ...(reason ? { reason } : {}) }, as);

const mine = async (as: TestMember = author) => {
  const res = await ebook('mySubmissions', {}, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list as Array<{
    teba_id: number;
    status: number;
    review_reason: string | null;
    article: unknown;
  }>;
};

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  editor = await makeStaff(h, { role: 'editor', siteId: null, nick: 'Editor Eve' });
  author = await h.readyMember('Author Ann', 'protal');
  other = await h.readyMember('Other Oz', 'protal');
  dict = await postDictionaries(db(), 1);
  enDict = await postDictionaries(db(), 2);
});
afterAll(async () => t?.close());

describe('submitting to the e-magazine', () => {
  it('refuses a visitor (401), and every missing or blank field with the form’s words (400), writing nothing', async () => {
    expect((await ebook('add', form())).statusCode).toBe(401);
    const empty = await ebook('add', {}, author);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().status).toBe(40001);
    const issues = empty.json().data.issues as Array<{ field: string; message: string }>;
    expect(issues.map((i) => i.field).sort()).toEqual(
      [
        'teba_cj_dd_id',
        'teba_content',
        'teba_hy_dd_id',
        'teba_title',
        'user_contact_email',
        'user_contact_mobile',
        'user_name',
        'user_nick_name',
      ].sort(),
    );
    expect(issues.find((i) => i.field === 'user_name')?.message).toBe(msgOf('protal', 'journalForm.nameRequired'));
    // Blank after trimming is missing: spaces, and rich text of nothing but a no-break space.
    const blank = await ebook(
      'add',
      form({ user_name: '   ', user_nick_name: '\t', teba_title: '  ', teba_content: '<p>&nbsp; </p><p> </p>' }),
      author,
      'protal_en',
    );
    expect(blank.statusCode).toBe(400);
    const byField = Object.fromEntries(
      (blank.json().data.issues as Array<{ field: string; message: string }>).map((i) => [i.field, i.message]),
    );
    expect(byField).toMatchObject({
      user_name: msgOf('protal_en', 'journalForm.nameRequired'),
      user_nick_name: msgOf('protal_en', 'journalForm.nickRequired'),
      teba_title: msgOf('protal_en', 'journalForm.titleRequired'),
      teba_content: msgOf('protal_en', 'journalForm.contentInvalid'),
    });
    expect(await db().selectFrom('journal_submissions').select('id').execute()).toEqual([]);
  });

  it('holds the lengths and formats: name 50, nickname 50, title 200, a phone number and an email', async () => {
    const res = await ebook(
      'add',
      form({
        user_name: 'n'.repeat(51),
        user_nick_name: 'k'.repeat(51),
        teba_title: 't'.repeat(201),
        user_contact_mobile: 'call me',
        user_contact_email: 'zhang@',
      }),
      author,
    );
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(
      (res.json().data.issues as Array<{ field: string; message: string }>).map((i) => [i.field, i.message]),
    );
    expect(byField).toEqual({
      user_name: msgOf('protal', 'journalForm.nameTooLong'),
      user_nick_name: msgOf('protal', 'journalForm.nickTooLong'),
      teba_title: msgOf('protal', 'journalForm.titleTooLong'),
      user_contact_mobile: msgOf('protal', 'journalForm.mobileRequired'),
      user_contact_email: msgOf('protal', 'journalForm.emailRequired'),
    });
    // Exactly at the limits is fine.
    const id = await submit(author, { user_name: 'n'.repeat(50), teba_title: 't'.repeat(200) });
    expect(id).toBeGreaterThan(0);
  });

  it('takes industry and field of its own site and the author’s own attachments only, and sanitises the content', async () => {
    const wrongSite = await ebook('add', form({ teba_hy_dd_id: enDict.industry }), author);
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().data.field).toBe('teba_hy_dd_id');
    const sceneAsIndustry = await ebook('add', form({ teba_hy_dd_id: dict.scene }), author);
    expect(sceneAsIndustry.json().data.field).toBe('teba_hy_dd_id');
    const othersFile = await makeAttachment(db(), other.id);
    const notMine = await ebook('add', form({ teba_annex: [othersFile] }), author);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().data.field).toBe('teba_annex');
    const onlyScript = await ebook('add', form({ teba_content: '<script>alert(1)</script>' }), author);
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().data.field).toBe('teba_content');

    const mineFile = await makeAttachment(db(), author.id, 'outline.pdf');
    const id = await submit(author, {
      teba_content: '<p onclick="steal()">Tape <img src="x" onerror="steal()"><script>x()</script>wins</p>',
      teba_annex: [mineFile],
    });
    const row = await db().selectFrom('journal_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.content).not.toMatch(/script|onclick|onerror/);
    expect(row.status).toBe(10);
    const info = await ebook('submissionInfo', { teba_id: id }, author);
    expect(info.json().data.teba_annex).toMatchObject([{ att_id: mineFile, att_title: 'outline.pdf' }]);
    expect((await ebook('submissionInfo', { teba_id: id }, other)).statusCode).toBe(403);
  });

  it('prefills the form from the member’s profile, with the site’s industries and fields', async () => {
    const res = await ebook('formConfig', {}, author);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.profile.user_nick_name).toBe('Author Ann');
    expect(data.profile.user_contact_email).toMatch(/@/);
    expect(data.industry_list.map((x: { value: number }) => x.value)).toContain(dict.industry);
    expect(data.field_list.map((x: { value: number }) => x.value)).toContain(dict.scene);
    expect((await ebook('formConfig', {})).statusCode).toBe(401);
  });
});

describe('the editors’ review of submissions', () => {
  it('lets only holders of review.journal decide (403 for members and other staff)', async () => {
    const id = await submit();
    expect((await decide(id, 'approve', undefined, author)).statusCode).toBe(403);
    const postReviewer = await makeStaff(h, { permissions: ['admin.access', 'review.post'], siteId: 1 });
    const refused = await decide(id, 'approve', undefined, postReviewer);
    expect(refused.statusCode).toBe(403);
    const list = await admin('/admin/review/list', { kind: 'journal' }, postReviewer);
    expect(list.json().data.list).toEqual([]);
    const editorList = await admin('/admin/review/list', { kind: 'journal' }, editor);
    expect(editorList.json().data.list.map((i: { item_id: number }) => i.item_id)).toContain(id);
    const info = await admin('/admin/review/info', { review_id: await reviewIdOf(id) }, editor);
    expect(info.json().data.content.facts.map((f: { value: string }) => f.value)).toContain('13800138000');
    expect((await mine()).find((s) => s.teba_id === id)?.status).toBe(10);
  });

  it('shows a rejection’s reason to the author, who edits and resubmits; acceptance pays the points once', async () => {
    const id = await submit(author, { teba_title: 'First draft' });
    const rejected = await decide(id, 'reject', 'Needs benchmark figures');
    expect(rejected.json().data.decided).toBe(1);
    expect((await mine()).find((s) => s.teba_id === id)).toMatchObject({
      status: 30,
      review_reason: 'Needs benchmark figures',
    });
    const messages = await db()
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', author.id)
      .where('kind', '=', 'review_rejected')
      .execute();
    expect(messages.some((m) => m.params.includes('Needs benchmark figures'))).toBe(true);

    const edited = await ebook('edit', { teba_id: id, ...form({ teba_title: 'Second draft' }) }, author);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 200, msg: msgOf('protal', 'journalForm.api.resubmitted') });
    expect((await mine()).find((s) => s.teba_id === id)).toMatchObject({ status: 10, review_reason: null });
    expect((await ebook('edit', { teba_id: id, ...form() }, other)).statusCode).toBe(403);

    const before = await db()
      .selectFrom('users')
      .select('points')
      .where('id', '=', author.id)
      .executeTakeFirstOrThrow();
    expect((await decide(id, 'approve')).json().data.decided).toBe(1);
    const after = await db().selectFrom('users').select('points').where('id', '=', author.id).executeTakeFirstOrThrow();
    expect(Number(after.points) - Number(before.points)).toBe(50);
    // Decided once: a second approval changes nothing, and an accepted submission is no longer editable.
    expect((await decide(id, 'approve')).statusCode).toBe(409);
    const late = await ebook('edit', { teba_id: id, ...form() }, author);
    expect(late.json()).toMatchObject({ status: 201, msg: msgOf('protal', 'journalForm.api.notEditable') });
    const ledger = await db()
      .selectFrom('points_ledger')
      .select('amount')
      .where('source_kind', '=', 'journal_submission')
      .where('source_id', '=', id)
      .execute();
    expect(ledger.map((l) => Number(l.amount))).toEqual([50]);
    const approved = await db()
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', author.id)
      .where('kind', '=', 'review_approved')
      .execute();
    expect(approved.length).toBeGreaterThan(0);
  });

  it('lets the author withdraw only while pending, and only their own', async () => {
    const id = await submit();
    expect((await ebook('withdraw', { teba_id: id }, other)).statusCode).toBe(403);
    const done = await ebook('withdraw', { teba_id: id }, author);
    expect(done.json()).toMatchObject({ status: 200, data: { teba_id: id, status: 40 } });
    const again = await ebook('withdraw', { teba_id: id }, author);
    expect(again.json()).toMatchObject({ status: 201, msg: msgOf('protal', 'journalForm.api.notPending') });
    expect((await decide(id, 'approve')).statusCode).toBe(409);
    // Withdrawn, then edited: back in the queue.
    expect((await ebook('edit', { teba_id: id, ...form() }, author)).statusCode).toBe(200);
    expect((await mine()).find((s) => s.teba_id === id)?.status).toBe(10);
  });
});

describe('placing accepted submissions into issues', () => {
  it('places an accepted submission once, as the submitter’s article, edited by the editor', async () => {
    const issue = await admin(
      '/admin/journal/issueSave',
      {
        teb_number: 7,
        teb_title: 'Cold data',
        publish_time: new Date(Date.now() - 60_000).toISOString(),
        published: true,
      },
      editor,
    );
    expect(issue.statusCode, issue.body).toBe(200);
    const tebId = Number(issue.json().data.teb_id);
    const pendingOne = await submit();
    const notYet = await admin(
      '/admin/journal/articleSave',
      { teb_id: tebId, teba_id: pendingOne, tea_title: 'X', tea_content: '<p>x</p>' },
      editor,
    );
    expect(notYet.json()).toMatchObject({
      status: 201,
      msg: msgOf('protal', 'journalAdmin.api.submissionNotAccepted'),
    });

    const id = await submit(author, { teba_title: 'Tape for the cold tier' });
    await decide(id, 'approve');
    const list = await admin('/admin/journal/submissionList', {}, editor);
    expect(list.json().data.list.map((s: { teba_id: number }) => s.teba_id)).toContain(id);
    expect((await admin('/admin/journal/submissionList', {}, author)).statusCode).toBe(403);

    // Two editors place it at once: one article, one refusal.
    const place = () =>
      admin(
        '/admin/journal/articleSave',
        { teb_id: tebId, teba_id: id, tea_title: 'Tape for the cold tier (edited)', tea_content: '<p>Edited text</p>' },
        editor,
      );
    const results = await Promise.all([place(), place()]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.find((r) => r.statusCode !== 200)?.json()).toMatchObject({
      status: 201,
      msg: msgOf('protal', 'journalAdmin.api.submissionPlaced'),
    });
    const article = ok[0]!.json().data;
    expect(article).toMatchObject({
      teba_id: id,
      author_user_id: author.id,
      tea_title: 'Tape for the cold tier (edited)',
    });
    const placedList = await admin('/admin/journal/submissionList', {}, editor);
    expect(placedList.json().data.list.map((s: { teba_id: number }) => s.teba_id)).not.toContain(id);

    // The article reads online, by its author, and the author's list links to it.
    const read = await ebook('ebookArticleInfo', { tea_id: article.tea_id });
    expect(read.json().data).toMatchObject({
      tea_content: '<p>Edited text</p>',
      author: { user: { user_id: author.id } },
    });
    expect((await mine()).find((s) => s.teba_id === id)?.article).toEqual({ teb_id: tebId, tea_id: article.tea_id });
  });
});

describe('dictionary entries a submission names', () => {
  it('keeps an industry or a field a submission is filed under from being deleted, with the dictionaries’ own message', async () => {
    const chief = await makeStaff(h, { nick: 'Chief Dict' });
    const create = async (kind: 'industry' | 'scene', label: string) => {
      const res = await admin('/admin/dictionaries/create', { kind, label }, chief);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.dd_id as number;
    };
    const industry = await create('industry', '存储期刊行业');
    const field = await create('scene', '存储期刊领域');
    const id = await submit(author, { teba_hy_dd_id: industry, teba_cj_dd_id: field });
    // Withdrawn or not, the submission still names them.
    expect((await ebook('withdraw', { teba_id: id }, author)).statusCode).toBe(200);
    for (const [dd, label] of [
      [industry, '存储期刊行业'],
      [field, '存储期刊领域'],
    ] as const) {
      const res = await admin('/admin/dictionaries/delete', { dd_id: dd }, chief);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        status: 201,
        msg: msgOf('protal', 'siteAdmin.dictionaries.inUse', {
          label,
          uses: msgOf('protal', 'siteAdmin.dictionaries.usage.submissions', { count: 1 }),
        }),
        data: { usage: { members: 0, posts: 0, articles: 0, moderators: 0, events: 0, submissions: 1 } },
      });
      expect(await db().selectFrom('dictionaries').select('id').where('id', '=', dd).executeTakeFirst()).toBeTruthy();
    }
    // An entry no submission names goes as before.
    const unused = await create('industry', '无人使用的行业');
    expect((await admin('/admin/dictionaries/delete', { dd_id: unused }, chief)).statusCode).toBe(200);
  });
});

describe('the preview of a submission', () => {
  it('shows the author and the editors the submission as it would read online, refuses anyone else (403) and a visitor (401)', async () => {
    const att = await makeAttachment(db(), author.id, 'tape-costs.xlsx');
    const id = await submit(author, {
      teba_title: 'Preview: tape economics',
      teba_content: '<p onclick="steal()">Tape <script>x()</script>wins on cost</p>',
      teba_annex: [att],
    });
    const preview = async (as?: TestMember, teba_id = id) => ebook('submissionPreview', { teba_id }, as);

    const mineRes = await preview(author);
    expect(mineRes.statusCode, mineRes.body).toBe(200);
    const seen = mineRes.json().data;
    expect(seen).toMatchObject({
      teba_id: id,
      tws_id: 1,
      status: 10,
      review_reason: null,
      teba_title: 'Preview: tape economics',
      author: { name: 'Author Ann', user: { user_id: author.id } },
      article: null,
    });
    const labels = await db()
      .selectFrom('dictionaries')
      .select(['id', 'label'])
      .where('id', 'in', [dict.industry, dict.scene])
      .execute();
    expect(seen.industry).toBe(labels.find((l) => l.id === dict.industry)!.label);
    expect(seen.field).toBe(labels.find((l) => l.id === dict.scene)!.label);
    expect(seen.teba_content).toContain('Tape');
    expect(seen.teba_content).not.toMatch(/script|onclick/);
    expect(seen.teba_annex).toEqual([expect.objectContaining({ att_id: att, att_title: 'tape-costs.xlsx' })]);

    // The editor (review.journal) reads it from the review queue's link, which points at its page.
    const editorRes = await preview(editor);
    expect(editorRes.statusCode, editorRes.body).toBe(200);
    expect(editorRes.json().data.teba_content).toBe(seen.teba_content);
    const queue = await admin('/admin/review/list', { kind: 'journal' }, editor);
    expect(queue.statusCode, queue.body).toBe(200);
    const item = (queue.json().data.list as Array<{ item_id: number; preview_url: string }>).find(
      (i) => i.item_id === id,
    );
    expect(item?.preview_url).toBe(`/cn/journal/preview/${id}`);

    // Another member, and staff without the magazine's permissions: 403, nothing of it answered.
    const moderatorLike = await makeStaff(h, {
      permissions: ['review.article', 'post.moderate'],
      nick: 'Not An Editor',
    });
    for (const who of [other, moderatorLike]) {
      const res = await preview(who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 403, msg: msgOf('protal', 'journalForm.api.previewRefused'), data: null });
    }
    const visitor = await preview();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().data).toBeNull();
    const unknown = await preview(author, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(msgOf('protal', 'journalForm.api.notFound'));
    // In English on the English site.
    const en = await ebook('submissionPreview', { teba_id: id }, other, 'protal_en');
    expect(en.json().msg).toBe(msgOf('protal_en', 'journalForm.api.previewRefused'));
  });

  it('follows a renamed industry and shows a rejection’s reason to the author', async () => {
    const chief = await makeStaff(h, { nick: 'Chief Rename' });
    const industry = (await admin('/admin/dictionaries/create', { kind: 'industry', label: '旧行业名' }, chief)).json()
      .data.dd_id as number;
    const id = await submit(author, { teba_hy_dd_id: industry });
    const renamed = await admin('/admin/dictionaries/update', { dd_id: industry, label: '新行业名' }, chief);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await decide(id, 'reject', 'Please add the cost figures')).statusCode).toBe(200);
    const res = await ebook('submissionPreview', { teba_id: id }, author);
    expect(res.json().data).toMatchObject({
      industry: '新行业名',
      status: 30,
      review_reason: 'Please add the cost figures',
    });
  });
});
