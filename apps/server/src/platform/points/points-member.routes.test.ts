import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POINT_RULE, POINT_RULES } from '@portal/contracts/points';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { REQUEST_HEADERS } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, TestMember } from '../../../test/accounts-harness';
import {
  banDirectly,
  expectRefusedToOutsiders,
  makeStaff,
  makeStaffCast,
  msgOf,
  staffCall,
  staffTestApp,
  type StaffCast,
} from '../../../test/roles-harness';
import { award } from './points.service';
import { dayInZone } from './points-member.service';

/**
 * Issue 22 items 1 to 3 (decision 032): the back office's points rules, the daily sign-in with its
 * streak in the member's time zone, the levels and medals read from the ledger with the level-up
 * message, and the member's points history.
 */

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let cast: StaffCast;
const db = () => t.database.db;
const DAY = 86_400_000;
// Always a calendar day apart: UTC+14 and UTC-11.
const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Pago_Pago';

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  cast = await makeStaffCast(h, {
    manage: PERMISSIONS.pointsManage,
    siteId: 2,
    sideStaff: { permissions: [PERMISSIONS.adminAccess, PERMISSIONS.bannerManage], siteId: 2 },
  });
});
afterAll(async () => t?.close());

const call = (site: 'protal' | 'protal_en', path: string, body: unknown, as?: TestMember, zone?: string) => {
  const headers: Record<string, string> = { 'x-forwarded-for': h.freshIp() };
  if (as) headers.cookie = `accessToken=${as.token}`;
  if (zone) headers[REQUEST_HEADERS.timeZoneName] = zone;
  return t.call(`/api/${site}${path}`, body, { headers });
};
const admin = (path: string, body: unknown, as: TestMember = cast.staff, site: 'protal' | 'protal_en' = 'protal_en') =>
  staffCall(h, site, `/admin/points${path}`, body, as);

async function total(userId: number) {
  const row = await db().selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.points);
}
async function ledgerSum(userId: number) {
  const rows = await db().selectFrom('points_ledger').select('amount').where('user_id', '=', userId).execute();
  return rows.reduce((a, r) => a + Number(r.amount), 0);
}

