import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { makeStaff, staffCall, staffTestApp } from '../../../test/roles-harness';
import { eventHeaders, GOOD_FORM, makeEvent, TEST_FORM_FIELDS } from '../../../test/events-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let organiser: TestMember;
let otherSiteStaff: TestMember;
let plain: TestMember;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => t.database.db;
const iso = (ms: number) => new Date(ms).toISOString();
const admin = (path: string, body: unknown, as?: TestMember, site: Site = 'protal_en') =>
  staffCall(h, site, `/admin/events${path}`, body, as);
const ev = (path: string, body: unknown, as?: TestMember, siteId: 1 | 2 = 2) =>
  t.call(`/api${path}`, body, { headers: eventHeaders(siteId, as, h.freshIp()) });

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  organiser = await makeStaff(h, { permissions: [PERMISSIONS.eventManage], siteId: 2, nick: 'Organiser' });
  otherSiteStaff = await makeStaff(h, { permissions: [PERMISSIONS.eventManage], siteId: 1, nick: 'Zh Staff' });
  plain = await h.registerMember({ nick: 'Plain', site: 'protal_en' });
  await h.completeInformation(plain, 'protal_en');
});
afterAll(async () => t?.close());

function input(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    ta_title: 'Flash Summit',
    ta_summary: 'All about flash',
    ta_is_online: false,
    ta_province: 'Europe',
    ta_city: 'Germany',
    ta_address: '1 Example Street, Berlin',
    ta_capacity: 10,
    ta_waitlist_enabled: true,
    ta_signup_start_time: iso(now - DAY),
    ta_signup_end_time: iso(now + DAY),
    ta_start_time: iso(now + 2 * DAY),
    ta_end_time: iso(now + 2 * DAY + 4 * HOUR),
    ta_form_fields: TEST_FORM_FIELDS,
    ta_content: '<p>Talks</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    ...overrides,
  };
}

const member = (nick: string) => h.readyMember(nick, 'protal_en');

const auditRows = (action: string, targetId: number | string) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();

const points = async (userId: number, rule: string) => {
  const rows = await db()
    .selectFrom('points_ledger')
    .select('amount')
    .where('user_id', '=', userId)
    .where('rule', '=', rule)
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.amount), 0);
};

function expect400(res: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ status: 40001, data: { field } });
}

describe('back-office events', () => {
  it('creates an event with a linked Chinese version, sanitises the body, audits, and edits it', async () => {
    // The public list, read before and after each change: its short-lived cache must not hide them.
    const listed = async () =>
      (await ev('/activity/index', { province: 'Europe', city: 'Germany' }))
        .json()
        .data.list.map((e: { ta_id: number; ta_title: string }) => [e.ta_id, e.ta_title]);
    const before = await listed();
    const res = await admin('/create', { ...input(), other_lang: [1] }, organiser);
    expect(res.statusCode, res.body).toBe(200);
    const { ta_id, linked } = res.json().data;
    expect(linked).toEqual([{ tws_id: 1, ta_id: expect.any(Number) }]);
    const row = await db().selectFrom('activities').selectAll().where('id', '=', ta_id).executeTakeFirstOrThrow();
    expect(row.body_html).toContain('<p>Talks</p>');
    expect(row.body_html).not.toMatch(/script|onerror/);
    expect(row.lang_group_id).toBe(ta_id);
    // The copy on the Chinese site keeps no English-only area.
    const copy = await db()
      .selectFrom('activities')
      .selectAll()
      .where('id', '=', linked[0].ta_id)
      .executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ site_id: 1, lang_group_id: ta_id, province: '', area: '' });
    expect(await auditRows('event.create', ta_id)).toHaveLength(1);

    expect(await listed()).toEqual([[ta_id, 'Flash Summit'], ...before]);
    const info = (await ev('/activity/info', { ta_id })).json().data;
    expect(info.linked).toEqual([{ tws_id: 1, ta_id: linked[0].ta_id, lang: 'zh' }]);

    const upd = await admin('/update', { ta_id, ...input({ ta_title: 'Flash Summit 2', ta_capacity: 0 }) }, organiser);
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ ta_title: 'Flash Summit 2', ta_capacity: 0, linked: [{ tws_id: 1 }] });
    expect(await auditRows('event.update', ta_id)).toHaveLength(1);
    expect(await listed()).toEqual([[ta_id, 'Flash Summit 2'], ...before]);
    const list = (await admin('/list', { keyword: 'Flash Summit 2' }, organiser)).json().data.list;
    expect(list.map((e: { ta_id: number }) => e.ta_id)).toContain(ta_id);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await db()
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect400(await admin('/create', input({ ta_title: '' }), organiser), 'ta_title');
    expect400(await admin('/create', input({ ta_city: 'Atlantis' }), organiser), 'ta_city');
    expect400(await admin('/create', input({ ta_end_time: input().ta_start_time }), organiser), 'ta_end_time');
    expect400(
      await admin('/create', input({ ta_is_online: true, ta_online_url: 'javascript:alert(1)' }), organiser),
      'ta_online_url',
    );
    expect400(await admin('/create', input({ ta_cover_url: 'https://evil.example/x.png' }), organiser), 'ta_cover_url');
    expect400(
      await admin(
        '/create',
        input({ ta_form_fields: [{ key: 'k', type: 'choice', label: 'K', required: true, options: [] }] }),
        organiser,
      ),
      'ta_form_fields.0.options',
    );
    expect400(await admin('/create', input({ ta_capacity: -1 }), organiser), 'ta_capacity');
    const after = await db()
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses visitors (401), members without the permission and the other site’s staff (403)', async () => {
    const id = await makeEvent(db());
    for (const [path, body] of [
      ['/list', {}],
      ['/create', input()],
      ['/signups', { ta_id: id }],
      ['/checkIn', { ta_id: id, signup_id: 1 }],
      ['/exportSignups', { ta_id: id }],
    ] as const) {
      expect((await admin(path, body)).statusCode, path).toBe(401);
      expect((await admin(path, body, plain)).statusCode, path).toBe(403);
      expect((await admin(path, body, otherSiteStaff)).statusCode, path).toBe(403);
    }
    // Staff of the Chinese site cannot reach an English event through their own site either.
    expect((await admin('/get', { ta_id: id }, otherSiteStaff, 'protal')).statusCode).toBe(404);
  });
});

