import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@portal/contracts/permissions';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, TestMember } from '../../../test/accounts-harness';
import { makeStaff, makeTopic, msgOf, staffCall, staffTestApp } from '../../../test/roles-harness';
import { eventHeaders, GOOD_FORM, makeEvent, TEST_FORM_FIELDS } from '../../../test/events-harness';

/**
 * Decision 030: events attached to a topic (the list's topic filter, the back office's topic field)
 * and the personal centre's event sections (the member's sign-ups in three groups, favourite events).
 */

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let organiser: TestMember;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => t.database.db;
const iso = (ms: number) => new Date(ms).toISOString();

const ev = (path: string, body: unknown, as?: TestMember, siteId: 1 | 2 = 2) =>
  t.call(`/api${path}`, body, { headers: eventHeaders(siteId, as, h.freshIp()) });
const admin = (path: string, body: unknown, as?: TestMember) =>
  staffCall(h, 'protal_en', `/admin/events${path}`, body, as);

function expect400(res: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ status: 40001, data: { field } });
}

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  organiser = await makeStaff(h, { permissions: [PERMISSIONS.eventManage], siteId: 2, nick: 'Organiser' });
});
afterAll(async () => t?.close());

const ids = (res: { json(): unknown }) =>
  ((res.json() as { data: { list: Array<{ ta_id: number }> } }).data.list ?? []).map((e) => e.ta_id);

describe('topic activities: activity/index by tt_id', () => {
  it('lists the events of one topic of the site, newest start first, by keyset; an unknown topic or one of the other site is 404; a bad id 400', async () => {
    const topic = await makeTopic(db(), 2);
    const other = await makeTopic(db(), 2);
    const zhTopic = await makeTopic(db(), 1);
    const base = Date.now() + 10 * DAY;
    const a = await makeEvent(db(), { topic_id: topic, starts_at: base, ends_at: base + HOUR });
    const b = await makeEvent(db(), { topic_id: topic, starts_at: base + DAY, ends_at: base + DAY + HOUR });
    const c = await makeEvent(db(), { topic_id: topic, starts_at: base + 2 * DAY, ends_at: base + 2 * DAY + HOUR });
    await makeEvent(db(), { topic_id: other, starts_at: base, ends_at: base + HOUR });
    await makeEvent(db(), { starts_at: base, ends_at: base + HOUR });

    const all = await ev('/activity/index', { tt_id: topic });
    expect(all.statusCode, all.body).toBe(200);
    expect(ids(all)).toEqual([c, b, a]);
    // The topic's head for its activities page; none without the filter.
    expect(all.json().data.topic).toEqual({ tt_id: topic, tt_title: expect.any(String), tt_cover_url: '' });
    expect((await ev('/activity/index', {})).json().data.topic).toBeNull();

    const first = await ev('/activity/index', { tt_id: topic, limit: 2 });
    expect(ids(first)).toEqual([c, b]);
    const cursor = first.json().data.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await ev('/activity/index', { tt_id: topic, limit: 2, cursor });
    expect(ids(second)).toEqual([a]);
    expect(second.json().data.next_cursor).toBeNull();

    // Filters combine with the topic.
    expect(ids(await ev('/activity/index', { tt_id: topic, state: 40 }))).toEqual([]);
    expect(ids(await ev('/activity/index', { tt_id: other }))).toHaveLength(1);

    const unknown = await ev('/activity/index', { tt_id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 404, msg: msgOf('protal_en', 'events.api.topicNotFound'), data: null });
    expect((await ev('/activity/index', { tt_id: zhTopic })).statusCode).toBe(404);
    // The Chinese site's topic, asked on its own site, answers (with no events).
    expect(ids(await ev('/activity/index', { tt_id: zhTopic }, undefined, 1))).toEqual([]);

    expect400(await ev('/activity/index', { tt_id: 0 }), 'tt_id');
    expect400(await ev('/activity/index', { tt_id: 'x' }), 'tt_id');
  });
});