describe('points rules in the back office', () => {
  it('lists the site’s rules with decisions.md’s defaults, in their order', async () => {
    const res = await admin('/rules', {});
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.list as Array<Record<string, unknown>>;
    expect(list.map((r) => r.rule)).toEqual(POINT_RULES);
    expect(list.find((r) => r.rule === 'comment')).toMatchObject({
      amount: 1,
      daily_cap: 20,
      enabled: true,
      default_amount: 1,
      default_daily_cap: 20,
      update_time: expect.any(String),
    });
    expect(list.find((r) => r.rule === 'daily_signin')).toMatchObject({ amount: 2, daily_cap: null, enabled: true });
  });

  it('refuses visitors, members, moderators, other staff, a banned admin and the other site’s staff', async () => {
    await expectRefusedToOutsiders(
      h,
      [
        ['/admin/points/rules', {}],
        ['/admin/points/updateRule', { rule: 'comment', amount: 2, daily_cap: 20, enabled: true }],
      ],
      {
        outsiders: [cast.member, cast.moderator, cast.sideStaff, cast.bannedAdmin],
        otherSiteStaff: cast.otherSiteStaff,
        otherSite: 'protal_en',
      },
    );
    // The refusals changed nothing.
    const comment = await db()
      .selectFrom('points_rules')
      .select('amount')
      .where('site_id', '=', 1)
      .where('rule', '=', 'comment')
      .executeTakeFirstOrThrow();
    expect(comment.amount).toBe(1);
  });

  it('checks the values: 400 naming the field', async () => {
    const good = { rule: 'comment', amount: 1, daily_cap: 20, enabled: true };
    for (const [body, field] of [
      [{ ...good, rule: 'nope' }, 'rule'],
      [{ ...good, amount: 0 }, 'amount'],
      [{ ...good, amount: 1.5 }, 'amount'],
      [{ ...good, amount: 10_001 }, 'amount'],
      [{ ...good, daily_cap: 0 }, 'daily_cap'],
      [{ ...good, daily_cap: 1001 }, 'daily_cap'],
      [{ ...good, enabled: 'yes' }, 'enabled'],
      [{ rule: 'comment', amount: 1, enabled: true }, 'daily_cap'],
    ] as const) {
      const res = await admin('/updateRule', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: { field } });
    }
    const msg = (await admin('/updateRule', { ...good, amount: 0 })).json().msg;
    expect(msg).toContain(msgOf('protal_en', 'pointsAdmin.rules.amountRule'));
  });

  it('a change is audited in its transaction, applies to the next award, never rewrites the ledger, on its own site only', async () => {
    const member = await h.readyMember('Rule Rita');
    const source = (id: number) => ({ kind: 'post', id });
    const give = (id: number, siteId: number) =>
      db()
        .transaction()
        .execute((trx) =>
          award(trx, {
            userId: member.id,
            siteId,
            rule: POINT_RULE.postPublished,
            source: source(id),
            now: Date.now(),
          }),
        );
    expect(await give(9_000_001, 2)).toBe(5);

    const res = await admin('/updateRule', { rule: 'post_published', amount: 8, daily_cap: 3, enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rule: 'post_published', amount: 8, daily_cap: 3, enabled: true });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'points.updateRule')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: cast.staff.id,
      site_id: 2,
      target_kind: 'points_rule',
      target_id: 'post_published',
    });
    expect(JSON.parse(audit.before_json!)).toEqual({ amount: 5, daily_cap: null, enabled: true });
    expect(JSON.parse(audit.after_json!)).toEqual({ amount: 8, daily_cap: 3, enabled: true });

    // The next award uses the new amount and cap; the first row keeps its 5; the other site keeps 5.
    expect(await give(9_000_002, 2)).toBe(8);
    expect(await give(9_000_003, 2)).toBe(8);
    expect(await give(9_000_004, 2)).toBe(0);
    expect(await give(9_000_005, 1)).toBe(5);
    const rows = await db()
      .selectFrom('points_ledger')
      .select(['amount', 'site_id'])
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.site_id, r.amount])).toEqual([
      [2, 5],
      [2, 8],
      [2, 8],
      [1, 5],
    ]);
    expect(await total(member.id)).toBe(26);

    // Off: nothing awarded; on again without a cap (null) and the default amount.
    expect(
      (await admin('/updateRule', { rule: 'post_published', amount: 8, daily_cap: 3, enabled: false })).statusCode,
    ).toBe(200);
    expect(await give(9_000_006, 2)).toBe(0);
    const back = await admin('/updateRule', { rule: 'post_published', amount: 5, daily_cap: null, enabled: true });
    expect(back.json().data).toMatchObject({ amount: 5, daily_cap: null, enabled: true });
    expect(await give(9_000_006, 2)).toBe(5);
    const list = (await admin('/rules', {})).json().data.list as Array<{ rule: string; amount: number }>;
    expect(list.find((r) => r.rule === 'post_published')?.amount).toBe(5);
  });

  it('an admin of every site edits the Chinese site’s rule; one audit row per change', async () => {
    const chief = await makeStaff(h, { nick: 'Chief Two' });
    const before = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await admin(
      '/updateRule',
      { rule: 'comment', amount: 2, daily_cap: 10, enabled: true },
      chief,
      'protal',
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    await admin('/updateRule', { rule: 'comment', amount: 1, daily_cap: 20, enabled: true }, chief, 'protal');
  });
});

