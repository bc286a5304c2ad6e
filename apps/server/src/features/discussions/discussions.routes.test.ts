import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { grantDirectly, makeModerator, staffTestApp } from '../../../test/roles-harness';
import {
  makeAttachment,
  postDictionaries,
  postForm,
  setPostReview,
  type SiteDictionaries,
} from '../../../test/discussions-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let zhDict: SiteDictionaries;
let enDict: SiteDictionaries;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  zhDict = await postDictionaries(t.database.db, 1);
  enDict = await postDictionaries(t.database.db, 2);
});
afterAll(async () => t?.close());

const lang = (site: Site) => (site === 'protal' ? 'zh' : 'en');
const dictOf = (site: Site) => (site === 'protal' ? zhDict : enDict);

const api = (site: Site, path: string, body: unknown, as?: TestMember) =>
  h.call(site, `/api${path}`, body, { ...(as ? { as } : {}), ip: h.freshIp() });

const member = (site: Site = 'protal_en', nick = 'Poster') => h.readyMember(nick, site);

async function publish(as: TestMember, site: Site = 'protal_en', extra: Record<string, unknown> = {}) {
  const res = await api(site, '/post/add', postForm(dictOf(site), extra), as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { tp_id: number; status: number; linked: Array<{ tws_id: number; tp_id: number }> };
}

const postRow = (id: number) =>
  t.database.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const listIds = async (site: Site, body: Record<string, unknown> = {}) => {
  const res = await api(site, '/index/postList', body);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as {
    list: Array<{ tp_id: number }>;
    pinned: Array<{ tp_id: number }>;
    next_cursor: string | null;
  };
  return { ids: data.list.map((p) => p.tp_id), pinned: data.pinned.map((p) => p.tp_id), next: data.next_cursor };
};

const messagesOf = (userId: number) =>
  t.database.db
    .selectFrom('messages')
    .select(['kind', 'params', 'url'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

describe('post/add: the post form of spec 5', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['tp_title', { tp_title: '   ' }, 'tp_title', 'postForm.titleInvalid'],
    ['tp_title missing', { tp_title: undefined }, 'tp_title', 'postForm.titleInvalid'],
    ['tp_title too long', { tp_title: 'x'.repeat(101) }, 'tp_title', 'discuss.rules.titleTooLong'],
    ['tp_hy_dd_id', { tp_hy_dd_id: undefined }, 'tp_hy_dd_id', 'postForm.industryRequired'],
    ['tp_cj_dd_id', { tp_cj_dd_id: null }, 'tp_cj_dd_id', 'postForm.sceneRequired'],
    ['tp_content blank', { tp_content: '<p>&nbsp; <br></p>  \n' }, 'tp_content', 'postForm.contentInvalid'],
    ['tp_content missing', { tp_content: undefined }, 'tp_content', 'postForm.contentInvalid'],
  ];
  for (const site of ['protal', 'protal_en'] as const) {
    for (const [name, change, field, key] of cases) {
      it(`${site}: ${name} → 400/40001 naming ${field} with the spec's message`, async () => {
        const m = await member(site);
        const res = await api(site, '/post/add', { ...postForm(dictOf(site)), ...change }, m);
        expect(res.statusCode, res.body).toBe(400);
        const reason = translate(lang(site), key);
        expect(res.json()).toMatchObject({
          status: 40001,
          msg: translate(lang(site), 'errors.validation', { field, reason }),
          data: { field },
        });
        const count = await t.database.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('author_id', '=', m.id)
          .executeTakeFirstOrThrow();
        expect(Number(count.n)).toBe(0);
      });
    }
  }

  it("has spec 5's words in English", () => {
    expect(translate('en', 'postForm.titleInvalid')).toBe('please fill in a correct article title');
    expect(translate('en', 'postForm.industryRequired')).toBe('please select industry');
    expect(translate('en', 'postForm.sceneRequired')).toBe('please select scene');
    expect(translate('en', 'postForm.contentInvalid')).toBe('please fill in correct post details');
  });

  it('refuses entries of the other site, a foreign attachment, script-only content; defaults tp_source to 10', async () => {
    const m = await member();
    const other = await member();
    const theirs = await makeAttachment(t.database.db, other.id);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ tp_hy_dd_id: zhDict.industry }, 'tp_hy_dd_id'],
      [{ tp_cj_dd_id: enDict.industry }, 'tp_cj_dd_id'],
      [{ tp_board_id: zhDict.board }, 'tp_board_id'],
      [{ tp_annex: [theirs] }, 'tp_annex'],
      [{ tp_content: '<script>alert(1)</script>' }, 'tp_content'],
      [{ tp_source: 77 }, 'tp_source'],
      [{ other_lang: [2] }, 'other_lang'],
    ];
    for (const [change, field] of refusals) {
      const res = await api('protal_en', '/post/add', postForm(enDict, change), m);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
    const { tp_id } = await publish(m);
    expect((await postRow(tp_id)).source).toBe(10);
  });

  it('publishes at once (20) with sanitised content, the author’s attachments and points; the msg is the toast', async () => {
    const m = await member();
    const att = await makeAttachment(t.database.db, m.id, 'sizing.pdf');
    const res = await api(
      'protal_en',
      '/post/add',
      postForm(enDict, {
        tp_title: '  Sizing backups  ',
        tp_content: '<p onclick="x()">Hello <img src="javascript:alert(1)"><a href="https://example.com">link</a></p>',
        tp_annex: [att],
        tp_type: 20,
      }),
      m,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 200,
      msg: translate('en', 'discuss.api.published'),
      data: { status: 20 },
    });
    const id = res.json().data.tp_id as number;
    const row = await postRow(id);
    expect(row.title).toBe('Sizing backups');
    expect(row.content_html).not.toMatch(/onclick|javascript:/);
    expect(row.summary).toBe('Hello link');
    expect(row.type).toBe(20);
    const info = (await api('protal_en', '/post/info', { tp_id: id })).json().data;
    expect(info.tp_annex).toEqual([
      {
        att_id: att,
        att_title: 'sizing.pdf',
        att_url: expect.stringMatching(new RegExp(`^/attachments/${att}/[\\w-]{22}$`)),
        att_size: 1234,
      },
    ]);
    expect(info).toMatchObject({
      tp_hy_name: 'Finance',
      tp_cj_name: 'Backup',
      tp_board_name: 'Storage tech',
      tp_source_name: 'Original',
    });
    const points = await t.database.db
      .selectFrom('users')
      .select('points')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(points.points).toBe(5);
  });

  it('sets is_expert 20 for an expert author and 10 otherwise, from the author; the client cannot send it', async () => {
    const expert = await member();
    await t.database.db.updateTable('users').set({ user_expert: 20 }).where('id', '=', expert.id).execute();
    const plain = await member();
    for (const claim of [{ is_expert: 20 }, { user_expert: 20 }]) {
      const refused = await api('protal_en', '/post/add', postForm(dictOf('protal_en'), claim), plain);
      expect(refused.statusCode, JSON.stringify(claim)).toBe(400);
    }
    const a = await publish(expert, 'protal_en');
    const b = await publish(plain, 'protal_en');
    expect((await postRow(a.tp_id)).is_expert).toBe(20);
    expect((await postRow(b.tp_id)).is_expert).toBe(10);
    const config = (await api('protal_en', '/post/formConfig', {}, expert)).json().data;
    expect(config.user_expert).toBe(20);
    expect(config.other_lang).toEqual([{ tws_id: 1, tws_name: '中文' }]);
    expect(config.post_source_list).toEqual(expect.arrayContaining([{ label: 'Original', value: 10 }]));
    expect(config.post_ins_list).toEqual(expect.arrayContaining([{ label: 'Finance', value: enDict.industry }]));
  });

  it('creates linked language versions in one group, mapping industry, scene and board by code', async () => {
    const m = await member();
    const att = await makeAttachment(t.database.db, m.id);
    const added = await publish(m, 'protal_en', { other_lang: [1], tp_annex: [att] });
    expect(added.linked).toEqual([{ tws_id: 1, tp_id: expect.any(Number), status: 20 }]);
    const zhId = added.linked[0]!.tp_id;
    const [en, zh] = [await postRow(added.tp_id), await postRow(zhId)];
    expect(zh).toMatchObject({
      site_id: 1,
      lang_group_id: added.tp_id,
      industry_id: zhDict.industry,
      scene_id: zhDict.scene,
      board_id: zhDict.board,
      title: en.title,
    });
    expect(en.lang_group_id).toBe(added.tp_id);
    const enInfo = (await api('protal_en', '/post/info', { tp_id: added.tp_id })).json().data;
    expect(enInfo.linked).toEqual([{ tws_id: 1, tp_id: zhId, lang: 'zh' }]);
    const zhInfo = (await api('protal', '/post/info', { tp_id: zhId })).json().data;
    expect(zhInfo.linked).toEqual([{ tws_id: 2, tp_id: added.tp_id, lang: 'en' }]);
    expect(zhInfo.tp_annex.map((a: { att_id: number }) => a.att_id)).toEqual([att]);
    // A version is of its own site: the English id is not a post of the Chinese site.
    expect((await api('protal', '/post/info', { tp_id: added.tp_id })).statusCode).toBe(404);
  });
});

