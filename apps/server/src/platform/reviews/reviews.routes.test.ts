import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import {
  expectRefusedToOutsiders,
  makeBoard,
  makeModerator,
  makeStaffCast,
  msgOf,
  staffCall,
  staffTestApp,
  type StaffCast,
} from '../../../test/roles-harness';
import { reviewStates, submitForReview, withdrawFromReview } from './review-queue';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let cast: StaffCast;
let boardA: number;
let boardB: number;

const LIST = '/admin/review/list';
const INFO = '/admin/review/info';
const DECIDE = '/admin/review/decide';
const DAY = 86_400_000;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  cast = await makeStaffCast(h, {
    manage: 'review.post',
    siteId: 1,
    sideStaff: { permissions: ['feedback.manage', 'admin.access'], siteId: 1 },
  });
  boardA = await makeBoard(t.database.db, 1, 'Storage arrays');
  boardB = await makeBoard(t.database.db, 1, 'Backup');
});
afterAll(async () => t?.close());

const call = (site: Site, path: string, body: unknown, as?: TestMember) => staffCall(h, site, path, body, as);

/** A post waiting for review, as post/add leaves it when the site reviews posts. */
async function pendingPost(
  author: TestMember,
  opts: { siteId?: number; boardId?: number | null; title?: string; html?: string; submittedAt?: number } = {},
) {
  const db = t.database.db;
  const now = opts.submittedAt ?? Date.now();
  const siteId = opts.siteId ?? 1;
  const title = opts.title ?? `Post ${Math.random().toString(36).slice(2, 8)}`;
  const row = await db
    .insertInto('posts')
    .values({
      site_id: siteId,
      author_id: author.id,
      board_id: opts.boardId === undefined ? boardA : opts.boardId,
      title,
      content_html: opts.html ?? '<p>Hello</p>',
      status: 10,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const postId = Number(row.id);
  await submitForReview(db, { kind: 'post', itemId: postId, siteId, authorId: author.id, title, now });
  const review = await db
    .selectFrom('review_items')
    .select('id')
    .where('kind', '=', 'post')
    .where('item_id', '=', postId)
    .executeTakeFirstOrThrow();
  return { postId, reviewId: review.id, title };
}

const postStatus = async (postId: number) =>
  (await t.database.db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow()).status;
const messagesOf = (userId: number) =>
  t.database.db.selectFrom('messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const auditOf = (postId: number) =>
  t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_kind', '=', 'post')
    .where('target_id', '=', String(postId))
    .execute();

/** The points ledger amounts a member holds for one post, oldest first. */
async function postPoints(userId: number, postId: number): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('points_ledger')
    .select('amount')
    .where('user_id', '=', userId)
    .where('source_kind', '=', 'post')
    .where('source_id', '=', postId)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.amount));
}

