import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RULE } from '@portal/contracts/moderation';
import { POINT_RULE } from '@portal/contracts/points';
import type { TestApp } from '../../../test/test-app';
import { award } from '../../platform/points/points.service';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import {
  banDirectly,
  grantDirectly,
  makeBoard,
  makeModerator,
  makeStaff,
  msgOf,
  staffCall,
  staffTestApp,
} from '../../../test/roles-harness';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
});
afterAll(async () => t?.close());

const REPORT = '/api/moderation/report';
const BOARDS = '/api/moderation/myBoards';
const POSTS = '/api/moderation/posts';
const REPORTS = '/api/moderation/reports';
const HANDLE = '/api/moderation/report/handle';
const ACT = '/api/moderation/post/act';
const DELETE_COMMENT = '/api/moderation/comment/delete';

const call = (site: Site, path: string, body: unknown, as?: TestMember) => staffCall(h, site, path, body, as);
const db = () => t.database.db;

async function makePost(opts: {
  siteId: number;
  authorId: number;
  boardId: number | null;
  title?: string;
  hidden?: number;
}) {
  const now = Date.now();
  const row = await db()
    .insertInto('posts')
    .values({
      site_id: opts.siteId,
      author_id: opts.authorId,
      board_id: opts.boardId,
      title: opts.title ?? `Post ${crypto.randomBytes(3).toString('hex')}`,
      content_html: '<p>Body with <strong>bold</strong> &amp; text</p>',
      status: 20,
      created_at: now,
      updated_at: now,
      ...(opts.hidden ? { hidden: opts.hidden } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function makeComment(
  postId: number,
  authorId: number,
  parentId: number | null = null,
  content = 'A rude comment',
) {
  const now = Date.now();
  const post = await db().selectFrom('posts').select('site_id').where('id', '=', postId).executeTakeFirstOrThrow();
  const row = await db()
    .insertInto('post_comments')
    .values({
      post_id: postId,
      site_id: post.site_id,
      author_id: authorId,
      parent_id: parentId,
      reply_to_user_id: null,
      content,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .updateTable('posts')
    .set((eb) => ({
      comment_count: eb('comment_count', '+', 1),
      ...(parentId === null ? { answer_count: eb('answer_count', '+', 1) } : {}),
    }))
    .where('id', '=', postId)
    .execute();
  if (parentId !== null) {
    await db()
      .updateTable('post_comments')
      .set((eb) => ({ reply_count: eb('reply_count', '+', 1) }))
      .where('id', '=', parentId)
      .execute();
  }
  return Number(row.id);
}

const postRow = (id: number) => db().selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditOf = (kind: string, id: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('target_kind', '=', kind)
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();
const messagesOf = (userId: number) =>
  db().selectFrom('messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const reportsOf = (reporterId: number) =>
  db().selectFrom('content_reports').selectAll().where('reporter_id', '=', reporterId).orderBy('id').execute();

/** A member with the information page done (reports need it). */
async function informedMember(nick = 'Reporter') {
  const m = await h.registerMember({ nick });
  await h.completeInformation(m);
  return m;
}

interface World {
  boardA: number;
  boardA2: number;
  boardB: number;
  modA: TestMember;
  modB: TestMember;
  admin: TestMember;
  author: TestMember;
  member: TestMember;
}

let w: World;
beforeAll(async () => {
  const boardA = await makeBoard(db(), 2, 'Board A');
  const boardA2 = await makeBoard(db(), 2, 'Board A2');
  const boardB = await makeBoard(db(), 2, 'Board B');
  const modA = await makeModerator(h, boardA, 2);
  await grantDirectly(db(), modA.id, 'moderator', 2, boardA2);
  const modB = await makeModerator(h, boardB, 2);
  const admin = await makeStaff(h, { nick: 'Chief' });
  const author = await informedMember('Author');
  const member = await informedMember('Reader');
  w = { boardA, boardA2, boardB, modA, modB, admin, author, member };
});

describe('reporting a post or a comment', () => {
  it('stores one open report per member and item, thanks the member, and refuses a duplicate clearly', async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    const reporter = await informedMember();
    const ok = await call(
      'protal_en',
      REPORT,
      { target_kind: 'post', target_id: post, reason: '  Spam link  ' },
      reporter,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 200, msg: 'Report sent. The moderators will look into it soon', data: null });
    for (const site of ['protal_en', 'protal'] as const) {
      const target = site === 'protal' ? await makePost({ siteId: 1, authorId: w.author.id, boardId: null }) : post;
      if (site === 'protal') {
        const first = await call(
          site,
          REPORT,
          { target_kind: 'post', target_id: target, reason: '垃圾广告' },
          reporter,
        );
        expect(first.json()).toEqual({ status: 200, msg: '举报已提交，版主会尽快处理', data: null });
      }
      const again = await call(site, REPORT, { target_kind: 'post', target_id: target, reason: 'Again' }, reporter);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ status: 201, msg: msgOf(site, 'moderation.api.duplicateReport'), data: null });
    }
    expect(msgOf('protal', 'moderation.api.duplicateReport')).toBe('你已举报过该内容，版主处理前无需重复举报');
    const rows = await reportsOf(reporter.id);
    expect(rows.map((r) => [r.site_id, r.target_kind, r.target_id, r.post_id, r.reason, r.status])).toEqual([
      [2, 'post', post, post, 'Spam link', 10],
      [1, 'post', rows[1]!.target_id, rows[1]!.target_id, '垃圾广告', 10],
    ]);
  });

  it('reports a comment with its post, and allows a new report once the first is closed', async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    const comment = await makeComment(post, w.author.id);
    const reporter = await informedMember();
    const res = await call(
      'protal_en',
      REPORT,
      { target_kind: 'comment', target_id: comment, reason: 'Insult' },
      reporter,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await reportsOf(reporter.id);
    expect(row).toMatchObject({ target_kind: 'comment', target_id: comment, post_id: post });
    const closed = await call('protal_en', HANDLE, { report_id: row!.id, status: 30 }, w.modA);
    expect(closed.statusCode, closed.body).toBe(200);
    const again = await call(
      'protal_en',
      REPORT,
      { target_kind: 'comment', target_id: comment, reason: 'Still rude' },
      reporter,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await reportsOf(reporter.id)).map((r) => r.status)).toEqual([30, 10]);
  });

  it('refuses a reason that is empty or over 500 characters, a bad kind, and a missing item, storing nothing', async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    const reporter = await informedMember();
    for (const [body, key] of [
      [{ target_kind: 'post', target_id: post, reason: '   ' }, 'moderation.api.reasonRequired'],
      [
        { target_kind: 'post', target_id: post, reason: 'x'.repeat(REPORT_RULE.reasonMax + 1) },
        'moderation.api.reasonTooLong',
      ],
      [{ target_kind: 'user', target_id: post, reason: 'Spam' }, 'moderation.api.targetInvalid'],
    ] as const) {
      for (const site of ['protal', 'protal_en'] as const) {
        const res = await call(site, REPORT, body, reporter);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ status: 40001, msg: expect.stringContaining(msgOf(site, key)) });
      }
    }
    const fine = await call(
      'protal_en',
      REPORT,
      { target_kind: 'post', target_id: post, reason: 'x'.repeat(500) },
      reporter,
    );
    expect(fine.statusCode).toBe(200);
    const missing = await call(
      'protal_en',
      REPORT,
      { target_kind: 'comment', target_id: 99_999_999, reason: 'Spam' },
      reporter,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, msg: msgOf('protal_en', 'moderation.api.targetNotFound') });
    // A post of the other site is not reportable here.
    const zhPost = await makePost({ siteId: 1, authorId: w.author.id, boardId: null });
    expect(
      (await call('protal_en', REPORT, { target_kind: 'post', target_id: zhPost, reason: 'Spam' }, reporter))
        .statusCode,
    ).toBe(404);
    // Hidden, unpublished or deleted posts and hidden comments are unknown to members.
    const hidden = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA, hidden: 1 });
    const pending = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    await db().updateTable('posts').set({ status: 10 }).where('id', '=', pending).execute();
    const gone = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    await db().updateTable('posts').set({ deleted_at: Date.now() }).where('id', '=', gone).execute();
    const hiddenComment = await makeComment(post, w.author.id);
    await db().updateTable('post_comments').set({ hidden: 1 }).where('id', '=', hiddenComment).execute();
    const onHidden = await makeComment(hidden, w.author.id);
    for (const [kind, id] of [
      ['post', hidden],
      ['post', pending],
      ['post', gone],
      ['comment', hiddenComment],
      ['comment', onHidden],
    ] as const) {
      const res = await call('protal_en', REPORT, { target_kind: kind, target_id: id, reason: 'Spam' }, reporter);
      expect(res.statusCode, `${kind} ${id}`).toBe(404);
    }
    expect(await reportsOf(reporter.id)).toHaveLength(1);
  });

  it('refuses visitors (401) and members without the information page (203)', async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    const body = { target_kind: 'post', target_id: post, reason: 'Spam' };
    const visitor = await call('protal_en', REPORT, body);
    expect(visitor.statusCode).toBe(401);
    const fresh = await h.registerMember();
    const res = await call('protal_en', REPORT, body, fresh);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 203 });
    expect(await reportsOf(fresh.id)).toHaveLength(0);
  });

  it(`limits a member to ${REPORT_RULE.perWindow} reports in 10 minutes`, async () => {
    const reporter = await informedMember();
    for (let i = 0; i < REPORT_RULE.perWindow; i++) {
      const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
      const res = await call('protal_en', REPORT, { target_kind: 'post', target_id: post, reason: 'Spam' }, reporter);
      expect(res.statusCode).toBe(200);
    }
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    const res = await call('protal_en', REPORT, { target_kind: 'post', target_id: post, reason: 'Spam' }, reporter);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 201, msg: 'Too many reports. Please try again in 10 minutes' });
    expect(await reportsOf(reporter.id)).toHaveLength(REPORT_RULE.perWindow);
  });

  it('two identical reports sent at once store one', async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    const reporter = await informedMember();
    const body = { target_kind: 'post', target_id: post, reason: 'Spam' };
    const answers = await Promise.all([1, 2, 3].map(() => call('protal_en', REPORT, body, reporter)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await reportsOf(reporter.id)).toHaveLength(1);
  });
});