describe('own posts only: edit, delete, withdraw', () => {
  it('a member editing or deleting another’s post → 403 and nothing changed', async () => {
    const owner = await member();
    const other = await member();
    const { tp_id } = await publish(owner);
    const before = await postRow(tp_id);
    const edit = await api(
      'protal_en',
      '/post/edit',
      { tp_id, ...postForm(enDict, { tp_title: 'Taken over' }) },
      other,
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ status: 403, msg: translate('en', 'discuss.api.notYourPost') });
    const del = await api('protal', '/post/delete', { tp_id }, other);
    expect(del.statusCode).toBe(404); // another site's id
    const delEn = await api('protal_en', '/post/delete', { tp_id }, other);
    expect(delEn.statusCode).toBe(403);
    expect(delEn.json().msg).toBe(translate('en', 'discuss.api.notYourPost'));
    expect(await postRow(tp_id)).toEqual(before);
    // The author may.
    const own = await api('protal_en', '/post/edit', { tp_id, ...postForm(enDict, { tp_title: 'Renamed' }) }, owner);
    expect(own.json()).toMatchObject({ status: 200, data: { tp_id, status: 20 } });
    expect((await postRow(tp_id)).title).toBe('Renamed');
    const gone = await api('protal_en', '/post/delete', { tp_id }, owner);
    expect(gone.json()).toMatchObject({ status: 200, msg: translate('en', 'discuss.api.deleted') });
    expect((await postRow(tp_id)).deleted_at).not.toBeNull();
    expect((await api('protal_en', '/post/info', { tp_id }, owner)).statusCode).toBe(404);
    const points = await t.database.db
      .selectFrom('users')
      .select('points')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(points.points).toBe(0);
  });

  it('with review on: status 10 in the queue, preview for the author and moderators only, withdraw, resubmit', async () => {
    await setPostReview(t.database.db, 1, true);
    try {
      const owner = await member('protal');
      const stranger = await member('protal');
      const moderator = await makeModerator(h, zhDict.board, 1);
      const otherBoardModerator = await makeModerator(h, zhDict.board2, 1);
      const res = await api('protal', '/post/add', postForm(zhDict), owner);
      expect(res.json()).toMatchObject({
        status: 200,
        msg: translate('zh', 'discuss.api.submittedForReview'),
        data: { status: 10 },
      });
      const id = res.json().data.tp_id as number;
      const queued = await t.database.db
        .selectFrom('review_items')
        .selectAll()
        .where('kind', '=', 'post')
        .where('item_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(queued).toMatchObject({ status: 10, site_id: 1, author_id: owner.id });
      expect((await listIds('protal')).ids).not.toContain(id);
      for (const who of [undefined, stranger, otherBoardModerator]) {
        expect((await api('protal', '/post/info', { tp_id: id }, who)).statusCode).toBe(404);
      }
      for (const who of [owner, moderator]) {
        const info = await api('protal', '/post/info', { tp_id: id }, who);
        expect(info.statusCode, info.body).toBe(200);
        expect(info.json().data).toMatchObject({ is_preview: true, status: 10 });
      }
      // Who asks decides the preview; the request cannot ask for one.
      expect((await api('protal', '/post/info', { tp_id: id, is_preview: 1 }, owner)).statusCode).toBe(400);
      // The preview shows the (empty) thread to them; others learn nothing.
      expect((await api('protal', '/comment/list', { tp_id: id }, owner)).json()).toMatchObject({
        status: 200,
        data: { list: [], next_cursor: null },
      });
      expect((await api('protal', '/comment/list', { tp_id: id }, stranger)).statusCode).toBe(404);
      expect((await api('protal', '/comment/add', { tp_id: id, tpc_content: 'early' }, owner)).statusCode).toBe(404);
      // Withdraw: only the author, only while pending.
      expect((await api('protal', '/post/withdraw', { tp_id: id }, stranger)).statusCode).toBe(403);
      const w = await api('protal', '/post/withdraw', { tp_id: id }, owner);
      expect(w.json()).toMatchObject({ status: 200, data: { status: 40 } });
      const again = await api('protal', '/post/withdraw', { tp_id: id }, owner);
      expect(again.json()).toMatchObject({ status: 201, msg: translate('zh', 'discuss.api.notPending') });
      // Editing a withdrawn post resubmits it.
      const e = await api('protal', '/post/edit', { tp_id: id, ...postForm(zhDict) }, owner);
      expect(e.json()).toMatchObject({ data: { status: 10 } });
      const requeued = await t.database.db
        .selectFrom('review_items')
        .select('status')
        .where('item_id', '=', id)
        .where('kind', '=', 'post')
        .executeTakeFirstOrThrow();
      expect(requeued.status).toBe(10);
      // A rejection's reason reaches the author's list and preview.
      await t.database.db.updateTable('posts').set({ status: 30 }).where('id', '=', id).execute();
      await t.database.db
        .updateTable('review_items')
        .set({ status: 30, reason: 'Too short' })
        .where('item_id', '=', id)
        .where('kind', '=', 'post')
        .execute();
      const mine = (await api('protal', '/post/mine', {}, owner)).json().data;
      expect(mine.list[0]).toMatchObject({ tp_id: id, status: 30, review_reason: 'Too short' });
      const preview = (await api('protal', '/post/info', { tp_id: id }, owner)).json().data;
      expect(preview.review_reason).toBe('Too short');
    } finally {
      await setPostReview(t.database.db, 1, false);
    }
  });
});

