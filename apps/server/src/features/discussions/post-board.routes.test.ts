import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { staffTestApp } from '../../../test/roles-harness';
import { postDictionaries, postForm, type SiteDictionaries } from '../../../test/discussions-harness';

// Decision 024: on a site with boards, post/add and post/edit refuse a post without one of them
// (400/40001 naming tp_board_id, nothing written); a site without boards takes posts without.

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
const dicts = {} as Record<Site, SiteDictionaries>;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  dicts.protal = await postDictionaries(t.database.db, 1);
  dicts.protal_en = await postDictionaries(t.database.db, 2);
});
afterAll(async () => t?.close());

const lang = (site: Site) => (site === 'protal' ? 'zh' : 'en');

const api = (site: Site, path: string, body: unknown, as: TestMember) =>
  h.call(site, `/api${path}`, body, { as, ip: h.freshIp() });

async function member(site: Site): Promise<TestMember> {
  const m = await h.registerMember({ nick: 'Board poster', site });
  await h.completeInformation(m, site);
  return m;
}

const postsOf = (authorId: number) =>
  t.database.db.selectFrom('posts').select(['id', 'board_id', 'title']).where('author_id', '=', authorId).execute();

/** The 400 answer of a refused board, in the site's language. */
function expectBoardRefused(res: { statusCode: number; body: string; json(): unknown }, site: Site, key: string) {
  expect(res.statusCode, res.body).toBe(400);
  const reason = translate(lang(site), key);
  expect(res.json()).toMatchObject({
    status: 40001,
    msg: translate(lang(site), 'errors.validation', { field: 'tp_board_id', reason }),
    data: { field: 'tp_board_id', issues: [{ field: 'tp_board_id', message: reason }] },
  });
}

describe('post/add and post/edit on a site with boards', () => {
  for (const site of ['protal', 'protal_en'] as const) {
    it(`${site}: a missing board → 400 naming tp_board_id with "please select board", nothing written`, async () => {
      const m = await member(site);
      for (const board of [{ tp_board_id: undefined }, { tp_board_id: null }]) {
        const res = await api(site, '/post/add', postForm(dicts[site], board), m);
        expectBoardRefused(res, site, 'postForm.boardRequired');
      }
      expect(await postsOf(m.id)).toEqual([]);
    });

    it(`${site}: an unknown board or one of the other site → 400 naming tp_board_id, nothing written`, async () => {
      const m = await member(site);
      const other = site === 'protal' ? dicts.protal_en : dicts.protal;
      for (const id of [999_999, other.board, dicts[site].industry]) {
        const res = await api(site, '/post/add', postForm(dicts[site], { tp_board_id: id }), m);
        expectBoardRefused(res, site, 'discuss.api.boardNotFound');
      }
      expect(await postsOf(m.id)).toEqual([]);
    });

    it(`${site}: a board of the site → published under it; editing keeps the rule`, async () => {
      const m = await member(site);
      const added = await api(site, '/post/add', postForm(dicts[site], { tp_title: 'Filed' }), m);
      expect(added.statusCode, added.body).toBe(200);
      const tpId = (added.json() as { data: { tp_id: number } }).data.tp_id;
      expect(await postsOf(m.id)).toEqual([{ id: tpId, board_id: dicts[site].board, title: 'Filed' }]);

      // Taking the board away, or naming an unknown one, is refused and leaves the post as it was.
      for (const [board, key] of [
        [null, 'postForm.boardRequired'],
        [999_999, 'discuss.api.boardNotFound'],
      ] as const) {
        const res = await api(
          site,
          '/post/edit',
          { tp_id: tpId, ...postForm(dicts[site], { tp_title: 'Unfiled', tp_board_id: board }) },
          m,
        );
        expectBoardRefused(res, site, key);
      }
      expect(await postsOf(m.id)).toEqual([{ id: tpId, board_id: dicts[site].board, title: 'Filed' }]);

      // Moving it to the other board is a valid edit.
      const moved = await api(
        site,
        '/post/edit',
        { tp_id: tpId, ...postForm(dicts[site], { tp_title: 'Moved', tp_board_id: dicts[site].board2 }) },
        m,
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await postsOf(m.id)).toEqual([{ id: tpId, board_id: dicts[site].board2, title: 'Moved' }]);
    });
  }
});

describe('post/add and post/edit on a site without boards', () => {
  beforeAll(async () => {
    await t.database.db.deleteFrom('dictionaries').where('site_id', '=', 2).where('kind', '=', 'board').execute();
  });

  it('publishes and edits a post without a board; the form offers none', async () => {
    const m = await member('protal_en');
    const config = await api('protal_en', '/post/formConfig', {}, m);
    expect((config.json() as { data: { post_board_list: unknown[] } }).data.post_board_list).toEqual([]);

    const added = await api('protal_en', '/post/add', postForm(dicts.protal_en, { tp_board_id: undefined }), m);
    expect(added.statusCode, added.body).toBe(200);
    const tpId = (added.json() as { data: { tp_id: number } }).data.tp_id;
    const edited = await api(
      'protal_en',
      '/post/edit',
      { tp_id: tpId, ...postForm(dicts.protal_en, { tp_title: 'Still unfiled', tp_board_id: null }) },
      m,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await postsOf(m.id)).toEqual([{ id: tpId, board_id: null, title: 'Still unfiled' }]);
  });

  it('still refuses a board id the site does not have', async () => {
    const m = await member('protal_en');
    const res = await api('protal_en', '/post/add', postForm(dicts.protal_en), m);
    expectBoardRefused(res, 'protal_en', 'discuss.api.boardNotFound');
    expect(await postsOf(m.id)).toEqual([]);
  });

  it('a post on the site with boards still needs one when its language version goes to the site without', async () => {
    const m = await member('protal');
    const refused = await api('protal', '/post/add', postForm(dicts.protal, { tp_board_id: null, other_lang: [2] }), m);
    expectBoardRefused(refused, 'protal', 'postForm.boardRequired');
    expect(await postsOf(m.id)).toEqual([]);

    const added = await api('protal', '/post/add', postForm(dicts.protal, { tp_title: 'Both', other_lang: [2] }), m);
    expect(added.statusCode, added.body).toBe(200);
    const rows = await postsOf(m.id);
    expect(rows.map((r) => r.board_id).sort()).toEqual([dicts.protal.board, null].sort());
  });
});
