import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, TestMember } from '../../../test/accounts-harness';
import { makeStaff, msgOf, staffTestApp } from '../../../test/roles-harness';
import { bulkMembers, eventHeaders, GOOD_FORM, makeEvent } from '../../../test/events-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const site = 'protal_en' as const;

/** A global events call as the browser makes it: siteData cookie (English site unless told), a fresh IP. */
const ev = (
  path: string,
  body: unknown,
  as?: TestMember,
  opts: { siteId?: 1 | 2; headers?: Record<string, string> } = {},
) => t.call(`/api${path}`, body, { headers: { ...eventHeaders(opts.siteId ?? 2, as, h.freshIp()), ...opts.headers } });

const member = (nick = 'Attendee') => h.readyMember(nick, site);

const signupRows = (activityId: number) =>
  t.database.db.selectFrom('activity_signups').selectAll().where('activity_id', '=', activityId).execute();

const eventRow = (id: number) =>
  t.database.db.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function expect400(res: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ status: 40001, data: { field } });
}

describe('activity/index, getArea, activityCalendar, commonData', () => {
  it('filters by area, online or offline, state and month, pages by keyset, and the calendar marks the same days', async () => {
    // Its own site-1 area names so other tests' events do not mix in.
    const base = Date.UTC(2031, 2, 10, 2); // 10 March 2031, 10:00 in Shanghai
    const mk = (o: Record<string, unknown>) =>
      makeEvent(t.database.db, {
        site_id: 1,
        province: '测试省',
        area: '甲市',
        signup_starts_at: base - 10 * DAY,
        signup_ends_at: base - DAY,
        starts_at: base,
        ends_at: base + 3 * HOUR,
        ...o,
      });
    const a = await mk({});
    const b = await mk({ area: '乙市', starts_at: base + DAY, ends_at: base + DAY + HOUR });
    // Starts 31 March 23:00 in Shanghai and runs into April: marked on both months.
    const c = await mk({ starts_at: Date.UTC(2031, 2, 31, 15), ends_at: Date.UTC(2031, 3, 1, 3) });
    const online = await mk({
      is_online: 1,
      province: '',
      area: '',
      starts_at: Date.UTC(2031, 3, 5, 2),
      ends_at: Date.UTC(2031, 3, 5, 4),
    });

    const zh = { 'time-zone-name': 'Asia/Shanghai' };
    const ids = async (body: Record<string, unknown>) => {
      const res = await ev('/activity/index', body, undefined, { siteId: 1, headers: zh });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.list as Array<{ ta_id: number }>).map((e) => e.ta_id);
    };
    expect(await ids({ province: '测试省' })).toEqual([c, b, a]);
    expect(await ids({ province: '测试省', city: '乙市' })).toEqual([b]);
    expect(await ids({ province: '测试省', month: '2031-03' })).toEqual([c, b, a]);
    expect(await ids({ province: '测试省', month: '2031-04' })).toEqual([c]);
    // In UTC the event c starts on 31 March too, and the online one is in April whatever the zone.
    const april = await ids({ month: '2031-04', is_online: 1 });
    expect(april).toEqual([online]);
    expect(await ids({ province: '测试省', state: 40 })).toEqual([]);
    expect(await ids({ province: '测试省', state: 10 })).toEqual([c, b, a]);

    // Keyset pages: two, then one, and no overlap.
    const first = (await ev('/activity/index', { province: '测试省', limit: 2 }, undefined, { siteId: 1 })).json().data;
    expect(first.list.map((e: { ta_id: number }) => e.ta_id)).toEqual([c, b]);
    const second = (
      await ev('/activity/index', { province: '测试省', limit: 2, cursor: first.next_cursor }, undefined, { siteId: 1 })
    ).json().data;
    expect(second).toMatchObject({ list: [{ ta_id: a, ta_province: '测试省', ta_city: '甲市' }], next_cursor: null });
    // Events starting at the same time are paged by id, none lost or repeated across the cursor.
    const same = [
      await mk({ province: '测试区', area: '丙市' }),
      await mk({ province: '测试区', area: '丙市' }),
      await mk({ province: '测试区', area: '丙市' }),
    ];
    const walked: number[] = [];
    let cursor: string | undefined;
    do {
      const page = (
        await ev('/activity/index', { province: '测试区', city: '丙市', limit: 1, cursor }, undefined, { siteId: 1 })
      ).json().data as { list: Array<{ ta_id: number }>; next_cursor: string | null };
      walked.push(...page.list.map((e) => e.ta_id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(walked).toEqual([...same].reverse());

    const cal = await ev('/activity/activityCalendar', { month: '2031-03', province: '测试省' }, undefined, {
      siteId: 1,
      headers: zh,
    });
    expect(cal.json().data).toEqual({
      month: '2031-03',
      days: [
        { date: '2031-03-10', count: 1 },
        { date: '2031-03-11', count: 1 },
        { date: '2031-03-31', count: 1 },
      ],
    });
    const calApril = await ev('/activity/activityCalendar', { month: '2031-04', province: '测试省' }, undefined, {
      siteId: 1,
      headers: zh,
    });
    expect(calApril.json().data.days).toEqual([{ date: '2031-04-01', count: 1 }]);

    const areas = (await ev('/activity/getArea', {}, undefined, { siteId: 1 })).json().data.list;
    expect(areas).toContainEqual({
      province: '测试省',
      count: 3,
      cities: [
        { city: '乙市', count: 1 },
        { city: '甲市', count: 2 },
      ],
    });

    const common = (await ev('/activity/commonData', {}, undefined, { siteId: 2 })).json().data;
    expect(common.states).toEqual([
      { value: 10, label: 'Not started' },
      { value: 20, label: 'Registering' },
      { value: 30, label: 'In progress' },
      { value: 40, label: 'Ended' },
    ]);
    // An event of the other site is not found through this one.
    expect((await ev('/activity/info', { ta_id: a }, undefined, { siteId: 2 })).statusCode).toBe(404);
  });
});

describe('activity/signUp and cancelSignUp', () => {
  it('refuses sign-up outside its window with a clear message in each language', async () => {
    const m = await member();
    const now = Date.now();
    const notYet = await makeEvent(t.database.db, {
      signup_starts_at: now + DAY,
      signup_ends_at: now + 2 * DAY,
      starts_at: now + 3 * DAY,
      ends_at: now + 3 * DAY + HOUR,
    });
    const closed = await makeEvent(t.database.db, {
      signup_starts_at: now - 3 * DAY,
      signup_ends_at: now - DAY,
      starts_at: now + DAY,
      ends_at: now + DAY + HOUR,
    });
    const res = await ev('/activity/signUp', { ta_id: notYet, form: GOOD_FORM }, m, {
      headers: { 'time-zone-name': 'UTC' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().status).toBe(201);
    expect(res.json().msg).toMatch(/^Sign-up has not opened yet; it opens on \d+ \w{3} \d{4}, \d\d:\d\d$/);
    const zhClosed = await ev('/activity/signUp', { ta_id: closed, form: GOOD_FORM }, m);
    expect(zhClosed.json()).toEqual({ status: 201, msg: msgOf(site, 'events.api.signupClosed'), data: null });
    expect((await ev('/activity/signUp', { ta_id: closed, form: GOOD_FORM }, m, { siteId: 2 })).json().msg).toBe(
      'Sign-up has closed',
    );
    const zhEvent = await makeEvent(t.database.db, {
      site_id: 1,
      signup_starts_at: now - 3 * DAY,
      signup_ends_at: now - DAY,
    });
    expect((await ev('/activity/signUp', { ta_id: zhEvent, form: GOOD_FORM }, m, { siteId: 1 })).json().msg).toBe(
      '报名已截止',
    );
    expect(await signupRows(notYet)).toEqual([]);
    expect(await signupRows(closed)).toEqual([]);
  });

  it('checks the event’s own form fields on the server: 400 naming form.<key>, nothing written', async () => {
    const m = await member();
    const id = await makeEvent(t.database.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...GOOD_FORM, name: '  ' }, 'form.name'],
      [{ ...GOOD_FORM, company: undefined }, 'form.company'],
      [{ ...GOOD_FORM, phone: 'call me' }, 'form.phone'],
      [{ ...GOOD_FORM, role: 'Astronaut' }, 'form.role'],
      [{ ...GOOD_FORM, shoe_size: '42' }, 'form.shoe_size'],
      [{ ...GOOD_FORM, name: 'x'.repeat(201) }, 'form.name'],
      [{ ...GOOD_FORM, name: 7 }, 'form.name'],
    ];
    for (const [form, field] of cases) {
      const res = await ev('/activity/signUp', { ta_id: id, form }, m);
      expect400(res, field);
    }
    expect(await signupRows(id)).toEqual([]);
    expect((await eventRow(id)).signup_count).toBe(0);
    // The optional choice may be left out.
    const { role: _role, ...noRole } = GOOD_FORM;
    const ok = await ev('/activity/signUp', { ta_id: id, form: noRole }, m);
    expect(ok.json()).toMatchObject({
      status: 200,
      msg: 'You are signed up',
      data: { status: 10, ta_signup_count: 1 },
    });
    const rows = await signupRows(id);
    expect(JSON.parse(rows[0]!.answers)).toEqual({
      name: 'Ada Lovelace',
      company: 'Example Storage',
      phone: '+86 138-0013-8000',
    });
  });

  it('a member never holds two sign-ups, even pressing five times at once; the online link only after sign-up; points follow', async () => {
    const m = await member();
    const id = await makeEvent(t.database.db, {
      is_online: 1,
      online_url: 'https://meet.example.com/x',
      province: '',
      area: '',
    });
    const before = (await ev('/activity/info', { ta_id: id }, m)).json().data;
    expect(before).toMatchObject({ ta_online_url: null, my_signup: null });
    const presses = await Promise.all(
      Array.from({ length: 5 }, () => ev('/activity/signUp', { ta_id: id, form: GOOD_FORM }, m)),
    );
    expect(presses.filter((r) => r.json().status === 200)).toHaveLength(1);
    for (const r of presses.filter((p) => p.json().status !== 200)) {
      expect(r.json()).toEqual({ status: 201, msg: msgOf(site, 'events.api.alreadySignedUp'), data: null });
    }
    expect((await signupRows(id)).filter((r) => r.status !== 30)).toHaveLength(1);
    expect((await eventRow(id)).signup_count).toBe(1);
    const after = (await ev('/activity/info', { ta_id: id }, m)).json().data;
    expect(after).toMatchObject({
      ta_online_url: 'https://meet.example.com/x',
      my_signup: { status: 10 },
      ta_signup_count: 1,
    });
    const visitor = (await ev('/activity/info', { ta_id: id })).json().data;
    expect(visitor.ta_online_url).toBeNull();
    const points = () =>
      t.database.db
        .selectFrom('points_ledger')
        .select(['amount'])
        .where('user_id', '=', m.id)
        .where('rule', '=', 'event_signup')
        .execute();
    expect((await points()).map((p) => p.amount)).toEqual([3]);

    const cancel = await ev('/activity/cancelSignUp', { ta_id: id }, m);
    expect(cancel.json()).toMatchObject({
      status: 200,
      msg: 'Your sign-up is cancelled',
      data: { ta_signup_count: 0 },
    });
    expect((await points()).map((p) => p.amount)).toEqual([3, -3]);
    expect((await ev('/activity/cancelSignUp', { ta_id: id }, m)).json()).toMatchObject({
      status: 201,
      msg: msgOf(site, 'events.api.notSignedUp'),
    });
    // Signing up again after a cancellation is allowed.
    expect((await ev('/activity/signUp', { ta_id: id, form: GOOD_FORM }, m)).json().status).toBe(200);
  });

  it('refuses cancelling once the event has started', async () => {
    const m = await member();
    const now = Date.now();
    const id = await makeEvent(t.database.db, {
      signup_starts_at: now - 3 * DAY,
      signup_ends_at: now + DAY,
      starts_at: now + DAY,
      ends_at: now + 2 * DAY,
    });
    expect((await ev('/activity/signUp', { ta_id: id, form: GOOD_FORM }, m)).json().status).toBe(200);
    await t.database.db
      .updateTable('activities')
      .set({ starts_at: now - HOUR, signup_ends_at: now - 2 * HOUR })
      .where('id', '=', id)
      .execute();
    expect((await ev('/activity/cancelSignUp', { ta_id: id }, m)).json()).toEqual({
      status: 201,
      msg: msgOf(site, 'events.api.cancelTooLate'),
      data: null,
    });
  });

  // 200 sign-ups in one burst: seconds alone, far more beside the browser tests and the other suite.
  const CROWD_TIMEOUT = 120_000;
  for (const waitlist of [false, true]) {
    it(
      `200 members press at once for 50 seats${waitlist ? ' (with a waitlist)' : ''}: exactly 50 get one, the rest are refused as full${waitlist ? ' or wait' : ''}, the list's counts agree`,
      async () => {
        const id = await makeEvent(t.database.db, {
          capacity: 50,
          waitlist_enabled: waitlist ? 1 : 0,
          province: `Load ${waitlist}`,
          area: 'Here',
        });
        const crowd = await bulkMembers(t.database.db, 200);
        // Listed before the crowd presses: the list's short-lived cache must not answer 0 afterwards.
        const before = (await ev('/activity/index', { province: `Load ${waitlist}` })).json().data.list[0];
        expect(before).toMatchObject({ ta_id: id, ta_signup_count: 0 });
        const results = await Promise.all(
          crowd.map((m, i) =>
            ev('/activity/signUp', { ta_id: id, form: GOOD_FORM, join_waitlist: waitlist && i % 2 === 0 }, m),
          ),
        );
        const ok = results.filter((r) => r.json().status === 200);
        const seated = ok.filter((r) => r.json().data.status === 10);
        const waiting = ok.filter((r) => r.json().data.status === 20);
        const refused = results.filter((r) => r.json().status === 201);
        expect(seated).toHaveLength(50);
        expect(seated.length + waiting.length + refused.length).toBe(200);
        for (const r of refused) {
          expect(r.json().msg).toBe(msgOf(site, waitlist ? 'events.api.fullWaitlist' : 'events.api.full'));
        }
        if (!waitlist) expect(waiting).toHaveLength(0);
        else expect(waiting.length).toBeGreaterThan(0);
        const rows = await signupRows(id);
        expect(rows.filter((r) => r.status === 10)).toHaveLength(50);
        expect(rows.filter((r) => r.status === 20)).toHaveLength(waiting.length);
        const listed = (await ev('/activity/index', { province: `Load ${waitlist}` })).json().data.list[0];
        expect(listed).toMatchObject({ ta_id: id, ta_signup_count: 50, ta_capacity: 50 });
        const info = (await ev('/activity/info', { ta_id: id })).json().data;
        expect(info).toMatchObject({ ta_signup_count: 50, ta_waitlist_count: waiting.length });

        if (waitlist) {
          // The first one waiting is promoted by a cancellation and told so; nobody else moves.
          const firstWaiting = rows
            .filter((r) => r.status === 20)
            .sort((a, b) => Number(a.created_at) - Number(b.created_at) || a.id - b.id)[0]!;
          const leaver = crowd.find((m) => m.id === rows.find((r) => r.status === 10)!.user_id)!;
          const promotedMember = crowd.find((m) => m.id === firstWaiting.user_id)!;
          const cancel = await ev('/activity/cancelSignUp', { ta_id: id }, leaver);
          expect(cancel.json().data).toEqual({ ta_signup_count: 50, ta_waitlist_count: waiting.length - 1 });
          const mine = (await ev('/activity/info', { ta_id: id }, promotedMember)).json().data.my_signup;
          expect(mine).toMatchObject({ status: 10, waitlist_position: null });
          const messages = await t.database.db
            .selectFrom('messages')
            .select(['kind', 'params', 'url'])
            .where('user_id', '=', promotedMember.id)
            .execute();
          expect(messages).toEqual([
            {
              kind: 'event_waitlist_promoted',
              params: JSON.stringify({ title: (await eventRow(id)).title }),
              url: `/en/activity/info/${id}`,
            },
          ]);
          const after = await signupRows(id);
          expect(after.filter((r) => r.status === 10)).toHaveLength(50);
          // A waiting member who leaves frees no seat.
          const stillWaiting = crowd.find((m) => m.id === after.find((r) => r.status === 20)!.user_id)!;
          expect((await ev('/activity/cancelSignUp', { ta_id: id }, stillWaiting)).json().data).toEqual({
            ta_signup_count: 50,
            ta_waitlist_count: waiting.length - 2,
          });
        }
      },
      CROWD_TIMEOUT,
    );
  }

  it('answers a waitlist position and explains the waitlist to a member who did not ask for it', async () => {
    const [first, second, third] = [await member(), await member(), await member()];
    const id = await makeEvent(t.database.db, { capacity: 1, waitlist_enabled: 1 });
    expect((await ev('/activity/signUp', { ta_id: id, form: GOOD_FORM }, first)).json().data.status).toBe(10);
    expect((await ev('/activity/signUp', { ta_id: id, form: GOOD_FORM }, second)).json()).toEqual({
      status: 201,
      msg: 'The event is full; you may join the waitlist',
      data: { full: true, waitlist: true },
    });
    const w1 = await ev('/activity/signUp', { ta_id: id, form: GOOD_FORM, join_waitlist: true }, second);
    expect(w1.json()).toMatchObject({
      msg: 'The event is full: you are on the waitlist (number 1)',
      data: { status: 20, waitlist_position: 1 },
    });
    const w2 = await ev('/activity/signUp', { ta_id: id, form: GOOD_FORM, join_waitlist: true }, third);
    expect(w2.json().data.waitlist_position).toBe(2);
    expect((await ev('/activity/signUp', { ta_id: id, form: GOOD_FORM, join_waitlist: true }, third)).json().msg).toBe(
      msgOf(site, 'events.api.alreadyWaiting'),
    );
    expect((await ev('/activity/info', { ta_id: id }, third)).json().data.my_signup).toMatchObject({
      status: 20,
      waitlist_position: 2,
    });
  });
});

describe('likes and favourites', () => {
  it('toggle exactly under concurrent presses', async () => {
    const id = await makeEvent(t.database.db);
    const fans = await bulkMembers(t.database.db, 10);
    await Promise.all(fans.map((f) => ev('/activity/like', { ta_id: id }, f)));
    await Promise.all(fans.slice(0, 3).map((f) => ev('/activity/collection', { ta_id: id }, f)));
    expect(await eventRow(id)).toMatchObject({ like_count: 10, favourite_count: 3 });
    expect((await ev('/activity/like', { ta_id: id }, fans[0])).json().data).toEqual({
      is_liked: false,
      like_count: 9,
    });
    expect((await ev('/activity/info', { ta_id: id }, fans[1])).json().data).toMatchObject({
      is_liked: true,
      is_favourited: true,
    });
    expect((await ev('/activity/like', { ta_id: id })).statusCode).toBe(401);
  });
});

describe('activity_que: questions', () => {
  it('asks, lists newest first by keyset, likes; deleting another member’s question is 403, one’s own works; staff with event.manage delete any, audited', async () => {
    const id = await makeEvent(t.database.db);
    const [asker, other] = [await member('Asker'), await member('Other')];
    const asked: number[] = [];
    for (const text of ['First?', 'Second?', 'Third?']) {
      const res = await ev('/activity_que/actQuestionAdd', { ta_id: id, taq_content: `  ${text}  ` }, asker);
      expect(res.json()).toMatchObject({
        status: 200,
        msg: 'Question posted',
        data: { taq_content: text, is_mine: true },
      });
      asked.push(res.json().data.taq_id);
    }
    const page1 = (await ev('/activity_que/actQuestion', { ta_id: id, limit: 2 }, other)).json().data;
    expect(page1.list.map((q: { taq_id: number }) => q.taq_id)).toEqual([asked[2], asked[1]]);
    expect(page1.list[0]).toMatchObject({ is_mine: false, author: { user_id: asker.id, user_nick_name: 'Asker' } });
    const page2 = (
      await ev('/activity_que/actQuestion', { ta_id: id, limit: 2, cursor: page1.next_cursor }, other)
    ).json().data;
    expect(page2).toMatchObject({ list: [{ taq_id: asked[0] }], next_cursor: null });

    expect((await ev('/activity_que/actQuestionLike', { taq_id: asked[0] }, other)).json().data).toEqual({
      is_liked: true,
      like_count: 1,
    });

    const refused = await ev('/activity_que/actQuestionDel', { taq_id: asked[0] }, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, msg: msgOf(site, 'events.api.notYourQuestion'), data: null });
    expect((await ev('/activity_que/actQuestionDel', { taq_id: asked[0] }, asker)).json()).toMatchObject({
      status: 200,
      msg: 'Deleted',
    });
    expect((await ev('/activity_que/actQuestionDel', { taq_id: asked[0] }, asker)).statusCode).toBe(404);

    const staff = await makeStaff(h, { permissions: ['event.manage'], siteId: 2 });
    const otherSiteStaff = await makeStaff(h, { permissions: ['event.manage'], siteId: 1 });
    expect((await ev('/activity_que/actQuestionDel', { taq_id: asked[1] }, otherSiteStaff)).statusCode).toBe(403);
    expect((await ev('/activity_que/actQuestionDel', { taq_id: asked[1] }, staff)).json().status).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_kind', '=', 'event_question')
      .execute();
    expect(audit).toMatchObject([
      { actor_id: staff.id, action: 'event.deleteQuestion', target_id: String(asked[1]), site_id: 2 },
    ]);
    expect((await eventRow(id)).question_count).toBe(1);
    expect((await ev('/activity/info', { ta_id: id })).json().data.question_count).toBe(1);
    expect((await ev('/activity_que/actQuestionAdd', { ta_id: id, taq_content: 'Hi' })).statusCode).toBe(401);
  });
});

describe('bad input on every call: 400 naming the field, nothing written', () => {
  it('answers 40001 with the field for each call', async () => {
    const m = await member();
    const id = await makeEvent(t.database.db);
    const cases: Array<[string, unknown, string]> = [
      ['/activity/index', { state: 25 }, 'state'],
      ['/activity/index', { month: '2026-13' }, 'month'],
      ['/activity/index', { is_online: 2 }, 'is_online'],
      ['/activity/index', { province: '' }, 'province'],
      ['/activity/index', { city: 'x'.repeat(65) }, 'city'],
      ['/activity/index', { cursor: '!!' }, 'cursor'],
      ['/activity/index', { limit: 0 }, 'limit'],
      ['/activity/index', { colour: 'red' }, 'colour'],
      ['/activity/commonData', { x: 1 }, 'x'],
      ['/activity/getArea', { x: 1 }, 'x'],
      ['/activity/activityCalendar', {}, 'month'],
      ['/activity/activityCalendar', { month: '26-1' }, 'month'],
      ['/activity/info', { ta_id: 'one' }, 'ta_id'],
      ['/activity/info', {}, 'ta_id'],
      ['/activity/like', { ta_id: -1 }, 'ta_id'],
      ['/activity/collection', { ta_id: 1.5 }, 'ta_id'],
      ['/activity/signUp', { ta_id: id, form: 'hello' }, 'form'],
      ['/activity/signUp', { ta_id: id, form: GOOD_FORM, join_waitlist: 'yes' }, 'join_waitlist'],
      ['/activity/signUp', { form: GOOD_FORM }, 'ta_id'],
      ['/activity/cancelSignUp', { ta_id: 0 }, 'ta_id'],
      ['/activity_que/actQuestion', { ta_id: id, cursor: 'bad' }, 'cursor'],
      ['/activity_que/actQuestion', {}, 'ta_id'],
      ['/activity_que/actQuestionAdd', { ta_id: id, taq_content: '   ' }, 'taq_content'],
      ['/activity_que/actQuestionAdd', { ta_id: id, taq_content: 'x'.repeat(1001) }, 'taq_content'],
      ['/activity_que/actQuestionAdd', { taq_content: 'Hi' }, 'ta_id'],
      ['/activity_que/actQuestionLike', { taq_id: 'a' }, 'taq_id'],
      ['/activity_que/actQuestionDel', {}, 'taq_id'],
    ];
    for (const [path, body, field] of cases) {
      const res = await ev(path, body, m);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json(), path).toMatchObject({ status: 40001, data: { field } });
    }
    expect(await signupRows(id)).toEqual([]);
    const questions = await t.database.db
      .selectFrom('activity_questions')
      .select('id')
      .where('activity_id', '=', id)
      .execute();
    expect(questions).toEqual([]);
    expect(await eventRow(id)).toMatchObject({ signup_count: 0, like_count: 0, favourite_count: 0, question_count: 0 });
    const zh = await ev('/activity_que/actQuestionAdd', { ta_id: id, taq_content: '' }, m, { siteId: 1 });
    expect(zh.json().msg).toContain('请填写问题内容');
  });
});
