import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@portal/contracts/permissions';
import { REQUEST_HEADERS } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, TestMember } from '../../../test/accounts-harness';
import { bulkMembers } from '../../../test/events-harness';
import {
  expectRefusedToOutsiders,
  makeStaffCast,
  msgOf,
  staffCall,
  staffTestApp,
  type StaffCast,
} from '../../../test/roles-harness';
import { award, recordHistory } from '../../platform/points/points.service';
import { pickOutcome } from './raffle.service';

/**
 * Issue 22 item 5 (decision 037): the raffle page's calls (the shown campaign, chances, the draw,
 * extra chances bought with points, my prizes, masked winners) and the back office's campaigns,
 * draw log and winners' export; on SQLite and PostgreSQL.
 */

type SiteCode = 'protal' | 'protal_en';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let cast: StaffCast;
const db = () => t.database.db;
const DAY = 86_400_000;
const HOUR = 3_600_000;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  cast = await makeStaffCast(h, {
    manage: PERMISSIONS.raffleManage,
    siteId: 2,
    sideStaff: { permissions: [PERMISSIONS.adminAccess, PERMISSIONS.pointsManage], siteId: 2 },
  });
});
afterAll(async () => t?.close());

const call = (site: SiteCode, path: string, body: unknown, as?: { token: string }, zone?: string) => {
  const headers: Record<string, string> = { 'x-forwarded-for': h.freshIp() };
  if (as) headers.cookie = `accessToken=${as.token}`;
  if (zone) headers[REQUEST_HEADERS.timeZoneName] = zone;
  return t.call(`/api/${site}${path}`, body, { headers });
};
const admin = (path: string, body: unknown, as: TestMember = cast.staff, site: SiteCode = 'protal_en') =>
  staffCall(h, site, `/admin/raffle${path}`, body, as);

const iso = (ms: number) => new Date(ms).toISOString();

function campaignBody(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    trc_title: 'Spring raffle',
    trc_description: 'Prizes for the community',
    trc_start_time: iso(now - HOUR),
    trc_end_time: iso(now + 30 * DAY),
    trc_daily_chances: 1,
    trc_chance_price: 30,
    trc_no_prize_weight: 0,
    trc_enabled: true,
    prizes: [{ trp_name: 'Mug', trp_img_url: '', trp_stock: 100, trp_weight: 1 }],
    ...overrides,
  };
}

/** A campaign made through the back office; answers its id and first prize's id. */
async function makeCampaign(overrides: Record<string, unknown> = {}, site: SiteCode = 'protal_en') {
  const as = site === 'protal_en' ? cast.staff : cast.admin;
  const res = await admin('/create', campaignBody(overrides), as, site);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { trc_id: number; prizes: Array<{ trp_id: number }> };
  return { id: data.trc_id, prizeId: data.prizes[0]!.trp_id };
}

async function givePoints(userId: number, amount: number) {
  await recordHistory(db(), [{ userId, siteId: 2, rule: 'daily_signin', amount, source: null, createdAt: Date.now() }]);
}
async function pointsOf(userId: number) {
  const row = await db().selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.points);
}
async function ledgerSum(userId: number) {
  const rows = await db().selectFrom('points_ledger').select('amount').where('user_id', '=', userId).execute();
  return rows.reduce((a, r) => a + Number(r.amount), 0);
}
async function stockOf(prizeId: number) {
  const row = await db()
    .selectFrom('raffle_prizes')
    .select('stock')
    .where('id', '=', prizeId)
    .executeTakeFirstOrThrow();
  return Number(row.stock);
}
async function drawsOf(campaignId: number) {
  return db().selectFrom('raffle_draws').selectAll().where('campaign_id', '=', campaignId).execute();
}
/** Moves a campaign's window (the back office refuses an end before the start, not a past window). */
async function setWindow(id: number, startsAt: number, endsAt: number) {
  await db()
    .updateTable('raffle_campaigns')
    .set({ starts_at: startsAt, ends_at: endsAt })
    .where('id', '=', id)
    .execute();
}