describe('visibility and the list', () => {
  it('hidden and deleted posts are invisible in the list and the detail; moderators still see them', async () => {
    const author = await member('protal');
    const moderator = await makeModerator(h, zhDict.board, 1);
    const hidden = await publish(author, 'protal');
    const deleted = await publish(author, 'protal');
    const shown = await publish(author, 'protal');
    await t.database.db.updateTable('posts').set({ hidden: 1 }).where('id', '=', hidden.tp_id).execute();
    await t.database.db.updateTable('posts').set({ deleted_at: Date.now() }).where('id', '=', deleted.tp_id).execute();
    const { ids } = await listIds('protal', { limit: 50 });
    expect(ids).toContain(shown.tp_id);
    expect(ids).not.toContain(hidden.tp_id);
    expect(ids).not.toContain(deleted.tp_id);
    expect((await api('protal', '/post/info', { tp_id: hidden.tp_id })).statusCode).toBe(404);
    expect((await api('protal', '/post/info', { tp_id: deleted.tp_id })).statusCode).toBe(404);
    expect((await api('protal', '/post/info', { tp_id: deleted.tp_id }, author)).statusCode).toBe(404);
    const own = await api('protal', '/post/info', { tp_id: hidden.tp_id }, author);
    expect(own.json().data).toMatchObject({ is_preview: true, is_hidden: true });
    expect((await api('protal', '/post/info', { tp_id: hidden.tp_id }, moderator)).statusCode).toBe(200);
    // Likes and comments need a public post.
    const liker = await member('protal');
    expect((await api('protal', '/post/like', { tp_id: hidden.tp_id }, liker)).statusCode).toBe(404);
    expect((await api('protal', '/comment/add', { tp_id: hidden.tp_id, tpc_content: 'hi' }, liker)).statusCode).toBe(
      404,
    );
  });

  it('keyset pages of 15 without duplicates or gaps while posts are added; filters and sorts', async () => {
    const author = await member();
    const board = enDict.board2;
    const made: number[] = [];
    for (let i = 0; i < 20; i++) made.push((await publish(author, 'protal_en', { tp_board_id: board })).tp_id);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listIds('protal_en', { tp_board_id: board, ...(cursor ? { cursor } : {}) });
      if (pages === 0) {
        expect(page.ids).toHaveLength(15);
        // Posts added after the first page come before it, never into the next pages.
        for (let i = 0; i < 3; i++) await publish(author, 'protal_en', { tp_board_id: board });
      }
      seen.push(...page.ids);
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 10);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...made].reverse());

    // Industry filter and type filter.
    const q = await publish(author, 'protal_en', { tp_hy_dd_id: enDict.otherIndustry, tp_type: 20 });
    expect((await listIds('protal_en', { tp_hy_dd_id: enDict.otherIndustry })).ids).toEqual([q.tp_id]);
    expect((await listIds('protal_en', { tp_type: 20, limit: 50 })).ids).toContain(q.tp_id);
    expect((await listIds('protal_en', { tp_type: 10, limit: 50 })).ids).not.toContain(q.tp_id);

    // Unanswered: a comment takes a post out; hot: engagement lifts an older post.
    const commenter = await member();
    const older = made[0]!;
    await api('protal_en', '/comment/add', { tp_id: older, tpc_content: 'An answer' }, commenter);
    const unanswered = await listIds('protal_en', { tp_board_id: board, sort: 'unanswered', limit: 50 });
    expect(unanswered.ids).not.toContain(older);
    expect(unanswered.ids).toContain(made[1]);
    for (let i = 0; i < 3; i++) {
      const fan = await member();
      await api('protal_en', '/post/like', { tp_id: older }, fan);
    }
    const hot = await listIds('protal_en', { tp_board_id: board, sort: 'hot', limit: 50 });
    expect(hot.ids[0]).toBe(older);
    // Hot pages walk without duplicates too.
    const first = await listIds('protal_en', { tp_board_id: board, sort: 'hot', limit: 10 });
    const second = await listIds('protal_en', { tp_board_id: board, sort: 'hot', limit: 50, cursor: first.next });
    expect([...first.ids, ...second.ids]).toEqual(hot.ids);
  });

  it('answers pinned posts apart on the first page when with_pinned is set', async () => {
    const author = await member();
    const a = await publish(author, 'protal_en', { tp_board_id: enDict.board });
    await publish(author, 'protal_en', { tp_board_id: enDict.board });
    await t.database.db.updateTable('posts').set({ pinned_at: Date.now() }).where('id', '=', a.tp_id).execute();
    const withPinned = await listIds('protal_en', { tp_board_id: enDict.board, with_pinned: true, limit: 50 });
    expect(withPinned.pinned).toEqual([a.tp_id]);
    expect(withPinned.ids).not.toContain(a.tp_id);
    const plain = await listIds('protal_en', { tp_board_id: enDict.board, limit: 50 });
    expect(plain.pinned).toEqual([]);
    expect(plain.ids).toContain(a.tp_id);
  });

  it('counts views without a write per request, exactly', async () => {
    const author = await member();
    const { tp_id } = await publish(author);
    for (let i = 0; i < 5; i++) await api('protal_en', '/post/info', { tp_id });
    const info = (await api('protal_en', '/post/info', { tp_id })).json().data;
    expect(info.view_count).toBe(6);
    await new Promise((r) => setTimeout(r, 1300));
    expect((await postRow(tp_id)).view_count).toBe(6);
  });

  it('counts a viewer once per post in the view window: a reload or asking again after a comment is not a view', async () => {
    const author = await member();
    const reader = await member('protal_en', 'Reader');
    const { tp_id } = await publish(author);
    const info = (ip: string, as?: TestMember) =>
      h.call('protal_en', '/api/post/info', { tp_id }, { ...(as ? { as } : {}), ip });
    const visitor = h.freshIp();
    for (let i = 0; i < 3; i++) expect((await info(visitor)).statusCode).toBe(200);
    await info(h.freshIp());
    // A member is one viewer from any address.
    await info(h.freshIp(), reader);
    await info(h.freshIp(), reader);
    const last = (await info(visitor)).json().data;
    expect(last.view_count).toBe(3);
    // In scale-out the processes share the viewers they have seen, in Redis under the deployment's prefix.
    if (t.redis) expect(await t.redis.keys(`${t.redisNameSpace}views:${tp_id}:*`)).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 1300));
    expect((await postRow(tp_id)).view_count).toBe(3);
  });
});