describe('the boards a moderator holds', () => {
  it('lists a moderator their boards, an admin every board of the site, a member none', async () => {
    const mine = await call('protal_en', BOARDS, {}, w.modA);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({
      list: [
        { board_id: w.boardA, board_name: 'Board A' },
        { board_id: w.boardA2, board_name: 'Board A2' },
      ],
      all_boards: false,
    });
    // Boards are per site: on the Chinese site modA holds none.
    expect((await call('protal', BOARDS, {}, w.modA)).json().data).toEqual({ list: [], all_boards: false });
    const admin = (await call('protal_en', BOARDS, {}, w.admin)).json().data;
    expect(admin.all_boards).toBe(true);
    expect(admin.list.map((b: { board_id: number }) => b.board_id)).toEqual(
      expect.arrayContaining([w.boardA, w.boardA2, w.boardB]),
    );
    expect((await call('protal_en', BOARDS, {}, w.member)).json().data).toEqual({ list: [], all_boards: false });
    expect((await call('protal_en', BOARDS, {})).statusCode).toBe(401);
  });
});

describe('the zone lists', () => {
  it('lists the posts of my boards only, hidden ones included, with flags and open report counts; filters and pages', async () => {
    const board = await makeBoard(db(), 2, 'Listing board');
    const mod = await makeModerator(h, board, 2);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await makePost({ siteId: 2, authorId: w.author.id, boardId: board, title: `Listed ${i}` }));
    await db().updateTable('posts').set({ hidden: 1 }).where('id', '=', ids[1]!).execute();
    await db().updateTable('posts').set({ pinned_at: Date.now() }).where('id', '=', ids[2]!).execute();
    await db().updateTable('posts').set({ deleted_at: Date.now() }).where('id', '=', ids[4]!).execute();
    const elsewhere = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardB });
    const comment = await makeComment(ids[3]!, w.author.id);
    for (const reporter of [await informedMember(), await informedMember()]) {
      await call('protal_en', REPORT, { target_kind: 'comment', target_id: comment, reason: 'Rude' }, reporter);
    }

    const all = await call('protal_en', POSTS, {}, mod);
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json().data.list as Array<Record<string, unknown>>;
    expect(list.map((p) => p.tp_id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(list.map((p) => p.tp_id)).not.toContain(elsewhere);
    expect(list[0]).toMatchObject({
      tp_title: 'Listed 3',
      board_id: board,
      board_name: 'Listing board',
      author: { user_id: w.author.id, user_nick_name: 'Author' },
      hidden: false,
      pinned: false,
      open_reports: 2,
    });
    expect(list[1]).toMatchObject({ pinned: true, hidden: false });
    expect(list[2]).toMatchObject({ hidden: true });

    const hidden = (await call('protal_en', POSTS, { flag: 'hidden' }, mod)).json().data.list;
    expect(hidden.map((p: { tp_id: number }) => p.tp_id)).toEqual([ids[1]]);
    const reported = (await call('protal_en', POSTS, { reported: true }, mod)).json().data.list;
    expect(reported.map((p: { tp_id: number }) => p.tp_id)).toEqual([ids[3]]);

    const first = (await call('protal_en', POSTS, { page_size: 3 }, mod)).json().data;
    expect(first.list).toHaveLength(3);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await call('protal_en', POSTS, { page_size: 3, cursor: first.next_cursor }, mod)).json().data;
    expect(second.list.map((p: { tp_id: number }) => p.tp_id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();

    // A board I do not hold, as a filter: 403. An admin sees both boards.
    const other = await call('protal_en', POSTS, { board_id: w.boardB }, mod);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ status: 403, msg: msgOf('protal_en', 'moderation.api.notYourBoard'), data: null });
    const adminList = (await call('protal_en', POSTS, { page_size: 50 }, w.admin)).json().data.list;
    expect(adminList.map((p: { tp_id: number }) => p.tp_id)).toEqual(expect.arrayContaining([ids[0], elsewhere]));
    const bad = await call('protal_en', POSTS, { flag: 'sticky' }, mod);
    expect(bad.statusCode).toBe(400);
  });

  it('lists the open reports of my boards with the reported content, newest first', async () => {
    const board = await makeBoard(db(), 2, 'Reports board');
    const mod = await makeModerator(h, board, 2);
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: board, title: 'Reported post' });
    const comment = await makeComment(post, w.member.id, null, 'You are <b>all</b> wrong');
    const reporter = await informedMember('Whistle');
    await call('protal_en', REPORT, { target_kind: 'post', target_id: post, reason: 'Advert' }, reporter);
    await call('protal_en', REPORT, { target_kind: 'comment', target_id: comment, reason: 'Insult' }, reporter);
    const other = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardB });
    await call('protal_en', REPORT, { target_kind: 'post', target_id: other, reason: 'Elsewhere' }, reporter);

    const res = await call('protal_en', REPORTS, {}, mod);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.list;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      target_kind: 'comment',
      target_id: comment,
      tp_id: post,
      tp_title: 'Reported post',
      board_name: 'Reports board',
      content_text: 'You are <b>all</b> wrong',
      content_author: { user_id: w.member.id },
      content_deleted: false,
      reason: 'Insult',
      reporter: { user_id: reporter.id, user_nick_name: 'Whistle' },
      status: 10,
      handler_nick_name: null,
    });
    expect(list[1]).toMatchObject({ target_kind: 'post', content_text: 'Body with bold & text', reason: 'Advert' });

    const handled = await call(
      'protal_en',
      HANDLE,
      { report_id: list[1].report_id, status: 20, note: 'Removed the link' },
      mod,
    );
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().data).toMatchObject({ status: 20, note: 'Removed the link', handler_nick_name: 'Mod Mia' });
    expect((await call('protal_en', REPORTS, {}, mod)).json().data.list).toHaveLength(1);
    expect((await call('protal_en', REPORTS, { status: 20 }, mod)).json().data.list).toHaveLength(1);
    const audit = await auditOf('report', list[1].report_id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: mod.id, action: 'report.handle', site_id: 2 });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ status: 20, note: 'Removed the link' });

    const again = await call('protal_en', HANDLE, { report_id: list[1].report_id, status: 30 }, mod);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 201, msg: 'This report has already been handled', data: null });
    // Another board's moderator may not close it.
    const wrong = await call('protal_en', HANDLE, { report_id: list[0].report_id, status: 20 }, w.modB);
    expect(wrong.statusCode).toBe(403);
    const tooLong = await call(
      'protal_en',
      HANDLE,
      { report_id: list[0].report_id, status: 20, note: 'n'.repeat(501) },
      mod,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(
      (
        await db()
          .selectFrom('content_reports')
          .select('status')
          .where('id', '=', list[0].report_id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(10);
  });

  it('two moderators closing one report at once: one closes it, the other is told, one audit row', async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    const reporter = await informedMember();
    await call('protal_en', REPORT, { target_kind: 'post', target_id: post, reason: 'Spam' }, reporter);
    const [report] = await reportsOf(reporter.id);
    const answers = await Promise.all([
      call('protal_en', HANDLE, { report_id: report!.id, status: 20 }, w.modA),
      call('protal_en', HANDLE, { report_id: report!.id, status: 30 }, w.admin),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf('report', report!.id)).toHaveLength(1);
  });
});