describe('the draw', () => {
  it('picks by weight with crypto.randomInt: a zero-weight outcome never, no prize when nothing weighs', () => {
    const prizes = [
      { id: 1, weight: 0 },
      { id: 2, weight: 3 },
    ];
    for (let i = 0; i < 200; i++) expect(pickOutcome(prizes, 0)?.id).toBe(2);
    expect(pickOutcome([], 0)).toBeNull();
    const counts = { prize: 0, none: 0 };
    for (let i = 0; i < 4000; i++) counts[pickOutcome([{ id: 1, weight: 1 }], 3) ? 'prize' : 'none']++;
    // 1 in 4: far from both 0 and 1/2.
    expect(counts.prize).toBeGreaterThan(700);
    expect(counts.prize).toBeLessThan(1300);
  });

  it('500 concurrent draws on a prize with stock 5 give exactly 5 prizes', async () => {
    const { id, prizeId } = await makeCampaign({
      trc_no_prize_weight: 1,
      prizes: [{ trp_name: 'Headphones', trp_img_url: '', trp_stock: 5, trp_weight: 1_000_000 }],
    });
    const crowd = await bulkMembers(db(), 500);
    const results = await Promise.all(crowd.map((m) => call('protal_en', '/api/raffle/draw', { trc_id: id }, m)));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const won = results.filter((r) => r.json().data.prize !== null);
    expect(won).toHaveLength(5);
    expect(await stockOf(prizeId)).toBe(0);
    const log = await drawsOf(id);
    expect(log).toHaveLength(500);
    expect(log.filter((d) => d.prize_id !== null)).toHaveLength(5);
    expect(new Set(log.map((d) => Number(d.user_id))).size).toBe(500);
    // 500 draws in one burst: seconds alone, far more beside the browser tests and the other suite.
  }, 120_000);

  it('gives a member one free draw a day, then refuses; a bought chance draws again', async () => {
    const { id } = await makeCampaign({ trc_chance_price: 25 });
    const m = await h.registerMember({ nick: 'Daily Drawer' });
    const first = await call('protal_en', '/api/raffle/draw', { trc_id: id }, m);
    expect(first.json(), first.body).toMatchObject({
      status: 200,
      data: { prize: { trp_name: 'Mug' }, chances: { daily_left: 0, extra_chances: 0 } },
    });
    const second = await call('protal_en', '/api/raffle/draw', { trc_id: id }, m);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ status: 201, msg: msgOf('protal_en', 'raffleApi.noChance'), data: null });
    expect(await drawsOf(id)).toHaveLength(1);

    // Buying without enough points is refused and writes nothing.
    const poor = await call('protal_en', '/api/raffle/buyChances', { trc_id: id, count: 1 }, m);
    expect(poor.json()).toEqual({
      status: 201,
      msg: msgOf('protal_en', 'raffleApi.notEnoughPoints', { cost: 25 }),
      data: null,
    });
    expect(await ledgerSum(m.id)).toBe(0);

    await givePoints(m.id, 60);
    const bought = await call('protal_en', '/api/raffle/buyChances', { trc_id: id, count: 2 }, m);
    expect(bought.json(), bought.body).toMatchObject({
      status: 200,
      data: { spent: 50, chances: { daily_left: 0, extra_chances: 2, points: 10 } },
    });
    expect(await pointsOf(m.id)).toBe(10);
    expect(await ledgerSum(m.id)).toBe(10);
    const debit = await db()
      .selectFrom('points_ledger')
      .selectAll()
      .where('user_id', '=', m.id)
      .where('rule', '=', 'raffle_chance')
      .executeTakeFirstOrThrow();
    expect(debit).toMatchObject({ amount: -50, source_kind: 'raffle_campaign', source_id: id });
    // The personal centre's history names the debit.
    const history = await call('protal_en', '/api/points/history', {}, m);
    expect(history.json().data.list[0]).toMatchObject({ rule: 'raffle_chance', amount: -50 });

    const extra = await call('protal_en', '/api/raffle/draw', { trc_id: id }, m);
    expect(extra.json().data.chances).toMatchObject({ daily_left: 0, extra_chances: 1 });
    const again = await call('protal_en', '/api/raffle/buyChances', { trc_id: id, count: 1 }, m);
    expect(again.json().msg).toBe(msgOf('protal_en', 'raffleApi.notEnoughPoints', { cost: 25 }));
    const log = await drawsOf(id);
    expect(log.map((d) => d.chance).sort()).toEqual(['daily', 'extra']);
  });

  it('counts the day in the member’s zone: a new zone day opens a new free draw, an earlier one does not', async () => {
    const { id } = await makeCampaign();
    const m = await h.registerMember({ nick: 'Zone Walker' });
    // UTC+14 is always a calendar day ahead of UTC-11.
    expect((await call('protal_en', '/api/raffle/draw', { trc_id: id }, m, 'Pacific/Pago_Pago')).statusCode).toBe(200);
    expect((await call('protal_en', '/api/raffle/draw', { trc_id: id }, m, 'Pacific/Kiritimati')).statusCode).toBe(200);
    const back = await call('protal_en', '/api/raffle/draw', { trc_id: id }, m, 'Pacific/Pago_Pago');
    expect(back.json().msg).toBe(msgOf('protal_en', 'raffleApi.noChance'));
  });

  it('a member racing their own draws spends each chance once', async () => {
    const { id } = await makeCampaign({ trc_chance_price: 10 });
    const m = await h.registerMember({ nick: 'Racer' });
    await givePoints(m.id, 30);
    expect((await call('protal_en', '/api/raffle/buyChances', { trc_id: id, count: 3 }, m)).statusCode).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('protal_en', '/api/raffle/draw', { trc_id: id }, m)),
    );
    expect(results.filter((r) => r.json().status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.json().status === 201)).toHaveLength(16);
    expect(await drawsOf(id)).toHaveLength(4);
  });

  it('concurrent purchases never spend more points than the member has', async () => {
    const { id } = await makeCampaign({ trc_chance_price: 30 });
    const m = await h.registerMember({ nick: 'Spender' });
    await givePoints(m.id, 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call('protal_en', '/api/raffle/buyChances', { trc_id: id, count: 1 }, m)),
    );
    expect(results.filter((r) => r.json().status === 200)).toHaveLength(3);
    expect(await pointsOf(m.id)).toBe(10);
    expect(await ledgerSum(m.id)).toBe(10);
    const row = await db()
      .selectFrom('raffle_members')
      .select('extra_chances')
      .where('campaign_id', '=', id)
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.extra_chances)).toBe(3);
  });

  it('refuses draws and purchases outside the window, of a hidden or another site’s campaign, and unsold chances', async () => {
    const m = await h.registerMember({ nick: 'Early Bird' });
    await givePoints(m.id, 500);
    const { id } = await makeCampaign();
    const now = Date.now();
    for (const [start, end] of [
      [now + HOUR, now + DAY],
      [now - DAY, now - HOUR],
    ] as const) {
      await setWindow(id, start, end);
      for (const [path, body] of [
        ['/api/raffle/draw', { trc_id: id }],
        ['/api/raffle/buyChances', { trc_id: id, count: 1 }],
      ] as const) {
        const res = await call('protal_en', path, body, m);
        expect(res.json()).toEqual({ status: 201, msg: msgOf('protal_en', 'raffleApi.notRunning'), data: null });
      }
    }
    expect(await drawsOf(id)).toHaveLength(0);
    expect(await pointsOf(m.id)).toBe(500);

    const other = await makeCampaign({}, 'protal');
    const cross = await call('protal_en', '/api/raffle/draw', { trc_id: other.id }, m);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ status: 404, msg: msgOf('protal_en', 'raffleApi.campaignNotFound'), data: null });

    const hidden = await makeCampaign({ trc_enabled: false });
    expect((await call('protal_en', '/api/raffle/draw', { trc_id: hidden.id }, m)).statusCode).toBe(404);

    const free = await makeCampaign({ trc_chance_price: 0 });
    const unsold = await call('protal_en', '/api/raffle/buyChances', { trc_id: free.id, count: 1 }, m);
    expect(unsold.json().msg).toBe(msgOf('protal_en', 'raffleApi.notForSale'));
    expect(await pointsOf(m.id)).toBe(500);
  });

  it('sends visitors to log in and checks the input', async () => {
    const { id } = await makeCampaign();
    for (const path of ['/api/raffle/draw', '/api/raffle/buyChances', '/api/raffle/myPrizes']) {
      const res = await call('protal', path, { trc_id: id, count: 1 });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, msg: msgOf('protal', 'errors.unauthorized'), data: null });
    }
    const m = await h.registerMember({ nick: 'Typo' });
    for (const [path, body, field] of [
      ['/api/raffle/draw', {}, 'trc_id'],
      ['/api/raffle/draw', { trc_id: 'x' }, 'trc_id'],
      ['/api/raffle/draw', { trc_id: -1 }, 'trc_id'],
      ['/api/raffle/draw', { trc_id: id, extra: 1 }, null],
      ['/api/raffle/buyChances', { trc_id: id, count: 0 }, 'count'],
      ['/api/raffle/buyChances', { trc_id: id, count: 11 }, 'count'],
      ['/api/raffle/buyChances', { trc_id: id, count: 1.5 }, 'count'],
      ['/api/raffle/winners', { trc_id: id, cursor: '!!' }, 'cursor'],
    ] as const) {
      const res = await call('protal_en', path, body, m);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      if (field) expect(res.json()).toMatchObject({ status: 40001, data: { field } });
    }
    const msg = (await call('protal', '/api/raffle/buyChances', { trc_id: id, count: 0 }, m)).json().msg;
    expect(msg).toContain(msgOf('protal', 'raffle.rules.countRule'));
  });
});