describe('the queue list', () => {
  it('lists the managed site pending items oldest first, filters by kind, status and age, keyset paged', async () => {
    const author = await h.registerMember({ nick: 'Listy' });
    const now = Date.now();
    const old = await pendingPost(author, { submittedAt: now - 10 * DAY, title: 'Ten days old' });
    const mid = await pendingPost(author, { submittedAt: now - 3 * DAY, title: 'Three days old' });
    const fresh = await pendingPost(author, { submittedAt: now - 60_000, title: 'Fresh' });
    const english = await pendingPost(author, { siteId: 2, boardId: null, title: 'English site' });

    const mine = (list: { review_id: number }[]) =>
      list.map((i) => i.review_id).filter((id) => [old, mid, fresh, english].some((p) => p.reviewId === id));

    const all = await call('protal', LIST, { page_size: 50 }, cast.staff);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(mine(body.data.list)).toEqual([old.reviewId, mid.reviewId, fresh.reviewId]);
    const first = body.data.list.find((i: { review_id: number }) => i.review_id === old.reviewId);
    expect(first).toMatchObject({
      kind: 'post',
      item_id: old.postId,
      title: 'Ten days old',
      status: 10,
      reason: '',
      author: { user_id: author.id, user_nick_name: 'Listy' },
      decide_time: null,
      decider_nick_name: null,
      preview_url: `/cn/discuss/info/${old.postId}/1`,
    });
    expect(new Date(first.submit_time).getTime()).toBe(now - 10 * DAY);

    const older = await call('protal', LIST, { older_than_days: 2, page_size: 50 }, cast.staff);
    expect(mine(older.json().data.list)).toEqual([old.reviewId, mid.reviewId]);
    const within = await call('protal', LIST, { newer_than_days: 5, page_size: 50 }, cast.staff);
    expect(mine(within.json().data.list)).toEqual([mid.reviewId, fresh.reviewId]);
    const between = await call('protal', LIST, { older_than_days: 1, newer_than_days: 5, page_size: 50 }, cast.staff);
    expect(mine(between.json().data.list)).toEqual([mid.reviewId]);
    const kind = await call('protal', LIST, { kind: 'post', page_size: 50 }, cast.staff);
    expect(mine(kind.json().data.list)).toEqual([old.reviewId, mid.reviewId, fresh.reviewId]);
    const approved = await call('protal', LIST, { status: 20, page_size: 50 }, cast.staff);
    expect(mine(approved.json().data.list)).toEqual([]);

    // Keyset: one per page, every item once, in order.
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await call('protal', LIST, { page_size: 1, ...(cursor ? { cursor } : {}) }, cast.staff);
      const data = page.json().data;
      seen.push(...data.list.map((x: { review_id: number }) => x.review_id));
      if (!data.next_cursor) break;
      cursor = data.next_cursor;
    }
    expect(mine(seen.map((review_id) => ({ review_id })))).toEqual([old.reviewId, mid.reviewId, fresh.reviewId]);
    expect(new Set(seen).size).toBe(seen.length);

    // The English site's queue holds the English item (admins hold every site).
    const en = await call('protal_en', LIST, { page_size: 50 }, cast.admin);
    expect(mine(en.json().data.list)).toEqual([english.reviewId]);
  });

  it('shows a moderator only the posts of their boards', async () => {
    const author = await h.registerMember();
    const inA = await pendingPost(author, { boardId: boardA });
    const inB = await pendingPost(author, { boardId: boardB });
    const modA = await makeModerator(h, boardA, 1);
    const res = await call('protal', LIST, { page_size: 50 }, modA);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.list.map((i: { review_id: number }) => i.review_id);
    expect(ids).toContain(inA.reviewId);
    expect(ids).not.toContain(inB.reviewId);
    // Nor may the moderator open or decide the other board's post.
    const info = await call('protal_en', INFO, { review_id: inB.reviewId }, modA);
    expect(info.statusCode).toBe(403); // moderates on the Chinese site only
    const infoB = await call('protal', INFO, { review_id: inB.reviewId }, modA);
    expect(infoB.statusCode).toBe(403);
    expect(infoB.json()).toEqual({ status: 403, msg: msgOf('protal', 'reviews.api.forbidden'), data: null });
    const decideB = await call('protal', DECIDE, { ids: [inB.reviewId], decision: 'approve' }, modA);
    expect(decideB.statusCode).toBe(403);
    expect(await postStatus(inB.postId)).toBe(10);
    const decideA = await call('protal', DECIDE, { ids: [inA.reviewId], decision: 'approve' }, modA);
    expect(decideA.statusCode).toBe(200);
    expect(await postStatus(inA.postId)).toBe(20);
  });
});