describe('the daily sign-in', () => {
  it('once a day in the member’s zone, with the streak and the rule’s points; the second press refused', async () => {
    const member = await h.readyMember('Signer Sam');
    const mine0 = await call('protal_en', '/api/points/mine', {}, member, BEHIND);
    expect(mine0.statusCode, mine0.body).toBe(200);
    expect(mine0.json().data).toEqual({
      points: 0,
      earned_points: 0,
      level: 1,
      medal: 0,
      level_floor: 0,
      next_level_points: 100,
      signed_today: false,
      streak: 0,
      signin_points: 2,
    });

    const first = await call('protal_en', '/api/points/signIn', {}, member, BEHIND);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ awarded: 2, points: 2, earned_points: 2, signed_today: true, streak: 1 });

    const again = await call('protal_en', '/api/points/signIn', {}, member, BEHIND);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 201, msg: msgOf('protal_en', 'pointsApi.alreadySignedIn'), data: null });
    // On the other site, or from a zone where it is already tomorrow, still the same day for this member.
    const zh = await call('protal', '/api/points/signIn', {}, member, BEHIND);
    expect(zh.json()).toEqual({ status: 201, msg: msgOf('protal', 'pointsApi.alreadySignedIn'), data: null });
    expect((await call('protal_en', '/api/points/signIn', {}, member, AHEAD)).json().status).toBe(201);
    expect(await total(member.id)).toBe(2);

    const ledger = await db()
      .selectFrom('points_ledger')
      .select(['rule', 'amount', 'source_kind', 'source_id', 'site_id'])
      .where('user_id', '=', member.id)
      .execute();
    expect(ledger).toEqual([
      { rule: 'daily_signin', amount: 2, source_kind: 'day', source_id: dayInZone(Date.now(), BEHIND), site_id: 2 },
    ]);
    const mine = await call('protal_en', '/api/points/mine', {}, member, BEHIND);
    expect(mine.json().data).toMatchObject({ signed_today: true, streak: 1, points: 2 });
  });

  it('the streak continues from yesterday, breaks after a missed day, and the zone decides the day', async () => {
    const member = await h.readyMember('Streak Sue');
    const today = dayInZone(Date.now(), AHEAD);
    await db()
      .insertInto('points_signins')
      .values([
        { user_id: member.id, day: today - 2, site_id: 2, streak: 4, created_at: Date.now() - 2 * DAY - 3_600_000 },
        { user_id: member.id, day: today - 1, site_id: 2, streak: 5, created_at: Date.now() - 2 * DAY },
      ])
      .execute();
    // Yesterday's sign-in (in the ahead zone) keeps the run going.
    expect((await call('protal_en', '/api/points/mine', {}, member, AHEAD)).json().data).toMatchObject({
      signed_today: false,
      streak: 5,
    });
    const res = await call('protal_en', '/api/points/signIn', {}, member, AHEAD);
    expect(res.json().data).toMatchObject({ awarded: 2, streak: 6, signed_today: true });

    const broken = await h.readyMember('Broken Bo');
    const behindToday = dayInZone(Date.now(), BEHIND);
    await db()
      .insertInto('points_signins')
      .values({ user_id: broken.id, day: behindToday - 3, site_id: 1, streak: 9, created_at: Date.now() - 3 * DAY })
      .execute();
    expect((await call('protal', '/api/points/mine', {}, broken, BEHIND)).json().data.streak).toBe(0);
    const signed = await call('protal', '/api/points/signIn', {}, broken, BEHIND);
    expect(signed.json().data).toMatchObject({ awarded: 2, streak: 1 });
    expect(
      (
        await db()
          .selectFrom('points_signins')
          .select('site_id')
          .where('user_id', '=', broken.id)
          .orderBy('day', 'desc')
          .executeTakeFirstOrThrow()
      ).site_id,
    ).toBe(1);
  });

  it('a rule turned off still records the day and awards nothing; its points follow the rule', async () => {
    const member = await h.readyMember('Off Olga');
    await admin('/updateRule', { rule: 'daily_signin', amount: 2, daily_cap: null, enabled: false });
    try {
      expect((await call('protal_en', '/api/points/mine', {}, member)).json().data.signin_points).toBe(0);
      const res = await call('protal_en', '/api/points/signIn', {}, member);
      expect(res.json().data).toMatchObject({ awarded: 0, streak: 1, signed_today: true, points: 0 });
    } finally {
      await admin('/updateRule', { rule: 'daily_signin', amount: 2, daily_cap: null, enabled: true });
    }
    const next = await h.readyMember('Seven Sal');
    await admin('/updateRule', { rule: 'daily_signin', amount: 7, daily_cap: null, enabled: true });
    try {
      expect((await call('protal_en', '/api/points/mine', {}, next)).json().data.signin_points).toBe(7);
      expect((await call('protal_en', '/api/points/signIn', {}, next)).json().data.awarded).toBe(7);
    } finally {
      await admin('/updateRule', { rule: 'daily_signin', amount: 2, daily_cap: null, enabled: true });
    }
  });

  it('twenty presses at once sign in once', async () => {
    const member = await h.readyMember('Racer Rob');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('protal_en', '/api/points/signIn', {}, member, BEHIND)),
    );
    const statuses = answers.map((r) => r.json().status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 201)).toHaveLength(19);
    expect(await total(member.id)).toBe(2);
    expect(await ledgerSum(member.id)).toBe(2);
  });

  it('members only; a banned member is refused', async () => {
    for (const path of ['/api/points/mine', '/api/points/signIn', '/api/points/history']) {
      const res = await call('protal_en', path, {});
      expect(res.statusCode, path).toBe(401);
    }
    const member = await h.readyMember('Banned Ben');
    await banDirectly(db(), member.id, Date.now() + DAY, 'spam');
    const res = await call('protal_en', '/api/points/signIn', {}, member);
    expect(res.statusCode).toBe(403);
    expect(await total(member.id)).toBe(0);
  });
});