describe('the raffle page', () => {
  it('shows the running campaign with its prizes to a visitor, and the member’s chances', async () => {
    const { id } = await makeCampaign({
      trc_title: 'Page raffle',
      trc_no_prize_weight: 3,
      prizes: [{ trp_name: 'Book', trp_img_url: '/demo/journal-1.svg', trp_stock: 4, trp_weight: 1 }],
    });
    const visitor = await call('protal_en', '/api/raffle/current', {});
    expect(visitor.json(), visitor.body).toMatchObject({
      status: 200,
      data: {
        campaign: { trc_id: id, trc_title: 'Page raffle', trc_state: 'running', trc_no_prize_chance: 0.75 },
        prizes: [{ trp_name: 'Book', trp_img_url: '/demo/journal-1.svg', trp_stock: 4, trp_chance: 0.25 }],
        chances: null,
      },
    });
    const m = await h.registerMember({ nick: 'Page Reader' });
    const member = await call('protal_en', '/api/raffle/current', {}, m);
    expect(member.json().data.chances).toEqual({ daily_left: 1, extra_chances: 0, points: 0 });
    // The other site shows its own campaign, never this one.
    const zh = await call('protal', '/api/raffle/current', {});
    expect(zh.json().data.campaign?.trc_id).not.toBe(id);
  });

  it('lists my prizes (mine only) and the winners with masked names', async () => {
    const { id } = await makeCampaign({
      prizes: [{ trp_name: 'Keyboard', trp_img_url: '', trp_stock: 10, trp_weight: 1 }],
    });
    const winnie = await h.registerMember({ nick: 'Winnie Winner' });
    const other = await h.registerMember({ nick: 'Otto' });
    await call('protal_en', '/api/raffle/draw', { trc_id: id }, winnie);
    await call('protal_en', '/api/raffle/draw', { trc_id: id }, other);

    const mine = await call('protal_en', '/api/raffle/myPrizes', {}, winnie);
    const list = mine.json().data.list as Array<{ trc_id: number; trp_name: string }>;
    expect(list.filter((p) => p.trc_id === id)).toEqual([expect.objectContaining({ trp_name: 'Keyboard' })]);

    const winners = await call('protal_en', '/api/raffle/winners', { trc_id: id, limit: 1 });
    const page1 = winners.json().data;
    expect(page1.list).toEqual([expect.objectContaining({ user_nick_name: 'O**o', trp_name: 'Keyboard' })]);
    const page2 = (
      await call('protal_en', '/api/raffle/winners', { trc_id: id, limit: 1, cursor: page1.next_cursor })
    ).json().data;
    expect(page2.list).toEqual([expect.objectContaining({ user_nick_name: 'W****r' })]);
    expect(JSON.stringify(page2)).not.toContain('Winnie');
  });
});