/** Every row of a back-office list, page by page with `limit` rows, following next_cursor. */
async function allPages(path: string, body: Record<string, unknown>, limit: number) {
  const seen: number[][] = [];
  let cursor: string | undefined;
  do {
    const res = await admin(path, { ...body, limit, ...(cursor ? { cursor } : {}) }, organiser);
    expect(res.statusCode, res.body).toBe(200);
    const { list, next_cursor } = res.json().data as {
      list: Array<Record<string, number>>;
      next_cursor: string | null;
    };
    expect(list.length).toBeLessThanOrEqual(limit);
    seen.push(list.map((row) => Number(row.ta_id ?? row.signup_id)));
    cursor = next_cursor ?? undefined;
  } while (cursor && seen.length < 50);
  return seen;
}

describe('back-office lists are keyset paged', () => {
  it('walks the events and an event’s sign-ups page by page, each row once', async () => {
    const titles = ['Paged Expo A', 'Paged Expo B', 'Paged Expo C'];
    for (const ta_title of titles)
      expect((await admin('/create', input({ ta_title }), organiser)).statusCode).toBe(200);
    const events = await allPages('/list', { keyword: 'Paged Expo' }, 2);
    expect(events.map((page) => page.length)).toEqual([2, 1]);
    expect(new Set(events.flat()).size).toBe(3);

    const id = await makeEvent(db(), { capacity: 10 });
    for (const nick of ['Page One', 'Page Two', 'Page Three']) {
      const m = await member(nick);
      expect((await ev('/activity/signUp', { ta_id: id, form: GOOD_FORM }, m)).statusCode).toBe(200);
    }
    const signups = await allPages('/signups', { ta_id: id }, 2);
    expect(signups.map((page) => page.length)).toEqual([2, 1]);
    expect(new Set(signups.flat()).size).toBe(3);
  });
});

