import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_STATE, REVIEW_STATUS } from '@portal/contracts/constants';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const zh = (path: string, body?: unknown) => t.call(`/api/protal${path}`, body);
const en = (path: string, body?: unknown) => t.call(`/api/protal_en${path}`, body);
const hasCjk = (s: string) => /[\u4e00-\u9fff]/.test(s);

describe('home calls read each site’s own content', () => {
  it('lists live banners of the site in order', async () => {
    const [a, b] = await Promise.all([zh('/api/banner/list'), en('/api/banner/list')]);
    expect(a.statusCode).toBe(200);
    const zhList = a.json().data.list;
    const enList = b.json().data.list;
    expect(zhList.length).toBeGreaterThan(0);
    expect(enList.length).toBeGreaterThan(0);
    expect(zhList.map((x: { tb_sort: number }) => x.tb_sort)).toEqual(
      [...zhList.map((x: { tb_sort: number }) => x.tb_sort)].sort((p, q) => p - q),
    );
    expect(hasCjk(zhList[0].tb_title)).toBe(true);
    expect(hasCjk(enList[0].tb_title)).toBe(false);
  });

  it('hides a banner whose schedule has ended or not begun', async () => {
    const now = Date.now();
    await t.database.db
      .insertInto('banners')
      .values([
        {
          site_id: 2,
          title: 'Expired banner',
          image_url: '/demo/x.svg',
          link_url: '',
          sort: 0,
          starts_at: null,
          ends_at: now - 1000,
          created_at: now,
        },
        {
          site_id: 2,
          title: 'Future banner',
          image_url: '/demo/x.svg',
          link_url: '',
          sort: 0,
          starts_at: now + 86_400_000,
          ends_at: null,
          created_at: now,
        },
      ])
      .execute();
    const titles = (await en('/api/banner/list')).json().data.list.map((b: { tb_title: string }) => b.tb_title);
    expect(titles).not.toContain('Expired banner');
    expect(titles).not.toContain('Future banner');
  });

  it('counts members, experts, events, approved articles and published posts', async () => {
    const stats = (await en('/api/index/indexStats')).json().data;
    const posts = await t.database.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site_id', '=', 2)
      .where('status', '=', REVIEW_STATUS.approved)
      .executeTakeFirstOrThrow();
    expect(stats.post_count).toBe(Number(posts.n));
    expect(stats.member_count).toBeGreaterThan(0);
    expect(stats.expert_count).toBeGreaterThan(0);
    expect(stats.expert_count).toBeLessThanOrEqual(stats.member_count);
    expect(stats.activity_count).toBeGreaterThan(0);
  });

  it('derives event states from time', async () => {
    const list = (await zh('/api/index/activityList', { limit: 20 })).json().data.list as Array<{
      ta_state: number;
      ta_start_time: string;
      ta_end_time: string;
    }>;
    const now = Date.now();
    for (const a of list) {
      if (a.ta_state === ACTIVITY_STATE.ended) expect(Date.parse(a.ta_end_time)).toBeLessThanOrEqual(now);
      if (a.ta_state === ACTIVITY_STATE.inProgress) expect(Date.parse(a.ta_start_time)).toBeLessThanOrEqual(now);
      if (a.ta_state === ACTIVITY_STATE.notStarted || a.ta_state === ACTIVITY_STATE.registering)
        expect(Date.parse(a.ta_start_time)).toBeGreaterThan(now);
    }
    expect(new Set(list.map((a) => a.ta_state)).size).toBe(4);
  });

  it('lists topics with their article counts', async () => {
    const res = (await en('/api/index/topicList', {})).json().data.topic_list;
    expect(res.length).toBeGreaterThan(0);
    expect(res[0]).toEqual(
      expect.objectContaining({
        tt_id: expect.any(Number),
        tt_title: expect.any(String),
        tt_article_count: expect.any(Number),
      }),
    );
  });

  it('pages posts by keyset: no overlap, no gap, newest first', async () => {
    const all = await t.database.db
      .selectFrom('posts')
      .select(['id', 'created_at'])
      .where('site_id', '=', 1)
      .where('status', '=', REVIEW_STATUS.approved)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const data = (await zh('/api/index/postList', { limit: 7, ...(cursor ? { cursor } : {}) })).json().data;
      seen.push(...data.list.map((p: { tp_id: number }) => p.tp_id));
      if (!data.next_cursor) break;
      cursor = data.next_cursor;
    }
    expect(seen).toEqual(all.map((p) => p.id));
  });

  it('gives each post its author card with level, badges and medal', async () => {
    const first = (await en('/api/index/postList', {})).json().data.list[0];
    expect(first.author).toEqual(
      expect.objectContaining({
        user_id: expect.any(Number),
        user_nick_name: expect.any(String),
        user_points_level: expect.any(Number),
        user_logo_arr: expect.any(Array),
        user_medal: expect.any(Number),
      }),
    );
    expect(first.author).not.toHaveProperty('password_hash');
    expect(JSON.stringify(first)).not.toMatch(/password|email|mobile/);
  });

  it('refuses a forged cursor as a validation failure on cursor', async () => {
    for (const cursor of [
      'not-a-cursor',
      Buffer.from('1.2.3').toString('base64url'),
      Buffer.from('1 or 1=1').toString('base64url'),
    ]) {
      const res = await en('/api/index/postList', { cursor });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001, data: { field: 'cursor' } });
    }
  });

  it('ranks active members by their points of the last 30 days', async () => {
    const list = (await zh('/api/index/livelyUserList', {})).json().data.list as Array<{ recent_points: number }>;
    expect(list.length).toBeGreaterThan(0);
    const points = list.map((u) => u.recent_points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
  });

  it('answers the shell settings and the site options', async () => {
    const common = (await en('/api/index/commonData')).json().data;
    expect(common.contact_email).toMatch(/@/);
    expect(common.qr_code_url).toMatch(/en/);
    expect(common.page_size).toBe(15);
    expect(common.search_max).toBe(20);
    expect(common.image_config).toEqual({ fileSize: expect.any(Number), fileLimit: expect.any(Number) });
    const site = (await en('/api/index/currSiteData')).json().data;
    expect(site).toMatchObject({ tws_id: 2, apply_site: 'protal_en', twss_lang: 'en' });
    expect(site.lang_list).toEqual([
      { twss_lang: 'zh', tws_name: '中文', tws_id: 1 },
      { twss_lang: 'en', tws_name: 'English', tws_id: 2 },
    ]);
  });

  it('serves the About page sanitised even if the stored HTML is hostile', async () => {
    const about = (await zh('/api/page/content', { slug: 'about' })).json();
    expect(about.status).toBe(200);
    expect(hasCjk(about.data.title)).toBe(true);
    await t.database.db
      .updateTable('pages')
      .set({
        body_html:
          '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      })
      .where('site_id', '=', 2)
      .where('slug', '=', 'about')
      .execute();
    const html = (await en('/api/page/content', { slug: 'about' })).json().data.content as string;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(html).toContain('Hi');
  });
});