describe('the winner’s message, and spending that never lowers a level', () => {
  const inbox = async (site: SiteCode, as: TestMember) => {
    const res = await call(site, '/api/index/frontMsgList', {}, as);
    expect(res.statusCode, res.body).toBe(200);
    return JSON.stringify(res.json().data.userFrontMsgList);
  };
  const messagesOf = (userId: number, kind: string) =>
    db()
      .selectFrom('messages')
      .select(['params', 'site_id', 'url'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();

  it('a prize sends the winner one in-site message naming it, in the site’s language; no prize sends none', async () => {
    const en = await makeCampaign({
      trc_title: 'Autumn raffle',
      prizes: [{ trp_name: 'SSD 2 TB', trp_img_url: '', trp_stock: 5, trp_weight: 1 }],
    });
    const winner = await h.registerMember({ nick: 'Lucky Lu' });
    const drawn = await call('protal_en', '/api/raffle/draw', { trc_id: en.id }, winner);
    expect(drawn.json().data.prize, drawn.body).toMatchObject({ trp_name: 'SSD 2 TB' });
    expect(await messagesOf(winner.id, 'raffle_won')).toEqual([
      {
        params: JSON.stringify({ prize: 'SSD 2 TB', campaign: 'Autumn raffle' }),
        site_id: 2,
        url: '/en/rafflelandingpage',
      },
    ]);
    const english = await inbox('protal_en', winner);
    expect(english).toContain('You won a prize');
    expect(english).toContain('Congratulations! You won \\"SSD 2 TB\\" in the raffle \\"Autumn raffle\\"');

    // On the Chinese site a Chinese campaign's prize is told in Chinese.
    const zh = await makeCampaign(
      { trc_title: '秋季抽奖', prizes: [{ trp_name: '移动硬盘', trp_img_url: '', trp_stock: 5, trp_weight: 1 }] },
      'protal',
    );
    const zhDraw = await call('protal', '/api/raffle/draw', { trc_id: zh.id }, winner);
    expect(zhDraw.json().data.prize, zhDraw.body).toMatchObject({ trp_name: '移动硬盘' });
    const chinese = await inbox('protal', winner);
    expect(chinese).toContain('恭喜中奖');
    expect(chinese).toContain('恭喜你在抽奖活动“秋季抽奖”中抽中了“移动硬盘”');

    // "No prize" is recorded as a draw and tells nobody anything.
    // A prize out of stock leaves only "no prize" to draw.
    const empty = await makeCampaign({
      trc_no_prize_weight: 1,
      prizes: [{ trp_name: 'Gone', trp_img_url: '', trp_stock: 0, trp_weight: 1 }],
    });
    const loser = await h.registerMember({ nick: 'Unlucky Un' });
    const none = await call('protal_en', '/api/raffle/draw', { trc_id: empty.id }, loser);
    expect(none.json(), none.body).toMatchObject({ status: 200, data: { prize: null } });
    expect(await messagesOf(loser.id, 'raffle_won')).toEqual([]);
    expect(await drawsOf(empty.id)).toHaveLength(1);
  });

  it('buying chances lowers the balance, never the level or medal anywhere; the level-up message is not sent again', async () => {
    const { id } = await makeCampaign({ trc_chance_price: 50 });
    const m = await h.readyMember('Spender Sue');
    let item = 0;
    const earn = (times: number) =>
      db()
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < times; i++) {
            await award(trx, {
              userId: m.id,
              siteId: 2,
              rule: 'emagazine_approved',
              source: { kind: 'journal', id: 9_000_000 + ++item },
              now: Date.now(),
            });
          }
        });
    await earn(6); // 300 points earned: Lv3, the bronze medal
    const levels = async () => (await messagesOf(m.id, 'level_reached')).map((r) => JSON.parse(r.params).level);
    expect(await levels()).toEqual([2, 3]);

    const bought = await call('protal_en', '/api/raffle/buyChances', { trc_id: id, count: 5 }, m);
    expect(bought.json(), bought.body).toMatchObject({ status: 200, data: { spent: 250, chances: { points: 50 } } });

    // The balance is 50; the level and medal are still those of the 300 earned, wherever they show.
    const mine = (await call('protal_en', '/api/points/mine', {}, m)).json().data;
    expect(mine).toMatchObject({
      points: 50,
      earned_points: 300,
      level: 3,
      medal: 1,
      level_floor: 300,
      next_level_points: 600,
    });
    const myInfo = (await call('protal_en', '/api/user/getMyInfo', {}, m)).json().data;
    expect(myInfo.user_points_level).toBe(3);
    const card = (await call('protal_en', '/user/userDetail', { id: m.id })).json().data;
    expect(card).toMatchObject({ user_points_level: 3, user_medal: 1 });
    const row = await db()
      .selectFrom('users')
      .select(['points', 'points_earned'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.points), Number(row.points_earned)]).toEqual([50, 300]);
    expect(await ledgerSum(m.id)).toBe(50);

    // Earning again from the lower balance announces nothing already reached; a new level once.
    await earn(1);
    expect(await levels()).toEqual([2, 3]);
    await earn(5); // 600 earned: Lv4
    expect(await levels()).toEqual([2, 3, 4]);
    expect((await call('protal_en', '/api/points/mine', {}, m)).json().data).toMatchObject({
      points: 350,
      earned_points: 600,
      level: 4,
    });

    // A take-back (content deleted) does lower what was earned, and so the level.
    await db()
      .transaction()
      .execute(async (trx) => {
        const { takeBack } = await import('../../platform/points/points.service');
        await takeBack(trx, {
          userId: m.id,
          siteId: 2,
          rule: 'emagazine_approved',
          source: { kind: 'journal', id: 9_000_000 + item },
          now: Date.now(),
        });
      });
    expect((await call('protal_en', '/api/points/mine', {}, m)).json().data).toMatchObject({
      points: 300,
      earned_points: 550,
      level: 3,
    });
  });
});

