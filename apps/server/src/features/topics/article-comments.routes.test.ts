import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import { XSS_CORPUS } from '../../lib/xss-corpus.test-support';
import type { accountsHarness, TestMember } from '../../../test/accounts-harness';
import { grantDirectly, makeTopic, staffCall, staffTestApp } from '../../../test/roles-harness';

// Comments and replies on topic articles (issue 19, item 5: platform/comments on the article's
// tables) through the real calls, on SQLite and on PostgreSQL.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let host: TestMember;
let author: TestMember;
let reader: TestMember;
let other: TestMember;
let articleId: number;
let pendingId: number;

const db = () => t.database.db;

const member = (nick: string) => h.readyMember(nick, 'protal');

const api = (path: string, body: unknown, as?: TestMember) =>
  h.call('protal', `/api${path}`, body, { ...(as ? { as } : {}), ip: h.freshIp() });

async function submit(as: TestMember, topicId: number, title: string) {
  const res = await t.call(
    '/api/topic/articleAdd',
    { ttar_title: title, tt_id: topicId, ttar_source: 10, ttar_content: '<p>Body</p>' },
    {
      headers: {
        cookie: `${CLIENT_STORAGE.siteDataCookie}=1; accessToken=${as.token}`,
        'x-forwarded-for': h.freshIp(),
      },
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().data.ttar_id);
}

async function approve(id: number) {
  const review = await db()
    .selectFrom('review_items')
    .select('id')
    .where('kind', '=', 'article')
    .where('item_id', '=', id)
    .executeTakeFirstOrThrow();
  const res = await staffCall(h, 'protal', '/admin/review/decide', { ids: [review.id], decision: 'approve' }, host);
  expect(res.statusCode, res.body).toBe(200);
}

const commentCount = async (id: number) =>
  (await db().selectFrom('topic_articles').select('comment_count').where('id', '=', id).executeTakeFirstOrThrow())
    .comment_count;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  const topicId = await makeTopic(db(), 1, '存储网络');
  host = await member('Host');
  await grantDirectly(db(), host.id, 'topic_host', 1, topicId);
  author = await member('Author');
  reader = await member('Reader');
  other = await member('Other');
  articleId = await submit(author, topicId, 'NVMe over fabrics');
  await approve(articleId);
  pendingId = await submit(author, topicId, 'Still pending');
});
afterAll(async () => t?.close());