describe('back office: an event’s topic', () => {
  function input(overrides: Record<string, unknown> = {}) {
    const now = Date.now();
    return {
      ta_title: 'Topic Summit',
      ta_is_online: true,
      ta_online_url: 'https://meet.example.com/x',
      ta_capacity: 10,
      ta_signup_start_time: iso(now - DAY),
      ta_signup_end_time: iso(now + DAY),
      ta_start_time: iso(now + 2 * DAY),
      ta_end_time: iso(now + 2 * DAY + HOUR),
      ta_form_fields: TEST_FORM_FIELDS,
      ...overrides,
    };
  }

  it('lists the site’s open topics for the select, sets, changes and clears the topic (audited), and refuses a topic not of the site or archived', async () => {
    const topic = await makeTopic(db(), 2, 'Open topic for events');
    const archived = await makeTopic(db(), 2, 'Archived topic for events');
    await db().updateTable('topics').set({ archived_at: Date.now() }).where('id', '=', archived).execute();
    const zhTopic = await makeTopic(db(), 1);

    const options = await admin('/topics', {}, organiser);
    expect(options.statusCode, options.body).toBe(200);
    const listed = (options.json().data.list as Array<{ tt_id: number; tt_title: string }>).map((o) => o.tt_id);
    expect(listed).toContain(topic);
    expect(listed).not.toContain(archived);
    expect(listed).not.toContain(zhTopic);
    const plain = await h.readyMember('Plain', 'protal_en');
    expect((await admin('/topics', {}, plain)).statusCode).toBe(403);
    expect((await admin('/topics', {})).statusCode).toBe(401);

    const created = await admin('/create', input({ ta_topic_id: topic, other_lang: [1] }), organiser);
    expect(created.statusCode, created.body).toBe(200);
    const { ta_id: id, linked } = created.json().data as { ta_id: number; linked: Array<{ ta_id: number }> };
    expect((await admin('/get', { ta_id: id }, organiser)).json().data.ta_topic_id).toBe(topic);
    // A topic is of one site: the linked version on the other site names none.
    const copy = await db()
      .selectFrom('activities')
      .select('topic_id')
      .where('id', '=', linked[0]!.ta_id)
      .executeTakeFirstOrThrow();
    expect(copy.topic_id).toBeNull();
    expect(ids(await ev('/activity/index', { tt_id: topic }))).toContain(id);

    expect400(await admin('/update', { ta_id: id, ...input({ ta_topic_id: zhTopic }) }, organiser), 'ta_topic_id');
    expect400(await admin('/update', { ta_id: id, ...input({ ta_topic_id: archived }) }, organiser), 'ta_topic_id');
    expect400(await admin('/update', { ta_id: id, ...input({ ta_topic_id: 'x' }) }, organiser), 'ta_topic_id');

    const cleared = await admin('/update', { ta_id: id, ...input({ ta_topic_id: null }) }, organiser);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.ta_topic_id).toBeNull();
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'event.update')
      .where('target_id', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!).ta_topic_id).toBe(topic);
    expect(JSON.parse(audit.after_json!).ta_topic_id).toBeNull();
    expect(ids(await ev('/activity/index', { tt_id: topic }))).not.toContain(id);

    // An event may keep the archived topic it already names.
    await db().updateTable('activities').set({ topic_id: archived }).where('id', '=', id).execute();
    const kept = await admin(
      '/update',
      { ta_id: id, ...input({ ta_topic_id: archived, ta_title: 'Renamed' }) },
      organiser,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.ta_topic_id).toBe(archived);
  });
});