describe('likes and favourites', () => {
  it('concurrent toggles stay exact: the count equals the likes stored', async () => {
    const author = await member();
    const { tp_id } = await publish(author);
    const fans = await Promise.all(Array.from({ length: 12 }, () => member()));
    await Promise.all(fans.map((f) => api('protal_en', '/post/like', { tp_id }, f)));
    // Then presses of the same members meet each other: each press toggles once, so six members
    // pressing twice keep their like and three pressing three times take it back.
    const press = (f: TestMember, times: number) =>
      Array.from({ length: times }, () => api('protal_en', '/post/like', { tp_id }, f));
    await Promise.all([
      ...fans.slice(0, 6).flatMap((f) => press(f, 2)),
      ...fans.slice(6, 9).flatMap((f) => press(f, 3)),
    ]);
    await Promise.all(fans.slice(0, 4).map((f) => api('protal_en', '/post/favourite', { tp_id }, f)));
    const likes = await t.database.db
      .selectFrom('post_likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', tp_id)
      .executeTakeFirstOrThrow();
    const row = await postRow(tp_id);
    expect(row.like_count).toBe(Number(likes.n));
    expect(row.like_count).toBe(9);
    expect(row.favourite_count).toBe(4);
    const info = (await api('protal_en', '/post/info', { tp_id }, fans[0])).json().data;
    expect(info).toMatchObject({ is_liked: true, is_favourited: true, like_count: 9, favourite_count: 4 });
    expect((await api('protal_en', '/post/info', { tp_id }, fans[7])).json().data.is_liked).toBe(false);
    const off = await api('protal_en', '/post/like', { tp_id }, fans[0]);
    expect(off.json().data).toEqual({ is_liked: false, like_count: 8 });
    expect((await api('protal_en', '/post/like', { tp_id })).statusCode).toBe(401);
  });
});