describe('comments on a topic article', () => {
  it('comments and replies, oldest first with replies under their comment; counts, points and messages follow', async () => {
    const first = await api('/topic/articleCommentAdd', { ttar_id: articleId, tpc_content: 'First!' }, reader);
    expect(first.statusCode, first.body).toBe(200);
    const firstId = Number(first.json().data.tpc_id);
    expect(first.json().data).toMatchObject({ ttar_id: articleId, tpc_parent_id: null, is_mine: true });
    const second = await api('/topic/articleCommentAdd', { ttar_id: articleId, tpc_content: 'Second' }, other);
    const reply = await api(
      '/topic/articleCommentAdd',
      { ttar_id: articleId, tpc_content: 'A reply', tpc_parent_id: firstId },
      author,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    // A reply to a reply stays on the second level and names whom it answers.
    const deeper = await api(
      '/topic/articleCommentAdd',
      { ttar_id: articleId, tpc_content: 'Reply to the reply', tpc_parent_id: Number(reply.json().data.tpc_id) },
      reader,
    );
    expect(deeper.json().data).toMatchObject({ tpc_parent_id: firstId, reply_to: { user_id: author.id } });

    const list = await api('/topic/articleCommentList', { ttar_id: articleId }, reader);
    expect(list.statusCode).toBe(200);
    const top = list.json().data.list as Array<{
      tpc_id: number;
      reply_count: number;
      replies: Array<{ tpc_content: string }>;
    }>;
    expect(top.map((c) => c.tpc_id)).toEqual([firstId, Number(second.json().data.tpc_id)]);
    expect(top[0]!.reply_count).toBe(2);
    expect(top[0]!.replies.map((r) => r.tpc_content)).toEqual(['A reply', 'Reply to the reply']);
    expect(await commentCount(articleId)).toBe(4);
    const info = await api('/topic/articleInfo', { ttar_id: articleId }, reader);
    expect(info.json().data.comment_count).toBe(4);

    const points = await db()
      .selectFrom('points_ledger')
      .select(['rule', 'source_kind'])
      .where('user_id', '=', reader.id)
      .where('source_kind', '=', 'article_comment')
      .execute();
    expect(points).toHaveLength(2);
    const messages = await db()
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', author.id)
      .where('kind', '=', 'article_commented')
      .execute();
    expect(messages).toHaveLength(2);

    const like = await api('/topic/articleCommentLike', { tpc_id: firstId }, other);
    expect(like.json().data).toEqual({ is_liked: true, like_count: 1 });
  });

  it('the author deletes their own comment (its replies leave with it, its point goes back); another’s is 403', async () => {
    const mine = await api('/topic/articleCommentAdd', { ttar_id: articleId, tpc_content: 'Mine' }, other);
    const id = Number(mine.json().data.tpc_id);
    await api('/topic/articleCommentAdd', { ttar_id: articleId, tpc_content: 'Under it', tpc_parent_id: id }, reader);
    const before = await commentCount(articleId);

    const refused = await api('/topic/articleCommentDelete', { tpc_id: id }, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).not.toBe(200);
    expect(await commentCount(articleId)).toBe(before);

    const visitor = await api('/topic/articleCommentDelete', { tpc_id: id });
    expect(visitor.statusCode).toBe(401);

    const removed = await api('/topic/articleCommentDelete', { tpc_id: id }, other);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await commentCount(articleId)).toBe(before - 2);
    const list = await api('/topic/articleCommentList', { ttar_id: articleId });
    expect((list.json().data.list as Array<{ tpc_id: number }>).map((c) => c.tpc_id)).not.toContain(id);
    const ledger = await db()
      .selectFrom('points_ledger')
      .select('amount')
      .where('source_kind', '=', 'article_comment')
      .where('source_id', '=', id)
      .execute();
    expect(ledger.map((r) => r.amount).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('a host of the article’s topic deletes anyone’s comment, audited, and its author’s point goes back', async () => {
    const theirs = await api('/topic/articleCommentAdd', { ttar_id: articleId, tpc_content: 'Off topic' }, reader);
    const id = Number(theirs.json().data.tpc_id);
    expect((await api('/topic/articleCommentDelete', { tpc_id: id }, other)).statusCode).toBe(403);
    expect((await api('/topic/articleInfo', { ttar_id: articleId }, host)).json().data.can_moderate).toBe(true);
    expect((await api('/topic/articleInfo', { ttar_id: articleId }, reader)).json().data.can_moderate).toBe(false);
    const removed = await api('/topic/articleCommentDelete', { tpc_id: id }, host);
    expect(removed.statusCode, removed.body).toBe(200);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'target_kind'])
      .where('action', '=', 'comment.delete')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit).toEqual([{ actor_id: host.id, target_kind: 'comment' }]);
    const ledger = await db()
      .selectFrom('points_ledger')
      .select(['user_id', 'amount'])
      .where('source_kind', '=', 'article_comment')
      .where('source_id', '=', id)
      .execute();
    expect(ledger.every((r) => r.user_id === reader.id)).toBe(true);
    expect(ledger.reduce((sum, r) => sum + r.amount, 0)).toBe(0);
  });

  it('a pending article takes no comments (404) and a visitor may not comment (401)', async () => {
    const pending = await api('/topic/articleCommentAdd', { ttar_id: pendingId, tpc_content: 'Too soon' }, reader);
    expect(pending.statusCode).toBe(404);
    const visitor = await api('/topic/articleCommentAdd', { ttar_id: articleId, tpc_content: 'Hi' });
    expect(visitor.statusCode).toBe(401);
    const blank = await api('/topic/articleCommentAdd', { ttar_id: articleId, tpc_content: '   ' }, reader);
    expect(blank.statusCode).toBe(400);
    // Its author still reads its (empty) thread on the preview.
    const preview = await api('/topic/articleCommentList', { ttar_id: pendingId }, author);
    expect(preview.statusCode).toBe(200);
    expect((await api('/topic/articleCommentList', { ttar_id: pendingId }, reader)).statusCode).toBe(404);
  });

  it('keeps every XSS payload as plain text, exactly as written', async () => {
    const texts = XSS_CORPUS.map((p) => p.html.trim()).filter((text) => text.length > 0 && text.length <= 5000);
    for (const text of texts.slice(0, 40)) {
      const res = await api('/topic/articleCommentAdd', { ttar_id: articleId, tpc_content: text }, author);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.tpc_content).toBe(text.replace(/\r\n?/g, '\n'));
    }
  });
});
