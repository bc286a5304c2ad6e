import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, TestMember } from '../../../test/accounts-harness';
import { postDictionaries, postForm, type SiteDictionaries } from '../../../test/discussions-harness';
import { grantDirectly, makeModerator, makeTopic, staffCall, staffTestApp } from '../../../test/roles-harness';

/**
 * Issue 22 item 6 (decisions.md "Deleting content takes its points back", decision 041): every kind
 * of comment gives its comment point back when it goes (post comments and replies, answers with
 * their acceptance, topic-article comments), by its author's delete and by a moderator's, a
 * comment's replies with it; and deleting cannot open the daily cap again. Through the real calls.
 */

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let d: SiteDictionaries;
const db = () => t.database.db;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  d = await postDictionaries(db(), 2);
});
afterAll(async () => t?.close());

const call = (path: string, body: unknown, as: TestMember) => h.call('protal_en', path, body, { as, ip: h.freshIp() });

async function ok(path: string, body: unknown, as: TestMember) {
  const res = await call(path, body, as);
  expect(res.statusCode, `${path} ${res.body}`).toBe(200);
  expect(res.json().status, res.body).toBe(200);
  return res.json().data;
}

async function total(userId: number) {
  const row = await db().selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.points);
}

async function ledger(userId: number, rule = 'comment') {
  const rows = await db()
    .selectFrom('points_ledger')
    .select(['amount', 'source_kind', 'source_id'])
    .where('user_id', '=', userId)
    .where('rule', '=', rule)
    .orderBy('id')
    .execute();
  return rows.map((r) => [Number(r.amount), r.source_kind, Number(r.source_id)]);
}

async function ledgerSum(userId: number) {
  const rows = await db().selectFrom('points_ledger').select('amount').where('user_id', '=', userId).execute();
  return rows.reduce((a, r) => a + Number(r.amount), 0);
}

async function publish(author: TestMember, extra: Record<string, unknown> = {}) {
  return Number((await ok('/api/post/add', postForm(d, extra), author)).tp_id);
}

const comment = async (as: TestMember, tp_id: number, parent?: number) =>
  Number(
    (
      await ok(
        '/api/comment/add',
        { tp_id, tpc_content: `Said by ${as.id}`, ...(parent ? { tpc_parent_id: parent } : {}) },
        as,
      )
    ).tpc_id,
  );