describe('comments, replies and accepted answers', () => {
  it('two levels with counts kept right; messages to the post’s author and the member replied to, never oneself', async () => {
    const asker = await member('protal_en', 'Asker');
    const ann = await member('protal_en', 'Ann');
    const bob = await member('protal_en', 'Bob');
    const { tp_id } = await publish(asker, 'protal_en', { tp_type: 20 });
    const c1 = (await api('protal_en', '/comment/add', { tp_id, tpc_content: '  First answer  ' }, ann)).json();
    // A question's top-level comment is an answer; a reply under it is a comment.
    expect(c1).toMatchObject({ status: 200, msg: translate('en', 'discuss.api.answered') });
    expect(translate('en', 'discuss.api.answered')).toBe('Answer posted');
    expect(c1.data).toMatchObject({ tpc_content: 'First answer', tpc_parent_id: null, is_mine: true });
    const r1Answer = (
      await api('protal_en', '/comment/add', { tp_id, tpc_content: 'Why?', tpc_parent_id: c1.data.tpc_id }, bob)
    ).json();
    expect(r1Answer.msg).toBe(translate('en', 'discuss.api.commented'));
    const r1 = r1Answer.data;
    expect(r1).toMatchObject({ tpc_parent_id: c1.data.tpc_id, reply_to: null });
    // A reply to a reply stays on the second level and names whom it answers.
    const r2 = (
      await api('protal_en', '/comment/add', { tp_id, tpc_content: 'Because.', tpc_parent_id: r1.tpc_id }, ann)
    ).json().data;
    expect(r2).toMatchObject({ tpc_parent_id: c1.data.tpc_id, reply_to: { user_id: bob.id, user_nick_name: 'Bob' } });
    await api('protal_en', '/comment/add', { tp_id, tpc_content: 'My own note' }, asker);
    for (let i = 0; i < 3; i++)
      await api('protal_en', '/comment/add', { tp_id, tpc_content: `more ${i}`, tpc_parent_id: c1.data.tpc_id }, bob);

    let row = await postRow(tp_id);
    expect(row).toMatchObject({ comment_count: 7, answer_count: 2 });
    const list = (await api('protal_en', '/comment/list', { tp_id }, ann)).json().data;
    expect(list.list).toHaveLength(2);
    const top = list.list[0];
    expect(top).toMatchObject({ tpc_id: c1.data.tpc_id, reply_count: 5 });
    // Replies oldest first, so a reply to a reply comes after the one it answers (decision 022).
    expect(top.replies.map((r: { tpc_content: string }) => r.tpc_content)).toEqual(['Why?', 'Because.', 'more 0']);
    const rest = (
      await api('protal_en', '/comment/replies', { tpc_id: c1.data.tpc_id, cursor: top.replies_next_cursor })
    ).json().data;
    expect(rest.list.map((r: { tpc_content: string }) => r.tpc_content)).toEqual(['more 1', 'more 2']);
    expect(rest.next_cursor).toBeNull();

    const kinds = (msgs: Array<{ kind: string; params: string }>) => msgs.map((m) => [m.kind, JSON.parse(m.params)]);
    expect(kinds(await messagesOf(asker.id))).toEqual([['post_commented', { nick: 'Ann', title: row.title }]]);
    expect(kinds(await messagesOf(ann.id))).toEqual(
      Array(4).fill(['comment_replied', { nick: 'Bob', title: row.title }]),
    );
    expect((await messagesOf(bob.id)).map((m) => m.kind)).toEqual(['comment_replied']);
    expect((await messagesOf(asker.id))[0]!.url).toBe(`/en/discuss/info/${tp_id}`);

    // Comment likes, and deleting: only one's own; counts follow.
    const like = await api('protal_en', '/comment/like', { tpc_id: r1.tpc_id }, ann);
    expect(like.json().data).toEqual({ is_liked: true, like_count: 1 });
    expect((await api('protal_en', '/comment/delete', { tpc_id: r1.tpc_id }, ann)).statusCode).toBe(403);
    expect((await api('protal_en', '/comment/delete', { tpc_id: r1.tpc_id }, bob)).json().status).toBe(200);
    row = await postRow(tp_id);
    expect(row).toMatchObject({ comment_count: 6, answer_count: 2 });
    // Deleting a comment takes its replies out of the count.
    expect((await api('protal_en', '/comment/delete', { tpc_id: c1.data.tpc_id }, ann)).json().status).toBe(200);
    row = await postRow(tp_id);
    expect(row).toMatchObject({ comment_count: 1, answer_count: 1 });
    expect((await api('protal_en', '/comment/list', { tp_id })).json().data.list).toHaveLength(1);

    // Plain text 1..5000 characters.
    const blank = await api('protal_en', '/comment/add', { tp_id, tpc_content: '   ' }, ann);
    expect(blank.json()).toMatchObject({ status: 40001, data: { field: 'tpc_content' } });
    const long = await api('protal_en', '/comment/add', { tp_id, tpc_content: 'x'.repeat(5001) }, ann);
    expect(long.json()).toMatchObject({ status: 40001, data: { field: 'tpc_content' } });
    // Locked posts take no comments.
    await t.database.db.updateTable('posts').set({ locked: 1 }).where('id', '=', tp_id).execute();
    const locked = await api('protal_en', '/comment/add', { tp_id, tpc_content: 'late' }, ann);
    expect(locked.json()).toMatchObject({ status: 201, msg: translate('en', 'discuss.api.locked') });
  });

  it('the profile card counts what the member has on show, and follows deletes and hides (decision 022)', async () => {
    const writer = await member('protal', 'Counter');
    const reader = await member('protal', 'Reader');
    const card = async () => {
      const res = await h.call('protal', '/user/userDetail', { id: writer.id }, { as: reader });
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().data;
      return [d.user_post_count, d.user_que_count, d.user_comment_count];
    };
    expect(await card()).toEqual([0, 0, 0]);
    const post = (await publish(writer, 'protal')).tp_id;
    const question = (await publish(writer, 'protal', { tp_type: 20 })).tp_id;
    const other = (await publish(reader, 'protal')).tp_id;
    const c1 = (await api('protal', '/comment/add', { tp_id: other, tpc_content: '一' }, writer)).json().data.tpc_id;
    const c2 = (await api('protal', '/comment/add', { tp_id: question, tpc_content: '二' }, writer)).json().data.tpc_id;
    await api('protal', '/comment/add', { tp_id: other, tpc_content: '三', tpc_parent_id: c1 }, writer);
    await api('protal', '/comment/add', { tp_id: other, tpc_content: '别人的' }, reader);
    // Comments, answers and replies all count, the same for the member as for anyone.
    expect(await card()).toEqual([1, 1, 3]);
    const mine = (await h.call('protal', '/api/user/getMyInfo', {}, { as: writer })).json().data;
    expect([mine.user_post_count, mine.user_que_count, mine.user_comment_count]).toEqual([1, 1, 3]);

    // Deleting one's own reply and answer takes them off.
    const reply = (await api('protal', '/comment/list', { tp_id: other })).json().data.list[0].replies[0].tpc_id;
    expect((await api('protal', '/comment/delete', { tpc_id: reply }, writer)).json().status).toBe(200);
    expect((await api('protal', '/comment/delete', { tpc_id: c2 }, writer)).json().status).toBe(200);
    expect(await card()).toEqual([1, 1, 1]);
    // A hidden post, and a deleted post with the member's comment on it, no longer count.
    await t.database.db.updateTable('posts').set({ hidden: 1 }).where('id', '=', question).execute();
    expect(await card()).toEqual([1, 0, 1]);
    expect((await api('protal', '/post/delete', { tp_id: other }, reader)).json().status).toBe(200);
    expect(await card()).toEqual([1, 0, 0]);
    await t.database.db.updateTable('posts').set({ hidden: 0 }).where('id', '=', question).execute();
    expect(await card()).toEqual([1, 1, 0]);
    expect((await api('protal', '/post/delete', { tp_id: post }, writer)).json().status).toBe(200);
    expect(await card()).toEqual([0, 1, 0]);

    // Bad input: an id that is not one, or no member.
    for (const id of [0, -1, 'x', 1.5]) {
      const res = await h.call('protal', '/user/userDetail', { id });
      expect(res.json(), JSON.stringify(id)).toMatchObject({ status: 40001, data: { field: 'id' } });
    }
    expect((await h.call('protal', '/user/userDetail', { id: 999_999 })).json().status).toBe(404);
  });

  it('lists comments oldest first with their replies under them, oldest first, on every page (decision 022)', async () => {
    const asker = await member('protal', 'Order');
    const { tp_id } = await publish(asker, 'protal');
    const say = async (text: string, parent?: number) =>
      (
        await api(
          'protal',
          '/comment/add',
          { tp_id, tpc_content: text, ...(parent ? { tpc_parent_id: parent } : {}) },
          asker,
        )
      ).json().data.tpc_id as number;
    const first = await say('c1');
    const second = await say('c2');
    const r1 = await say('c1-r1', first);
    await say('c1-r1-answer', r1);
    for (let i = 2; i <= 6; i++) await say(`c1-r${i}`, first);
    await say('c2-r1', second);
    const texts = (list: Array<{ tpc_content: string }>) => list.map((c) => c.tpc_content);

    const page1 = (await api('protal', '/comment/list', { tp_id, limit: 1 })).json().data;
    expect(texts(page1.list)).toEqual(['c1']);
    expect(texts(page1.list[0].replies)).toEqual(['c1-r1', 'c1-r1-answer', 'c1-r2']);
    const seen = [...page1.list[0].replies];
    let cursor = page1.list[0].replies_next_cursor;
    while (cursor) {
      const more = (await api('protal', '/comment/replies', { tpc_id: first, cursor, limit: 2 })).json().data;
      seen.push(...more.list);
      cursor = more.next_cursor;
    }
    expect(texts(seen)).toEqual(['c1-r1', 'c1-r1-answer', 'c1-r2', 'c1-r3', 'c1-r4', 'c1-r5', 'c1-r6']);
    const page2 = (await api('protal', '/comment/list', { tp_id, limit: 1, cursor: page1.next_cursor })).json().data;
    expect(texts(page2.list)).toEqual(['c2']);
    expect(texts(page2.list[0].replies)).toEqual(['c2-r1']);
    expect(page2.next_cursor).toBeNull();

    // Bad input: a damaged cursor, a reply's id for replies, limits out of range.
    for (const [path, body, field] of [
      ['/comment/list', { tp_id, cursor: 'not-a-cursor' }, 'cursor'],
      ['/comment/replies', { tpc_id: first, cursor: '!!' }, 'cursor'],
      ['/comment/list', { tp_id, limit: 0 }, 'limit'],
      ['/comment/replies', { tpc_id: 'x' }, 'tpc_id'],
    ] as const) {
      const res = await api('protal', path, body);
      expect(res.json(), `${path} ${JSON.stringify(body)}`).toMatchObject({ status: 40001, data: { field } });
    }
    expect((await api('protal', '/comment/replies', { tpc_id: r1 })).json().status).toBe(404);
  });

  it('only the asker accepts, one answer at a time, never their own or a reply; the answerer is told', async () => {
    const asker = await member('protal', '提问者');
    const a1 = await member('protal', 'A1');
    const a2 = await member('protal', 'A2');
    const { tp_id } = await publish(asker, 'protal', { tp_type: 20 });
    const ans1 = (await api('protal', '/comment/add', { tp_id, tpc_content: '答案一' }, a1)).json().data.tpc_id;
    const ans2 = (await api('protal', '/comment/add', { tp_id, tpc_content: '答案二' }, a2)).json().data.tpc_id;
    const own = (await api('protal', '/comment/add', { tp_id, tpc_content: '自己' }, asker)).json().data.tpc_id;
    const reply = (await api('protal', '/comment/add', { tp_id, tpc_content: '回复', tpc_parent_id: ans1 }, a2)).json()
      .data.tpc_id;

    const byOther = await api('protal', '/post/acceptAnswer', { tp_id, tpc_id: ans1 }, a2);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().msg).toBe(translate('zh', 'discuss.api.onlyAsker'));
    expect((await api('protal', '/post/acceptAnswer', { tp_id, tpc_id: own }, asker)).json()).toMatchObject({
      status: 201,
      msg: translate('zh', 'discuss.api.acceptOwn'),
    });
    expect((await api('protal', '/post/acceptAnswer', { tp_id, tpc_id: reply }, asker)).json().status).toBe(201);
    expect((await postRow(tp_id)).accepted_comment_id).toBeNull();

    const ok = await api('protal', '/post/acceptAnswer', { tp_id, tpc_id: ans1 }, asker);
    expect(ok.json()).toMatchObject({
      status: 200,
      msg: translate('zh', 'discuss.api.accepted'),
      data: { accepted_comment_id: ans1 },
    });
    const points = async (id: number) =>
      (await t.database.db.selectFrom('users').select('points').where('id', '=', id).executeTakeFirstOrThrow()).points;
    expect(await points(a1.id)).toBe(1 + 10);
    // Moving it: the points move too.
    await api('protal', '/post/acceptAnswer', { tp_id, tpc_id: ans2 }, asker);
    expect((await postRow(tp_id)).accepted_comment_id).toBe(ans2);
    expect(await points(a1.id)).toBe(1);
    expect(await points(a2.id)).toBe(2 + 10);
    const info = (await api('protal', '/post/info', { tp_id })).json().data;
    expect(info).toMatchObject({ accepted_comment_id: ans2, accepted_answer: { tpc_id: ans2, is_accepted: true } });
    expect((await messagesOf(a1.id)).map((m) => m.kind)).toContain('answer_accepted');
    expect((await messagesOf(a2.id)).filter((m) => m.kind === 'answer_accepted')).toHaveLength(1);
    expect((await messagesOf(asker.id)).map((m) => m.kind)).not.toContain('answer_accepted');

    // A discussion has no accepted answer.
    const d = await publish(asker, 'protal');
    const c = (await api('protal', '/comment/add', { tp_id: d.tp_id, tpc_content: '评论' }, a1)).json().data.tpc_id;
    expect((await api('protal', '/post/acceptAnswer', { tp_id: d.tp_id, tpc_id: c }, asker)).json()).toMatchObject({
      status: 201,
      msg: translate('zh', 'discuss.api.onlyQuestion'),
    });
  });

  it('a member of another role cannot slip past: admins are not authors', async () => {
    const author = await member();
    const admin = await member();
    await grantDirectly(t.database.db, admin.id, 'admin', null);
    const { tp_id } = await publish(author);
    expect((await api('protal_en', '/post/edit', { tp_id, ...postForm(enDict) }, admin)).statusCode).toBe(403);
    expect((await api('protal_en', '/post/info', { tp_id }, admin)).json().data.can_moderate).toBe(true);
  });
});