describe('levels, medals and the points history', () => {
  it('reaching a level sends one in-site message per level, once; medals follow the level', async () => {
    const member = await h.readyMember('Climber Cy');
    const give = (id: number, rule = POINT_RULE.emagazineApproved) =>
      db()
        .transaction()
        .execute((trx) =>
          award(trx, { userId: member.id, siteId: 2, rule, source: { kind: 'journal', id }, now: Date.now() }),
        );
    // 50 a time: 100 is Lv2, 300 Lv3 (bronze).
    for (let i = 1; i <= 6; i++) await give(i);
    const levelMessages = async () =>
      db()
        .selectFrom('messages')
        .select(['kind', 'params', 'url'])
        .where('user_id', '=', member.id)
        .where('kind', '=', 'level_reached')
        .orderBy('id')
        .execute();
    expect((await levelMessages()).map((m) => JSON.parse(m.params).level)).toEqual([2, 3]);
    expect((await levelMessages())[0]!.url).toBe('/en/userinfo');
    const mine = (await call('protal_en', '/api/points/mine', {}, member)).json().data;
    expect(mine).toMatchObject({ points: 300, level: 3, medal: 1, level_floor: 300, next_level_points: 600 });

    // Losing points and earning them again does not send the message again.
    await db()
      .transaction()
      .execute(async (trx) => {
        const { takeBack } = await import('./points.service');
        await takeBack(trx, {
          userId: member.id,
          siteId: 2,
          rule: POINT_RULE.emagazineApproved,
          source: { kind: 'journal', id: 6 },
          now: Date.now(),
        });
      });
    expect((await call('protal_en', '/api/points/mine', {}, member)).json().data.level).toBe(2);
    await give(7);
    expect((await levelMessages()).map((m) => JSON.parse(m.params).level)).toEqual([2, 3]);

    // The message reads in the reader's language.
    const list = await call('protal_en', '/api/index/frontMsgList', {}, member);
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json().data.userFrontMsgList)).toContain('Lv3');
    // The profile card's level and medal are the same function's.
    const card = await call('protal_en', '/user/userDetail', { id: member.id });
    expect(card.json().data).toMatchObject({ user_points_level: 3, user_medal: 1 });
  });

  it('the history lists the member’s own rows only, newest first, by keyset, with rule and source', async () => {
    const member = await h.readyMember('History Hal');
    const other = await h.readyMember('Other Oz');
    const now = Date.now();
    for (let i = 1; i <= 5; i++) {
      await db()
        .transaction()
        .execute((trx) =>
          award(trx, {
            userId: member.id,
            siteId: i % 2 ? 2 : 1,
            rule: POINT_RULE.postPublished,
            source: { kind: 'post', id: 8_000_000 + i },
            now: now + i,
          }),
        );
    }
    await db()
      .transaction()
      .execute((trx) =>
        award(trx, {
          userId: other.id,
          siteId: 2,
          rule: POINT_RULE.postPublished,
          source: { kind: 'post', id: 1 },
          now,
        }),
      );
    const first = await call('protal_en', '/api/points/history', { limit: 3 }, member);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data;
    expect(page1.list.map((r: { source_id: number }) => r.source_id)).toEqual([8_000_005, 8_000_004, 8_000_003]);
    expect(page1.list[0]).toEqual({
      id: expect.any(Number),
      rule: 'post_published',
      amount: 5,
      source_kind: 'post',
      source_id: 8_000_005,
      site_id: 2,
      create_time: new Date(now + 5).toISOString(),
    });
    expect(page1.list[1].site_id).toBe(1);
    const page2 = (
      await call('protal_en', '/api/points/history', { limit: 3, cursor: page1.next_cursor }, member)
    ).json().data;
    expect(page2.list.map((r: { source_id: number }) => r.source_id)).toEqual([8_000_002, 8_000_001]);
    expect(page2.next_cursor).toBeNull();
    const bad = await call('protal_en', '/api/points/history', { cursor: '!!' }, member);
    expect(bad.statusCode).toBe(400);
    expect((await call('protal_en', '/api/points/history', {}, other)).json().data.list).toHaveLength(1);
  });
});

describe('abuse resistance through the domains’ own calls', () => {
  it('a post earns once (an edit earns nothing more); deleting it takes its points back, shown in the history', async () => {
    const { postDictionaries, postForm } = await import('../../../test/discussions-harness');
    const d = await postDictionaries(db(), 2);
    const author = await h.readyMember('Poster Pat');
    const added = await call('protal_en', '/api/post/add', postForm(d), author);
    expect(added.json().status, added.body).toBe(200);
    const postId = added.json().data.tp_id as number;
    expect(await total(author.id)).toBe(5);
    // Editing it earns nothing more.
    await call('protal_en', '/api/post/edit', { tp_id: postId, ...postForm(d) }, author);
    expect(await total(author.id)).toBe(5);
    const deleted = await call('protal_en', '/api/post/delete', { tp_id: postId }, author);
    expect(deleted.json().status, deleted.body).toBe(200);
    expect(await total(author.id)).toBe(0);
    const history = (await call('protal_en', '/api/points/history', {}, author)).json().data.list;
    expect(history.map((r: { amount: number; source_id: number }) => [r.amount, r.source_id])).toEqual([
      [-5, postId],
      [5, postId],
    ]);
    expect(await ledgerSum(author.id)).toBe(await total(author.id));
  });
});