describe('one item', () => {
  it('renders the content as members will see it, sanitised', async () => {
    const author = await h.registerMember({ nick: 'Writer' });
    const p = await pendingPost(author, {
      title: 'Tiering',
      html: '<h2>Hot and cold</h2><p onclick="x()">Data <img src="javascript:alert(1)"><script>alert(1)</script></p>',
    });
    const att = await t.database.db
      .insertInto('attachments')
      .values({
        owner_id: author.id,
        title: 'tiers.pdf',
        storage_key: 'k/tiers.pdf',
        storage: 1,
        mime: 'application/pdf',
        size: 2048,
        kind: 'file',
        access_key: 'tiers-access-key-000001',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('post_attachments')
      .values({ post_id: p.postId, attachment_id: Number(att.id), sort: 0 })
      .execute();
    for (const site of ['protal'] as const) {
      const res = await call(site, INFO, { review_id: p.reviewId }, cast.staff);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ review_id: p.reviewId, title: 'Tiering', author: { user_nick_name: 'Writer' } });
      expect(data.content.title).toBe('Tiering');
      expect(data.content.html).toContain('<h2>Hot and cold</h2>');
      expect(data.content.html).not.toMatch(/script|onclick|javascript:/i);
      expect(data.content.facts).toEqual([
        { label: '类型', value: '讨论' },
        { label: '版块', value: 'Storage arrays' },
      ]);
      expect(data.content.attachments).toEqual([
        {
          att_id: Number(att.id),
          att_title: 'tiers.pdf',
          att_url: `/attachments/${Number(att.id)}/tiers-access-key-000001`,
          att_size: 2048,
        },
      ]);
    }
    const missing = await call('protal', INFO, { review_id: 999_999 }, cast.staff);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, msg: msgOf('protal', 'reviews.api.notFound'), data: null });
  });
});