describe('moderator actions on a post', () => {
  const act = (body: Record<string, unknown>, as: TestMember, site: Site = 'protal_en') => call(site, ACT, body, as);

  it('each action changes the post once, writes one audit row and tells the author once', async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA, title: 'Acted on' });
    const seen = (await messagesOf(w.author.id)).length;
    const steps: Array<[Record<string, unknown>, Record<string, unknown>, string | null, Record<string, unknown>]> = [
      [{ action: 'pin' }, { pinned: true }, 'post_pinned', { title: 'Acted on' }],
      [{ action: 'unpin' }, { pinned: false }, null, {}],
      [{ action: 'feature' }, { featured: true }, 'post_featured', { title: 'Acted on' }],
      [{ action: 'unfeature' }, { featured: false }, null, {}],
      [{ action: 'lock' }, { locked: true }, 'post_locked', { title: 'Acted on' }],
      [{ action: 'unlock' }, { locked: false }, 'post_unlocked', { title: 'Acted on' }],
      [
        { action: 'hide', reason: 'Off topic' },
        { hidden: true },
        'post_hidden',
        { title: 'Acted on', reason: 'Off topic' },
      ],
      [{ action: 'unhide' }, { hidden: false }, 'post_unhidden', { title: 'Acted on' }],
      [
        { action: 'move', board_id: w.boardA2 },
        { board_id: w.boardA2, board_name: 'Board A2' },
        'post_moved',
        { title: 'Acted on', board: 'Board A2' },
      ],
    ];
    let expectedMessages = seen;
    for (const [body, shape, kind, params] of steps) {
      const res = await act({ tp_id: post, ...body }, w.modA);
      expect(res.statusCode, `${String(body.action)} ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({ tp_id: post, ...shape });
      const audit = (await auditOf('post', post)).filter((a) => a.action === `post.${String(body.action)}`);
      expect(audit, String(body.action)).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_id: w.modA.id, site_id: 2 });
      expect(JSON.parse(audit[0]!.before_json!)).not.toEqual(JSON.parse(audit[0]!.after_json!));
      const messages = await messagesOf(w.author.id);
      if (kind) expectedMessages += 1;
      expect(messages, String(body.action)).toHaveLength(expectedMessages);
      if (kind) {
        const last = messages[messages.length - 1]!;
        expect(last).toMatchObject({ kind, site_id: 2 });
        expect(JSON.parse(last.params)).toEqual(params);
        expect(last.url).toMatch(new RegExp(`^/en/discuss/info/${post}`));
      }
    }
    const row = await postRow(post);
    expect(row).toMatchObject({ board_id: w.boardA2, hidden: 0, featured: 0, locked: 0, pinned_at: null });
    const hide = (await auditOf('post', post)).find((a) => a.action === 'post.hide')!;
    expect(JSON.parse(hide.before_json!)).toMatchObject({ hidden: 0 });
    expect(JSON.parse(hide.after_json!)).toMatchObject({ hidden: 1, reason: 'Off topic' });
  });

  it('an action that changes nothing is refused and records nothing; hide needs a reason; move needs a board I hold', async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    expect((await act({ tp_id: post, action: 'pin' }, w.modA)).statusCode).toBe(200);
    const again = await act({ tp_id: post, action: 'pin' }, w.modA);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 201, msg: 'The post is already in that state', data: null });
    const zhPost = await makePost({ siteId: 1, authorId: w.author.id, boardId: null });
    expect((await act({ tp_id: zhPost, action: 'lock' }, w.admin, 'protal')).statusCode).toBe(200);
    const zhAgain = await act({ tp_id: zhPost, action: 'lock' }, w.admin, 'protal');
    expect(zhAgain.json()).toEqual({ status: 201, msg: '帖子已是该状态，无需重复操作', data: null });
    const noReason = await act({ tp_id: post, action: 'hide' }, w.modA);
    expect(noReason.statusCode).toBe(409);
    expect(noReason.json().msg).toBe(msgOf('protal_en', 'moderation.api.reasonRequired'));
    const longReason = await act({ tp_id: post, action: 'hide', reason: 'r'.repeat(501) }, w.modA);
    expect(longReason.statusCode).toBe(400);
    const badAction = await act({ tp_id: post, action: 'explode' }, w.modA);
    expect(badAction.statusCode).toBe(400);
    expect((await act({ tp_id: post, action: 'move' }, w.modA)).json().msg).toBe(
      msgOf('protal_en', 'moderation.api.boardRequired'),
    );
    expect((await act({ tp_id: post, action: 'move', board_id: w.boardA }, w.modA)).json().msg).toBe(
      msgOf('protal_en', 'moderation.api.sameBoard'),
    );
    const notMine = await act({ tp_id: post, action: 'move', board_id: w.boardB }, w.modA);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().msg).toBe(msgOf('protal_en', 'moderation.api.boardNotAllowed'));
    const zhBoard = await makeBoard(db(), 1, 'Chinese board');
    expect((await act({ tp_id: post, action: 'move', board_id: zhBoard }, w.admin)).statusCode).toBe(403);
    // The admin may move it to any board of the site.
    expect((await act({ tp_id: post, action: 'move', board_id: w.boardB }, w.admin)).statusCode).toBe(200);
    const row = await postRow(post);
    expect(row).toMatchObject({ hidden: 0, board_id: w.boardB });
    expect((await auditOf('post', post)).map((a) => a.action)).toEqual(['post.pin', 'post.move']);
    expect((await act({ tp_id: 99_999_999, action: 'pin' }, w.admin)).statusCode).toBe(404);
  });

  it("refuses a moderator on another board's post (403), a member and a banned moderator (403), a visitor (401); nothing written", async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardB });
    const messages = (await messagesOf(w.author.id)).length;
    const bannedMod = await makeModerator(h, w.boardB, 2);
    await banDirectly(db(), bannedMod.id, Date.now() + 86_400_000, 'spam');
    for (const site of ['protal', 'protal_en'] as const) {
      const wrong = await act({ tp_id: post, action: 'pin' }, w.modA, site);
      expect(wrong.statusCode).toBe(403);
      // On its own site the refusal names the reason; on the other site modA moderates nothing.
      expect(wrong.json()).toEqual({
        status: 403,
        msg: site === 'protal_en' ? "You are not a moderator of this post's board" : msgOf(site, 'errors.forbidden'),
        data: null,
      });
      for (const who of [w.member, bannedMod]) {
        for (const [path, body] of [
          [ACT, { tp_id: post, action: 'pin' }],
          [POSTS, {}],
          [REPORTS, {}],
          [HANDLE, { report_id: 1, status: 20 }],
          [DELETE_COMMENT, { comment_id: 1 }],
        ] as const) {
          const res = await call(site, path, body, who);
          expect(res.statusCode, path).toBe(403);
          expect(res.json()).toMatchObject({ status: 403, data: null });
        }
      }
      const visitor = await call(site, ACT, { tp_id: post, action: 'pin' });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ status: 401, msg: msgOf(site, 'errors.unauthorized'), data: null });
    }
    expect(await postRow(post)).toMatchObject({ pinned_at: null });
    expect(await auditOf('post', post)).toHaveLength(0);
    expect(await messagesOf(w.author.id)).toHaveLength(messages);
    // A post without a board: only admins moderate it.
    const loose = await makePost({ siteId: 2, authorId: w.author.id, boardId: null });
    expect((await act({ tp_id: loose, action: 'lock' }, w.modA)).statusCode).toBe(403);
    expect((await act({ tp_id: loose, action: 'lock' }, w.admin)).statusCode).toBe(200);
  });

  it('does not message the author when the author is the moderator', async () => {
    const post = await makePost({ siteId: 2, authorId: w.modA.id, boardId: w.boardA });
    const before = (await messagesOf(w.modA.id)).length;
    expect((await act({ tp_id: post, action: 'feature' }, w.modA)).statusCode).toBe(200);
    expect(await messagesOf(w.modA.id)).toHaveLength(before);
    expect(await auditOf('post', post)).toHaveLength(1);
  });

  it('two moderators doing the same action at once: one wins, the other is told; one audit row and one message', async () => {
    for (const [action, reason] of [
      ['pin', undefined],
      ['hide', 'Spam'],
    ] as const) {
      const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
      const messages = (await messagesOf(w.author.id)).length;
      const answers = await Promise.all(
        [w.modA, w.admin, w.modA].map((who) => act({ tp_id: post, action, ...(reason ? { reason } : {}) }, who)),
      );
      expect(answers.map((a) => a.statusCode).sort(), action).toEqual([200, 409, 409]);
      expect(await auditOf('post', post)).toHaveLength(1);
      expect(await messagesOf(w.author.id)).toHaveLength(messages + 1);
    }
  });

  it('two moves to one board at once: the post is moved once', async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    const answers = await Promise.all([
      act({ tp_id: post, action: 'move', board_id: w.boardA2 }, w.modA),
      act({ tp_id: post, action: 'move', board_id: w.boardA2 }, w.admin),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf('post', post)).toHaveLength(1);
  });
});

describe('deleting a comment as a moderator', () => {
  it('soft-deletes it, updates the counters, audits it; again is 404; another board is 403', async () => {
    const post = await makePost({ siteId: 2, authorId: w.author.id, boardId: w.boardA });
    const parent = await makeComment(post, w.member.id);
    const reply = await makeComment(post, w.member.id, parent, 'A reply');
    // The reply earned its author a point; the parent is the accepted answer.
    await award(db(), {
      userId: w.member.id,
      siteId: 2,
      rule: POINT_RULE.comment,
      source: { kind: 'comment', id: reply },
      now: Date.now(),
    });
    await db().updateTable('posts').set({ accepted_comment_id: parent }).where('id', '=', post).execute();
    const pointsOf = async () =>
      Number(
        (await db().selectFrom('users').select('points').where('id', '=', w.member.id).executeTakeFirstOrThrow())
          .points,
      );
    const pointsBefore = await pointsOf();
    const res = await call('protal_en', DELETE_COMMENT, { comment_id: reply, reason: 'Insult' }, w.modA);
    expect(res.statusCode, res.body).toBe(200);
    const row = await db().selectFrom('post_comments').selectAll().where('id', '=', reply).executeTakeFirstOrThrow();
    expect(row.deleted_at).toEqual(expect.any(Number));
    expect(await pointsOf()).toBe(pointsBefore - 1);
    expect(await postRow(post)).toMatchObject({ comment_count: 1, answer_count: 1 });
    expect(
      await db().selectFrom('post_comments').select('reply_count').where('id', '=', parent).executeTakeFirstOrThrow(),
    ).toEqual({
      reply_count: 0,
    });
    const audit = await auditOf('comment', reply);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'comment.delete', actor_id: w.modA.id });
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ post_id: post, content: 'A reply' });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ reason: 'Insult' });
    expect((await call('protal_en', DELETE_COMMENT, { comment_id: reply }, w.modA)).statusCode).toBe(404);

    const wrong = await call('protal_en', DELETE_COMMENT, { comment_id: parent }, w.modB);
    expect(wrong.statusCode).toBe(403);
    expect(
      (await db().selectFrom('post_comments').select('deleted_at').where('id', '=', parent).executeTakeFirstOrThrow())
        .deleted_at,
    ).toBeNull();
    expect((await call('protal_en', DELETE_COMMENT, { comment_id: parent }, w.admin)).statusCode).toBe(200);
    expect(await postRow(post)).toMatchObject({ accepted_comment_id: null });
    expect(await postRow(post)).toMatchObject({ comment_count: 0, answer_count: 0 });
  });
});