describe('attendance, the public list and the export', () => {
  it('checks in by code once, awards and takes back points, lists masked and exports the rows', async () => {
    const id = await makeEvent(db(), { capacity: 1, waitlist_enabled: 1 });
    const ada = await member('Ada Attendee');
    const bob = await member('Bob Waiting');
    expect((await ev('/activity/signUp', { ta_id: id, form: GOOD_FORM }, ada)).statusCode).toBe(200);
    const bobForm = { ...GOOD_FORM, name: 'Bob Builder', phone: '+44 7700 900123' };
    expect((await ev('/activity/signUp', { ta_id: id, form: bobForm, join_waitlist: true }, bob)).statusCode).toBe(200);
    expect(await points(ada.id, 'event_signup')).toBe(3);

    // The member's own code and QR; a waiting member has none.
    const mine = await ev('/activity/checkinCode', { ta_id: id }, ada);
    expect(mine.statusCode, mine.body).toBe(200);
    const { code, qr_svg, checked_in } = mine.json().data;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{20}$/);
    expect(qr_svg).toMatch(/^<svg/);
    expect(checked_in).toBe(false);
    expect((await ev('/activity/checkinCode', { ta_id: id }, bob)).statusCode).toBe(409);
    expect((await ev('/activity/checkinCode', { ta_id: id })).statusCode).toBe(401);

    // Wrong codes: malformed 400, unknown 404; another event's code 404.
    expect400(await admin('/checkIn', { ta_id: id, code: 'nope' }, organiser), 'code');
    expect((await admin('/checkIn', { ta_id: id, code: 'A'.repeat(20) }, organiser)).statusCode).toBe(404);
    const otherId = await makeEvent(db());
    expect((await admin('/checkIn', { ta_id: otherId, code }, organiser)).statusCode).toBe(404);

    // Typed with spaces and dashes, lower case, as a person would: checked in, 10 points, once.
    const typed = `${code.slice(0, 5).toLowerCase()} ${code.slice(5, 10)}-${code.slice(10)}`;
    const first = await admin('/checkIn', { ta_id: id, code: typed }, organiser);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      already: false,
      points: 10,
      signup: { user_id: ada.id, checked_in: true },
    });
    const again = await admin('/checkIn', { ta_id: id, code }, organiser);
    expect(again.json().data).toMatchObject({ already: true, points: 0 });
    expect(await points(ada.id, 'event_attended')).toBe(10);
    const signupId = first.json().data.signup.signup_id;
    expect(await auditRows('event.checkIn', signupId)).toHaveLength(1);

    // A member on the waitlist cannot be checked in.
    const waiting = (await admin('/signups', { ta_id: id, view_type: 2 }, organiser)).json().data.list;
    expect(waiting).toHaveLength(1);
    expect((await admin('/checkIn', { ta_id: id, signup_id: waiting[0].signup_id }, organiser)).statusCode).toBe(409);

    // Undo takes the points back; a second undo is refused; checking in again awards again once.
    const undo = await admin('/undoCheckIn', { ta_id: id, signup_id: signupId }, organiser);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await points(ada.id, 'event_attended')).toBe(0);
    expect((await admin('/undoCheckIn', { ta_id: id, signup_id: signupId }, organiser)).statusCode).toBe(409);
    expect(await auditRows('event.undoCheckIn', signupId)).toHaveLength(1);
    expect((await admin('/checkIn', { ta_id: id, signup_id: signupId }, organiser)).json().data.points).toBe(10);

    // Organisers search the list and see contacts; the public sees masks only.
    const found = (await admin('/signups', { ta_id: id, keyword: 'Ada' }, organiser)).json().data.list;
    expect(found).toMatchObject([{ user_id: ada.id, checked_in: true, answers: { name: 'Ada Lovelace' } }]);
    expect(found[0].user_email).toBe(ada.email);
    const pub = await ev('/signregist/list', { ta_id: id, sign_type: 1, view_type: 1 });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().data.list).toEqual([
      { name: 'A****e', company: 'Ex***', phone: '*******8000', checked_in: true, create_time: expect.any(String) },
    ]);
    const pubWait = (await ev('/signregist/list', { ta_id: id, sign_type: 1, view_type: 2 })).json().data.list;
    expect(pubWait[0]).toMatchObject({ name: 'B****r', phone: '*******0123' });
    for (const text of [pub.body, JSON.stringify(pubWait)]) {
      for (const secret of [ada.email, bob.email, code, 'Lovelace', '13800138000', '138-0013-8000', '7700 900123']) {
        expect(text).not.toContain(secret);
      }
    }
    expect400(await ev('/signregist/list', { ta_id: id, sign_type: 3, view_type: 1 }), 'sign_type');

    // The export: an .xlsx that exceljs opens, with the header and Ada's row.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/protal_en/admin/events/exportSignups',
      headers: {
        isapi: '1',
        'content-type': 'application/json',
        'x-forwarded-for': h.freshIp(),
        cookie: `${CLIENT_STORAGE.accessTokenCookie}=${organiser.token}`,
      },
      payload: JSON.stringify({ ta_id: id, view_type: 1 }),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Member', 'Email', 'Full name', 'Company', 'Phone', 'Role']));
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row).toEqual(expect.arrayContaining(['Ada Attendee', ada.email, 'Checked in', 'Ada Lovelace', 'Architect']));
    expect(await auditRows('event.exportSignups', id)).toHaveLength(1);

    // Cancelling the sign-up takes back both the sign-up and the attendance points.
    expect((await ev('/activity/cancelSignUp', { ta_id: id }, ada)).statusCode).toBe(200);
    expect(await points(ada.id, 'event_signup')).toBe(0);
    expect(await points(ada.id, 'event_attended')).toBe(0);
  });
});