describe('deciding', () => {
  it('approves: the post is published, the author gets a message, the decision is audited', async () => {
    const author = await h.registerMember();
    const p = await pendingPost(author, { title: 'RAID 6 rebuild times' });
    const res = await call('protal_en', DECIDE, { ids: [p.reviewId], decision: 'approve' }, cast.admin);
    // The English site's queue does not hold a Chinese-site item.
    expect(res.statusCode).toBe(404);
    const ok = await call('protal', DECIDE, { ids: [p.reviewId], decision: 'approve' }, cast.staff);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      status: 200,
      msg: msgOf('protal', 'reviews.api.decidedCount', { count: 1 }),
      data: {
        decided: 1,
        results: [{ review_id: p.reviewId, ok: true, status: 20, msg: msgOf('protal', 'reviews.api.approved') }],
      },
    });
    expect(await postStatus(p.postId)).toBe(20);
    const state = (await reviewStates(t.database.db, 'post', [p.postId])).get(p.postId);
    expect(state).toMatchObject({ status: 20, reason: '' });
    const messages = await messagesOf(author.id);
    expect(messages.map((m) => [m.kind, JSON.parse(m.params), m.url, m.site_id])).toEqual([
      ['review_approved', { title: 'RAID 6 rebuild times', reason: '' }, `/cn/discuss/info/${p.postId}/1`, 1],
    ]);
    const audit = await auditOf(p.postId);
    expect(audit.map((a) => [a.action, a.actor_id, a.site_id])).toEqual([['review.approve', cast.staff.id, 1]]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ review_id: p.reviewId, status: 20 });
    expect(await postPoints(author.id, p.postId)).toEqual([5]);
  });

  it('rejects with a reason the author reads', async () => {
    const author = await h.registerMember();
    const p = await pendingPost(author, { title: 'Buy cheap disks' });
    const res = await call(
      'protal',
      DECIDE,
      { ids: [p.reviewId], decision: 'reject', reason: '  Advertising  ' },
      cast.staff,
    );
    expect(res.statusCode).toBe(200);
    expect(await postStatus(p.postId)).toBe(30);
    const row = await t.database.db
      .selectFrom('review_items')
      .selectAll()
      .where('id', '=', p.reviewId)
      .executeTakeFirstOrThrow();
    expect([row.status, row.reason, row.decided_by]).toEqual([30, 'Advertising', cast.staff.id]);
    const messages = await messagesOf(author.id);
    expect(messages.map((m) => [m.kind, JSON.parse(m.params)])).toEqual([
      ['review_rejected', { title: 'Buy cheap disks', reason: 'Advertising' }],
    ]);
    expect((await auditOf(p.postId)).map((a) => a.action)).toEqual(['review.reject']);
    // Resubmitted after an edit: pending again, and decidable again.
    await submitForReview(t.database.db, {
      kind: 'post',
      itemId: p.postId,
      siteId: 1,
      authorId: author.id,
      title: 'Fixed',
      now: Date.now(),
    });
    expect(await postPoints(author.id, p.postId)).toEqual([]);
    const again = await call('protal', DECIDE, { ids: [p.reviewId], decision: 'approve' }, cast.staff);
    expect(again.json().data.decided).toBe(1);
    // Published on approval: the post's 5 points, once.
    expect(await postPoints(author.id, p.postId)).toEqual([5]);
    const member = await t.database.db
      .selectFrom('users')
      .select('points')
      .where('id', '=', author.id)
      .executeTakeFirstOrThrow();
    expect(member.points).toBe(5);
  });

  it('two staff deciding one item at once: exactly one wins, the other is told who and when', async () => {
    for (let round = 0; round < 3; round++) {
      const author = await h.registerMember();
      const p = await pendingPost(author);
      const [a, b] = await Promise.all([
        call('protal', DECIDE, { ids: [p.reviewId], decision: 'approve' }, cast.staff),
        call('protal', DECIDE, { ids: [p.reviewId], decision: 'reject', reason: 'Duplicate' }, cast.admin),
      ]);
      const answers = [a, b];
      const winners = answers.filter((r) => r.statusCode === 200);
      const losers = answers.filter((r) => r.statusCode !== 200);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      const loser = losers[0]!;
      expect(loser.statusCode).toBe(409);
      const row = await t.database.db
        .selectFrom('review_items')
        .selectAll()
        .where('id', '=', p.reviewId)
        .executeTakeFirstOrThrow();
      const winnerNick = row.decided_by === cast.admin.id ? 'Chief' : 'Staffer';
      const body = loser.json();
      expect(body.status).toBe(201);
      expect(body.msg).toContain(winnerNick);
      expect(body.msg).toMatch(/已于 \d{4}-\d\d-\d\d \d\d:\d\d UTC 处理了该内容/);
      expect(body.data.results).toEqual([{ review_id: p.reviewId, ok: false, status: row.status, msg: body.msg }]);
      expect(await postStatus(p.postId)).toBe(row.status);
      expect(await messagesOf(author.id)).toHaveLength(1);
      expect(await auditOf(p.postId)).toHaveLength(1);
    }
  });

  it('many at once with Promise.all on the same items: each decided once', async () => {
    const author = await h.registerMember();
    const posts = await Promise.all([1, 2, 3, 4].map(() => pendingPost(author)));
    const ids = posts.map((p) => p.reviewId);
    const answers = await Promise.all([
      call('protal', DECIDE, { ids, decision: 'approve' }, cast.staff),
      call('protal', DECIDE, { ids: [...ids].reverse(), decision: 'reject', reason: 'No' }, cast.admin),
    ]);
    const decided = answers.map((r) => (r.statusCode === 200 ? r.json().data.decided : 0));
    expect(decided[0]! + decided[1]!).toBe(4);
    expect(await messagesOf(author.id)).toHaveLength(4);
    for (const p of posts) expect(await auditOf(p.postId)).toHaveLength(1);
  });

  it('a bulk decision with a mix: decides the pending ones and says why the others were not', async () => {
    const author = await h.registerMember();
    const a = await pendingPost(author);
    const b = await pendingPost(author);
    const c = await pendingPost(author);
    await call('protal', DECIDE, { ids: [b.reviewId], decision: 'approve' }, cast.admin);
    expect(
      await withdrawFromReview(t.database.db, { kind: 'post', itemId: c.postId, authorId: author.id, now: Date.now() }),
    ).toBe(true);
    const res = await call(
      'protal_en',
      DECIDE,
      { ids: [a.reviewId, b.reviewId, c.reviewId, 999_999], decision: 'reject', reason: 'Off topic' },
      cast.admin,
    );
    expect(res.statusCode).toBe(404); // none of them is on the English site
    const mixed = await call(
      'protal',
      DECIDE,
      { ids: [a.reviewId, b.reviewId, c.reviewId, 999_999], decision: 'reject', reason: 'Off topic' },
      cast.staff,
    );
    expect(mixed.statusCode).toBe(200);
    const results = mixed.json().data.results;
    expect(mixed.json().data.decided).toBe(1);
    expect(results.map((r: { ok: boolean; status: number }) => [r.ok, r.status])).toEqual([
      [true, 30],
      [false, 20],
      [false, 40],
      [false, 0],
    ]);
    expect(results[1].msg).toContain('Chief');
    expect(results[2].msg).toMatch(/作者已于 .* 撤回该内容/);
    expect(results[3].msg).toBe(msgOf('protal', 'reviews.api.notFound'));
    expect(await postStatus(a.postId)).toBe(30);
    expect(await postStatus(b.postId)).toBe(20);
    expect((await messagesOf(author.id)).map((m) => m.kind)).toEqual(['review_approved', 'review_rejected']);
  });

  it('a post deleted meanwhile is not decided, and nothing is half-written', async () => {
    const author = await h.registerMember();
    const p = await pendingPost(author);
    await t.database.db.updateTable('posts').set({ deleted_at: Date.now() }).where('id', '=', p.postId).execute();
    const info = await call('protal', INFO, { review_id: p.reviewId }, cast.staff);
    expect(info.json()).toEqual({ status: 404, msg: msgOf('protal', 'reviews.api.itemGone'), data: null });
    const res = await call('protal', DECIDE, { ids: [p.reviewId], decision: 'approve' }, cast.staff);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(msgOf('protal', 'reviews.api.itemGone'));
    const row = await t.database.db
      .selectFrom('review_items')
      .selectAll()
      .where('id', '=', p.reviewId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(10);
    expect(await messagesOf(author.id)).toEqual([]);
  });

  it('refuses bad input naming the field, in the site language', async () => {
    const author = await h.registerMember();
    const p = await pendingPost(author);
    const cases: [unknown, string, string][] = [
      [{ ids: [p.reviewId], decision: 'reject' }, 'reason', 'reviews.api.reasonRequired'],
      [{ ids: [p.reviewId], decision: 'reject', reason: '   ' }, 'reason', 'reviews.api.reasonRequired'],
      [{ ids: [p.reviewId], decision: 'reject', reason: 'x'.repeat(501) }, 'reason', 'reviews.api.reasonRule'],
      [{ ids: [], decision: 'approve' }, 'ids', 'reviews.api.idsRequired'],
      [{ ids: Array.from({ length: 51 }, (_, i) => i + 1), decision: 'approve' }, 'ids', 'reviews.api.tooMany'],
      [{ ids: [p.reviewId], decision: 'maybe' }, 'decision', 'reviews.api.decisionInvalid'],
    ];
    for (const site of ['protal', 'protal_en'] as const) {
      for (const [body, field, key] of cases) {
        const res = await call(site, DECIDE, body, cast.admin);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        const json = res.json();
        expect(json.status).toBe(40001);
        expect(json.data.field).toBe(field);
        expect(json.msg).toContain(msgOf(site, key));
      }
    }
    const list = await call('protal', LIST, { status: 15 }, cast.staff);
    expect(list.json().data.field).toBe('status');
    const days = await call('protal', LIST, { older_than_days: -1 }, cast.staff);
    expect(days.json().data.field).toBe('older_than_days');
    const reasonOk = await call(
      'protal',
      DECIDE,
      { ids: [p.reviewId], decision: 'reject', reason: 'x'.repeat(500) },
      cast.staff,
    );
    expect(reasonOk.statusCode).toBe(200);
    expect(await messagesOf(author.id)).toHaveLength(1);
  });

  it('refuses visitors (401), members and other staff (403), and staff of the other site (403)', async () => {
    const author = await h.registerMember();
    const p = await pendingPost(author);
    await expectRefusedToOutsiders(
      h,
      [
        [LIST, {}],
        [INFO, { review_id: p.reviewId }],
        [DECIDE, { ids: [p.reviewId], decision: 'approve' }],
      ],
      {
        outsiders: [cast.member, cast.sideStaff, cast.bannedAdmin],
        otherSiteStaff: cast.otherSiteStaff,
        otherSite: 'protal',
      },
    );
    expect(await postStatus(p.postId)).toBe(10);
    expect(await messagesOf(author.id)).toEqual([]);
  });
});