describe('deleting a comment takes its points back', () => {
  it('a post comment, a reply, and a comment with the replies under it: each author loses what it earned, once', async () => {
    const author = await h.readyMember('Thread Theo');
    const alice = await h.readyMember('Alice Comment');
    const bob = await h.readyMember('Bob Reply');
    const tp_id = await publish(author);

    const aliceTop = await comment(alice, tp_id);
    const bobReply = await comment(bob, tp_id, aliceTop);
    const bobSecond = await comment(bob, tp_id, aliceTop);
    const aliceAlone = await comment(alice, tp_id);
    expect([await total(alice.id), await total(bob.id)]).toEqual([2, 2]);

    // A reply deleted by its author: its point goes back; a second delete finds nothing to take.
    await ok('/api/comment/delete', { tpc_id: bobSecond }, bob);
    expect(await total(bob.id)).toBe(1);
    expect((await call('/api/comment/delete', { tpc_id: bobSecond }, bob)).statusCode).toBe(404);
    expect(await total(bob.id)).toBe(1);

    // A comment deleted by its author takes its replies with it, and their points from their author.
    await ok('/api/comment/delete', { tpc_id: aliceTop }, alice);
    expect([await total(alice.id), await total(bob.id)]).toEqual([1, 0]);
    expect(await ledger(bob.id)).toEqual([
      [1, 'comment', bobReply],
      [1, 'comment', bobSecond],
      [-1, 'comment', bobSecond],
      [-1, 'comment', bobReply],
    ]);
    // The reply left with its comment: deleting it now finds nothing and counts nothing twice.
    expect((await call('/api/comment/delete', { tpc_id: bobReply }, bob)).statusCode).toBe(404);
    const post = await db()
      .selectFrom('posts')
      .select('comment_count')
      .where('id', '=', tp_id)
      .executeTakeFirstOrThrow();
    expect(Number(post.comment_count)).toBe(1);
    expect(await total(bob.id)).toBe(0);

    // The other comment keeps its point.
    expect(await ledger(alice.id)).toEqual([
      [1, 'comment', aliceTop],
      [1, 'comment', aliceAlone],
      [-1, 'comment', aliceTop],
    ]);
    for (const m of [alice, bob]) expect(await ledgerSum(m.id)).toBe(await total(m.id));
    // The history shows the take-back with its source.
    const history = (await ok('/api/points/history', {}, alice)).list as Array<Record<string, unknown>>;
    expect(history[0]).toMatchObject({ rule: 'comment', amount: -1, source_kind: 'comment', source_id: aliceTop });
  });

  it('an answer takes back its comment point and its acceptance; a moderator’s delete takes them back too', async () => {
    const asker = await h.readyMember('Asker Ann');
    const answerer = await h.readyMember('Answerer Abe');
    const q1 = await publish(asker, { tp_type: 20 });
    const a1 = await comment(answerer, q1);
    await ok('/api/post/acceptAnswer', { tp_id: q1, tpc_id: a1 }, asker);
    expect(await total(answerer.id)).toBe(11);
    await ok('/api/comment/delete', { tpc_id: a1 }, answerer);
    expect(await total(answerer.id)).toBe(0);

    // The moderator of the board deletes an accepted answer and a plain comment.
    const mod = await makeModerator(h, d.board, 2);
    const q2 = await publish(asker, { tp_type: 20 });
    const a2 = await comment(answerer, q2);
    await ok('/api/post/acceptAnswer', { tp_id: q2, tpc_id: a2 }, asker);
    const discussion = await publish(asker);
    const c = await comment(answerer, discussion);
    expect(await total(answerer.id)).toBe(12);
    await ok('/api/moderation/comment/delete', { comment_id: a2, reason: 'Off topic' }, mod);
    expect(await total(answerer.id)).toBe(1);
    await ok('/api/moderation/comment/delete', { comment_id: c }, mod);
    expect(await total(answerer.id)).toBe(0);
    expect(await ledger(answerer.id, 'answer_accepted')).toEqual([
      [10, 'comment', a1],
      [-10, 'comment', a1],
      [10, 'comment', a2],
      [-10, 'comment', a2],
    ]);
    expect(await ledgerSum(answerer.id)).toBe(0);
    // The asker's posts kept theirs.
    expect(await total(asker.id)).toBe(15);
  });

  it('a topic-article comment and its replies, by its author’s delete and by the topic host’s', async () => {
    const topicId = await makeTopic(db(), 1);
    const host = await h.readyMember('Host Hue', 'protal');
    await grantDirectly(db(), host.id, 'topic_host', 1, topicId);
    const writer = await h.readyMember('Writer Wu', 'protal');
    const reader = await h.readyMember('Reader Ru', 'protal');
    const replier = await h.readyMember('Replier Ry', 'protal');
    const submitted = await t.call(
      '/api/topic/articleAdd',
      { ttar_title: 'Tiering cold data', tt_id: topicId, ttar_source: 10, ttar_content: '<p>Body</p>' },
      {
        headers: {
          cookie: `${CLIENT_STORAGE.siteDataCookie}=1; accessToken=${writer.token}`,
          'x-forwarded-for': h.freshIp(),
        },
      },
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const ttar_id = Number(submitted.json().data.ttar_id);
    const review = await db()
      .selectFrom('review_items')
      .select('id')
      .where('kind', '=', 'article')
      .where('item_id', '=', ttar_id)
      .executeTakeFirstOrThrow();
    const decided = await staffCall(
      h,
      'protal',
      '/admin/review/decide',
      { ids: [review.id], decision: 'approve' },
      host,
    );
    expect(decided.statusCode, decided.body).toBe(200);

    const cn = async (path: string, body: unknown, as: TestMember) => {
      const res = await h.call('protal', path, body, { as, ip: h.freshIp() });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const own = Number((await cn('/api/topic/articleCommentAdd', { ttar_id, tpc_content: 'Mine' }, reader)).tpc_id);
    const top = Number((await cn('/api/topic/articleCommentAdd', { ttar_id, tpc_content: 'Top' }, reader)).tpc_id);
    const reply = Number(
      (await cn('/api/topic/articleCommentAdd', { ttar_id, tpc_content: 'Re', tpc_parent_id: top }, replier)).tpc_id,
    );
    expect([await total(reader.id), await total(replier.id)]).toEqual([2, 1]);
    await cn('/api/topic/articleCommentDelete', { tpc_id: own }, reader);
    expect(await total(reader.id)).toBe(1);
    // The host deletes another member's comment: it goes with its reply, and so do their points.
    await cn('/api/topic/articleCommentDelete', { tpc_id: top }, host);
    expect([await total(reader.id), await total(replier.id)]).toEqual([0, 0]);
    expect(await ledger(replier.id)).toEqual([
      [1, 'article_comment', reply],
      [-1, 'article_comment', reply],
    ]);
    // The article's author keeps the approval's points.
    expect(await total(writer.id)).toBe(20);
  });

  it('deleting does not open the daily cap again: the cap counts the awards of the day, kept or taken back', async () => {
    await db()
      .updateTable('points_rules')
      .set({ daily_cap: 3 })
      .where('site_id', '=', 2)
      .where('rule', '=', 'comment')
      .execute();
    try {
      const author = await h.readyMember('Cap Author');
      const farmer = await h.readyMember('Farmer Fay');
      const tp_id = await publish(author);
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push(await comment(farmer, tp_id));
      expect(await total(farmer.id)).toBe(3);
      for (const id of ids) await ok('/api/comment/delete', { tpc_id: id }, farmer);
      expect(await total(farmer.id)).toBe(0);
      // Commenting again the same day earns nothing: comment, delete, comment again is no way to points.
      await comment(farmer, tp_id);
      await comment(farmer, tp_id);
      expect(await total(farmer.id)).toBe(0);
      expect(await ledgerSum(farmer.id)).toBe(0);
    } finally {
      await db()
        .updateTable('points_rules')
        .set({ daily_cap: 20 })
        .where('site_id', '=', 2)
        .where('rule', '=', 'comment')
        .execute();
    }
  });
});