describe('the back office', () => {
  it('refuses visitors, members, moderators, other staff, a banned admin and the other site’s staff', async () => {
    const { id } = await makeCampaign();
    await expectRefusedToOutsiders(
      h,
      [
        ['/admin/raffle/list', {}],
        ['/admin/raffle/create', campaignBody()],
        ['/admin/raffle/update', { ...campaignBody(), trc_id: id }],
        ['/admin/raffle/draws', { trc_id: id }],
        ['/admin/raffle/exportWinners', { trc_id: id }],
      ],
      {
        outsiders: [cast.member, cast.moderator, cast.sideStaff, cast.bannedAdmin],
        otherSiteStaff: cast.otherSiteStaff,
        otherSite: 'protal_en',
      },
    );
  });

  it('creates and edits a campaign with its prizes, audited, and keeps won prizes', async () => {
    const created = await admin(
      '/create',
      campaignBody({
        trc_title: 'Audited raffle',
        prizes: [
          { trp_name: 'Cap', trp_img_url: '', trp_stock: 1, trp_weight: 5 },
          { trp_name: 'Pen', trp_img_url: '', trp_stock: 9, trp_weight: 5 },
        ],
      }),
    );
    expect(created.json(), created.body).toMatchObject({
      status: 200,
      data: {
        trc_title: 'Audited raffle',
        trc_state: 'running',
        draws: 0,
        prizes: [{ trp_name: 'Cap' }, { trp_name: 'Pen' }],
      },
    });
    const campaign = created.json().data as { trc_id: number; prizes: Array<{ trp_id: number }> };
    const [cap, pen] = campaign.prizes as [{ trp_id: number }, { trp_id: number }];
    // Somebody wins the cap (its stock is one; the pen is set aside for the draw).
    await db().updateTable('raffle_prizes').set({ weight: 0 }).where('id', '=', pen.trp_id).execute();
    const m = await h.registerMember({ nick: 'Capper' });
    expect(
      (await call('protal_en', '/api/raffle/draw', { trc_id: campaign.trc_id }, m)).json().data.prize,
    ).toMatchObject({
      trp_name: 'Cap',
    });

    const dropWon = await admin('/update', {
      ...campaignBody(),
      trc_id: campaign.trc_id,
      prizes: [{ trp_id: pen.trp_id, trp_name: 'Pen', trp_img_url: '', trp_stock: 9, trp_weight: 5 }],
    });
    expect(dropWon.statusCode).toBe(400);
    expect(dropWon.json()).toMatchObject({ status: 40001, data: { field: 'prizes' } });
    expect(dropWon.json().msg).toContain(msgOf('protal_en', 'raffleAdmin.rules.prizeWon'));

    const edited = await admin('/update', {
      ...campaignBody({ trc_title: 'Audited raffle, edited', trc_chance_price: 40 }),
      trc_id: campaign.trc_id,
      prizes: [
        { trp_id: cap.trp_id, trp_name: 'Cap', trp_img_url: '', trp_stock: 3, trp_weight: 5 },
        { trp_name: 'Sticker', trp_img_url: '/demo/logo.svg', trp_stock: 50, trp_weight: 20 },
      ],
    });
    expect(edited.json(), edited.body).toMatchObject({
      status: 200,
      data: {
        trc_title: 'Audited raffle, edited',
        trc_chance_price: 40,
        draws: 1,
        prizes: [
          { trp_id: cap.trp_id, trp_stock: 3, won: 1 },
          { trp_name: 'Sticker', trp_stock: 50, won: 0 },
        ],
      },
    });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_kind', '=', 'raffle_campaign')
      .where('target_id', '=', String(campaign.trc_id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['raffle.create', 'raffle.update']);
    expect(JSON.parse(audit[1]!.before_json!)).toMatchObject({ title: 'Audited raffle', chance_price: 30 });
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ title: 'Audited raffle, edited', chance_price: 40 });

    const listed = (await admin('/list', {})).json().data.list as Array<{ trc_id: number }>;
    expect(listed.some((c) => c.trc_id === campaign.trc_id)).toBe(true);
    // Another site's staff cannot edit it through their own site.
    const foreign = await admin('/update', { ...campaignBody(), trc_id: campaign.trc_id }, cast.admin, 'protal');
    expect(foreign.statusCode).toBe(404);
  });

  it('checks the values: 400 naming the field, nothing written', async () => {
    const before = await db().selectFrom('raffle_campaigns').select('id').execute();
    const prize = { trp_name: 'Mug', trp_img_url: '', trp_stock: 1, trp_weight: 1 };
    const now = Date.now();
    for (const [overrides, field, key] of [
      [{ trc_title: '' }, 'trc_title', 'raffleAdmin.rules.titleRule'],
      [{ trc_title: 'x'.repeat(101) }, 'trc_title', 'raffleAdmin.rules.titleRule'],
      [{ trc_description: 'x'.repeat(2001) }, 'trc_description', 'raffleAdmin.rules.descriptionRule'],
      [{ trc_start_time: 'yesterday' }, 'trc_start_time', 'raffleAdmin.rules.startRule'],
      [{ trc_end_time: iso(now - 2 * HOUR) }, 'trc_end_time', 'raffleAdmin.rules.endRule'],
      [{ trc_daily_chances: 11 }, 'trc_daily_chances', 'raffleAdmin.rules.dailyChancesRule'],
      [{ trc_chance_price: -1 }, 'trc_chance_price', 'raffleAdmin.rules.chancePriceRule'],
      [{ trc_no_prize_weight: 1.5 }, 'trc_no_prize_weight', 'raffleAdmin.rules.noPrizeWeightRule'],
      [{ trc_enabled: 'yes' }, 'trc_enabled', 'raffleAdmin.rules.enabledRule'],
      [{ prizes: [] }, 'prizes', 'raffleAdmin.rules.prizesRule'],
      [{ prizes: [{ ...prize, trp_weight: 0 }] }, 'prizes.0.trp_weight', 'raffleAdmin.rules.weightRule'],
      [{ prizes: [{ ...prize, trp_stock: -1 }] }, 'prizes.0.trp_stock', 'raffleAdmin.rules.stockRule'],
      [{ prizes: [{ ...prize, trp_name: ' ' }] }, 'prizes.0.trp_name', 'raffleAdmin.rules.prizeNameRule'],
      [
        { prizes: [{ ...prize, trp_img_url: 'https://evil.example/x.png' }] },
        'prizes.0.trp_img_url',
        'raffleAdmin.rules.prizeImageRule',
      ],
      [{ prizes: [{ ...prize, trp_id: 99999 }] }, 'prizes', 'raffleAdmin.rules.prizeUnknown'],
    ] as const) {
      const res = await admin('/create', campaignBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json(), JSON.stringify(overrides)).toMatchObject({ status: 40001, data: { field } });
      expect(res.json().msg).toContain(msgOf('protal_en', key));
    }
    expect(await db().selectFrom('raffle_campaigns').select('id').execute()).toHaveLength(before.length);
  });

  it('reads the draw log and exports the winners as .xlsx, audited', async () => {
    const { id } = await makeCampaign({
      trc_title: 'Export raffle',
      trc_no_prize_weight: 1,
      prizes: [{ trp_name: 'Tablet', trp_img_url: '', trp_stock: 1, trp_weight: 1_000_000 }],
    });
    const ada = await h.registerMember({ nick: 'Ada Export' });
    const bob = await h.registerMember({ nick: 'Bob Export' });
    await call('protal_en', '/api/raffle/draw', { trc_id: id }, ada);
    await call('protal_en', '/api/raffle/draw', { trc_id: id }, bob);

    const log = (await admin('/draws', { trc_id: id })).json().data;
    expect(log.list).toHaveLength(2);
    expect(log.list[1]).toMatchObject({ user_nick_name: 'Ada Export', trp_name: 'Tablet', won: true, chance: 'daily' });
    expect(log.list[0]).toMatchObject({ user_nick_name: 'Bob Export', trp_name: '', won: false });
    const winners = (await admin('/draws', { trc_id: id, won_only: true })).json().data.list;
    expect(winners).toHaveLength(1);

    const res = await admin('/exportWinners', { trc_id: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Ada Export');
    expect(sheet.getRow(2).getCell(2).value).toBe(ada.email);
    expect(sheet.getRow(2).getCell(3).value).toBe('Tablet');
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'raffle.exportWinners')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit).toHaveLength(1);
    const missing = await admin('/exportWinners', { trc_id: 999_999 });
    expect(missing.statusCode).toBe(404);
  });
});