describe('personal centre: activity/mySignups and activity/myCollection', () => {
  it('answers 401 to visitors, 400 to a bad group or cursor', async () => {
    expect((await ev('/activity/mySignups', { group: 'upcoming' })).statusCode).toBe(401);
    expect((await ev('/activity/myCollection', {})).statusCode).toBe(401);
    const m = await h.readyMember('Grouper', 'protal_en');
    expect400(await ev('/activity/mySignups', { group: 'later' }, m), 'group');
    expect400(await ev('/activity/mySignups', {}, m), 'group');
    expect400(await ev('/activity/mySignups', { group: 'past', cursor: '!!' }, m), 'cursor');
    expect400(await ev('/activity/myCollection', { limit: 0 }, m), 'limit');
  });

  it('groups one’s own sign-ups of the site: upcoming soonest first (with the online link), waitlisted with the position, past latest first with attendance; cancelled ones and other members’ left out; keyset paged', async () => {
    const me = await h.readyMember('Centre', 'protal_en');
    const someone = await h.readyMember('Someone', 'protal_en');
    const third = await h.readyMember('Third', 'protal_en');
    const now = Date.now();
    const soon = await makeEvent(db(), { starts_at: now + 2 * DAY, ends_at: now + 2 * DAY + HOUR });
    const later = await makeEvent(db(), {
      starts_at: now + 5 * DAY,
      ends_at: now + 5 * DAY + HOUR,
      is_online: 1,
      online_url: 'https://meet.example.com/later',
    });
    const cancelled = await makeEvent(db(), { starts_at: now + 3 * DAY, ends_at: now + 3 * DAY + HOUR });
    const full = await makeEvent(db(), { capacity: 1, waitlist_enabled: 1 });
    const zh = await makeEvent(db(), { site_id: 1, province: '', area: '', is_online: 1 });
    for (const id of [soon, later, cancelled]) {
      expect((await ev('/activity/signUp', { ta_id: id, form: GOOD_FORM }, me)).statusCode).toBe(200);
    }
    expect((await ev('/activity/cancelSignUp', { ta_id: cancelled }, me)).statusCode).toBe(200);
    expect((await ev('/activity/signUp', { ta_id: soon, form: GOOD_FORM }, someone)).statusCode).toBe(200);
    // The full event: someone holds the seat, third waits first, I wait second.
    expect((await ev('/activity/signUp', { ta_id: full, form: GOOD_FORM }, someone)).statusCode).toBe(200);
    for (const who of [third, me]) {
      const res = await ev('/activity/signUp', { ta_id: full, form: GOOD_FORM, join_waitlist: true }, who);
      expect(res.json().data.status).toBe(20);
    }
    expect((await ev('/activity/signUp', { ta_id: zh, form: GOOD_FORM }, me, 1)).statusCode).toBe(200);
    // Two ended events I held a seat at (written directly: sign-up is closed for them), one checked in.
    const ended = async (daysAgo: number, checkedIn: boolean) => {
      const id = await makeEvent(db(), {
        starts_at: now - daysAgo * DAY,
        ends_at: now - daysAgo * DAY + HOUR,
        signup_starts_at: now - 30 * DAY,
        signup_ends_at: now - 20 * DAY,
      });
      await db()
        .insertInto('activity_signups')
        .values({
          activity_id: id,
          user_id: me.id,
          status: 10,
          created_at: now - 25 * DAY,
          updated_at: now - 25 * DAY,
          checkin_code: null,
          checked_in_at: checkedIn ? now - daysAgo * DAY : null,
        })
        .execute();
      return id;
    };
    const endedLong = await ended(10, false);
    const endedRecently = await ended(2, true);

    const group = async (name: string, body: Record<string, unknown> = {}, as: TestMember = me) => {
      const res = await ev('/activity/mySignups', { group: name, ...body }, as);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        list: Array<{
          ta_id: number;
          status: number;
          waitlist_position: number | null;
          checked_in: boolean;
          ta_online_url: string | null;
          ta_state: number;
        }>;
        next_cursor: string | null;
      };
    };

    const upcoming = await group('upcoming');
    expect(upcoming.list.map((r) => r.ta_id)).toEqual([soon, later]);
    expect(upcoming.list.map((r) => r.status)).toEqual([10, 10]);
    expect(upcoming.list[0]!.ta_online_url).toBeNull();
    expect(upcoming.list[1]!.ta_online_url).toBe('https://meet.example.com/later');

    const waitlisted = await group('waitlisted');
    expect(waitlisted.list.map((r) => [r.ta_id, r.status, r.waitlist_position])).toEqual([[full, 20, 2]]);
    expect(waitlisted.list[0]!.ta_online_url).toBeNull();

    const past = await group('past');
    expect(past.list.map((r) => [r.ta_id, r.checked_in, r.ta_state])).toEqual([
      [endedRecently, true, 40],
      [endedLong, false, 40],
    ]);

    // Keyset pages walk the same rows.
    const page1 = await group('upcoming', { limit: 1 });
    expect(page1.list.map((r) => r.ta_id)).toEqual([soon]);
    const page2 = await group('upcoming', { limit: 1, cursor: page1.next_cursor });
    expect(page2.list.map((r) => r.ta_id)).toEqual([later]);
    expect(page2.next_cursor).toBeNull();
    const past1 = await group('past', { limit: 1 });
    const past2 = await group('past', { limit: 1, cursor: past1.next_cursor });
    expect([...past1.list, ...past2.list].map((r) => r.ta_id)).toEqual([endedRecently, endedLong]);

    // Only one's own: someone sees their seats, not mine; the Chinese site shows its own event.
    expect((await group('upcoming', {}, someone)).list.map((r) => r.ta_id)).toEqual([soon, full]);
    expect((await group('waitlisted', {}, someone)).list).toEqual([]);
    const zhRes = await ev('/activity/mySignups', { group: 'upcoming' }, me, 1);
    expect(ids(zhRes)).toEqual([zh]);

    // Cancelling from the centre uses the event's own call: the row leaves the group.
    expect((await ev('/activity/cancelSignUp', { ta_id: later }, me)).statusCode).toBe(200);
    expect((await group('upcoming')).list.map((r) => r.ta_id)).toEqual([soon]);
  });

  it('lists one’s favourite events of the site, latest favourite first, by keyset; un-favouriting removes one', async () => {
    const me = await h.readyMember('Collector', 'protal_en');
    const someone = await h.readyMember('Other collector', 'protal_en');
    const first = await makeEvent(db());
    const second = await makeEvent(db());
    const third = await makeEvent(db());
    const zh = await makeEvent(db(), { site_id: 1, province: '', area: '', is_online: 1 });
    for (const id of [first, second, third]) {
      expect((await ev('/activity/collection', { ta_id: id }, me)).json().data.is_favourited).toBe(true);
    }
    expect((await ev('/activity/collection', { ta_id: zh }, me, 1)).statusCode).toBe(200);
    expect((await ev('/activity/collection', { ta_id: first }, someone)).statusCode).toBe(200);
    // Favourites made in the same millisecond still come out in one order: make the times distinct.
    const at = Date.now();
    for (const [i, id] of [first, second, third].entries()) {
      await db()
        .updateTable('activity_favourites')
        .set({ created_at: at - (3 - i) * 1000 })
        .where('activity_id', '=', id)
        .where('user_id', '=', me.id)
        .execute();
    }

    const all = await ev('/activity/myCollection', {}, me);
    expect(all.statusCode, all.body).toBe(200);
    expect(ids(all)).toEqual([third, second, first]);
    expect(all.json().data.list[0].favourite_time).toEqual(expect.any(String));

    const p1 = await ev('/activity/myCollection', { limit: 2 }, me);
    expect(ids(p1)).toEqual([third, second]);
    const p2 = await ev('/activity/myCollection', { limit: 2, cursor: p1.json().data.next_cursor }, me);
    expect(ids(p2)).toEqual([first]);
    expect(p2.json().data.next_cursor).toBeNull();

    expect(ids(await ev('/activity/myCollection', {}, someone))).toEqual([first]);
    expect(ids(await ev('/activity/myCollection', {}, me, 1))).toEqual([zh]);

    expect((await ev('/activity/collection', { ta_id: second }, me)).json().data.is_favourited).toBe(false);
    expect(ids(await ev('/activity/myCollection', {}, me))).toEqual([third, first]);
  });
});
