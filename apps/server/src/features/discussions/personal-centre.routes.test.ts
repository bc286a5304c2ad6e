import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { makeTopic, staffTestApp } from '../../../test/roles-harness';
import { postDictionaries, postForm, setPostReview, type SiteDictionaries } from '../../../test/discussions-harness';

/**
 * The personal centre's lists (issue 22 item 4) that are not the author's own items: favourite posts
 * and articles, follows and fans, interactions. No call ever answers another member's private items:
 * each reads the session's member only, and only public posts, articles and comments.
 */

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let enDict: SiteDictionaries;

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  enDict = await postDictionaries(t.database.db, 2);
  await postDictionaries(t.database.db, 1);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const api = (site: Site, path: string, body: unknown, as?: TestMember) =>
  h.call(site, path, body, { ...(as ? { as } : {}), ip: h.freshIp() });
const ok = async (site: Site, path: string, body: unknown, as: TestMember) => {
  const res = await api(site, path, body, as);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json().data;
};

async function publish(as: TestMember, extra: Record<string, unknown> = {}) {
  return (await ok('protal_en', '/api/post/add', postForm(enDict, extra), as)) as { tp_id: number; status: number };
}

/** Every page of a paged call, following next_cursor. */
async function allPages<T>(path: string, body: Record<string, unknown>, as: TestMember, limit = 2): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const data = await ok('protal_en', path, { ...body, limit, ...(cursor ? { cursor } : {}) }, as);
    rows.push(...(data.list as T[]));
    if (!data.next_cursor) return rows;
    cursor = data.next_cursor;
  }
  throw new Error('more than 50 pages');
}

const MEMBER_CALLS = [
  ['/api/post/myFavourites', {}],
  ['/api/post/myInteractions', { kind: 'likes' }],
  ['/api/post/mine', { tp_type: 20 }],
  ['/api/topic/articleMyFavourites', {}],
  ['/api/topic/articleMyInteractions', {}],
  ['/userfollow/myFollows', {}],
  ['/userfollow/myFans', {}],
] as const;

describe('the personal centre calls', () => {
  it('answer 401 without a session, on both sites', async () => {
    for (const site of ['protal', 'protal_en'] as const) {
      for (const [path, body] of MEMBER_CALLS) {
        const res = await api(site, path, body);
        expect(res.statusCode, path).toBe(401);
        expect(res.json(), path).toMatchObject({ status: 401, data: null });
      }
    }
  });

  it('refuse a bad kind, limit, cursor or an unknown field with 400/40001 naming it', async () => {
    const m = await h.readyMember('Bad Input');
    const kind = await api('protal', '/api/post/myInteractions', { kind: 'views' }, m);
    expect(kind.statusCode).toBe(400);
    const reason = translate('zh', 'discuss.rules.interactionKindInvalid');
    expect(kind.json()).toMatchObject({
      status: 40001,
      msg: translate('zh', 'errors.validation', { field: 'kind', reason }),
      data: { field: 'kind' },
    });
    const type = await api('protal_en', '/api/post/mine', { tp_type: 30 }, m);
    expect(type.json()).toMatchObject({ status: 40001, data: { field: 'tp_type' } });
    for (const [path, body] of MEMBER_CALLS) {
      for (const [bad, field] of [
        [{ limit: 0 }, 'limit'],
        [{ limit: 51 }, 'limit'],
        [{ cursor: 'not-a-cursor' }, 'cursor'],
        [{ user_id: 1 }, undefined],
      ] as const) {
        const res = await api('protal_en', path, { ...body, ...bad }, m);
        expect(res.statusCode, `${path} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.json().status).toBe(40001);
        if (field) expect(res.json().data.field, path).toBe(field);
      }
    }
  });
});

describe('favourites', () => {
  it("list only the member's own favourites of public posts and articles, keyset paged, latest first", async () => {
    const [author, fan, other] = [
      await h.readyMember('Fav Author'),
      await h.readyMember('Fav Fan'),
      await h.readyMember('Fav Other'),
    ];
    const posts: number[] = [];
    for (let i = 0; i < 5; i++) posts.push((await publish(author, { tp_title: `Fav post ${i}` })).tp_id);
    for (const id of posts) await ok('protal_en', '/api/post/favourite', { tp_id: id }, fan);
    await ok('protal_en', '/api/post/favourite', { tp_id: posts[0] }, other);
    const listed = await allPages<{ tp_id: number; author: { user_id: number } }>('/api/post/myFavourites', {}, fan);
    expect(listed.map((p) => p.tp_id)).toEqual([...posts].reverse());
    expect(listed[0]!.author.user_id).toBe(author.id);
    // The other member's favourites are theirs alone.
    expect((await allPages<{ tp_id: number }>('/api/post/myFavourites', {}, other)).map((p) => p.tp_id)).toEqual([
      posts[0],
    ]);
    // A post its author deletes, or a moderator hides, leaves the list.
    await ok('protal_en', '/api/post/delete', { tp_id: posts[1] }, author);
    await db().updateTable('posts').set({ hidden: 1 }).where('id', '=', posts[2]!).execute();
    const after = await allPages<{ tp_id: number }>('/api/post/myFavourites', {}, fan, 10);
    expect(after.map((p) => p.tp_id)).toEqual([posts[4], posts[3], posts[0]]);
  });

  it('list favourite topic articles while they are public, never a withdrawn one', async () => {
    const topic = await makeTopic(db(), 2, 'Object storage');
    const [author, fan] = [await h.readyMember('Article Author'), await h.readyMember('Article Fan')];
    const now = Date.now();
    const add = async (title: string) =>
      (
        await db()
          .insertInto('topic_articles')
          .values({
            site_id: 2,
            topic_id: topic,
            author_id: author.id,
            title,
            content_html: '<p>x</p>',
            status: 20,
            published_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ids = [await add('First'), await add('Second'), await add('Third')];
    for (const id of ids) await ok('protal_en', '/api/topic/articleFavourite', { ttar_id: id }, fan);
    const listed = await allPages<{ ttar_id: number; tt_title: string }>('/api/topic/articleMyFavourites', {}, fan);
    expect(listed.map((a) => a.ttar_id)).toEqual([...ids].reverse());
    expect(listed[0]!.tt_title).toBe('Object storage');
    await db().updateTable('topic_articles').set({ status: 10 }).where('id', '=', ids[1]!).execute();
    const after = await allPages<{ ttar_id: number }>('/api/topic/articleMyFavourites', {}, fan);
    expect(after.map((a) => a.ttar_id)).toEqual([ids[2], ids[0]]);
    expect(await allPages('/api/topic/articleMyFavourites', {}, author)).toEqual([]);
  });
});

describe('my posts and questions', () => {
  it("list the member's own in every status, filtered by type, never another member's", async () => {
    const [me, other] = [await h.readyMember('Creator'), await h.readyMember('Creator Other')];
    await setPostReview(db(), 2, true);
    try {
      const pending = await publish(me, { tp_title: 'Pending question', tp_type: 20 });
      const withdrawn = await publish(me, { tp_title: 'Withdrawn question', tp_type: 20 });
      await ok('protal_en', '/api/post/withdraw', { tp_id: withdrawn.tp_id }, me);
      const discussion = await publish(me, { tp_title: 'A discussion' });
      await publish(other, { tp_title: 'Not mine', tp_type: 20 });
      const questions = await allPages<{ tp_id: number; status: number }>('/api/post/mine', { tp_type: 20 }, me, 1);
      expect(questions.map((p) => [p.tp_id, p.status])).toEqual([
        [withdrawn.tp_id, 40],
        [pending.tp_id, 10],
      ]);
      const discussions = await allPages<{ tp_id: number }>('/api/post/mine', { tp_type: 10 }, me);
      expect(discussions.map((p) => p.tp_id)).toEqual([discussion.tp_id]);
    } finally {
      await setPostReview(db(), 2, false);
    }
  });
});

describe('follows and fans', () => {
  it('list whom the member follows and their fans, with follow back, keyset paged', async () => {
    const me = await h.readyMember('Followed');
    const fans: TestMember[] = [];
    for (let i = 0; i < 4; i++) fans.push(await h.readyMember(`Fan ${i}`));
    for (const fan of fans) await ok('protal_en', '/userfollow/add', { user_id: me.id }, fan);
    // The member follows one fan back, and someone who does not follow them.
    const stranger = await h.readyMember('Stranger');
    await ok('protal_en', '/userfollow/add', { user_id: fans[1]!.id }, me);
    await ok('protal_en', '/userfollow/add', { user_id: stranger.id }, me);

    type Row = { user_id: number; have_be_follow: number; follows_me: number };
    const myFans = await allPages<Row>('/userfollow/myFans', {}, me, 3);
    expect(myFans.map((r) => r.user_id)).toEqual(fans.map((f) => f.id).reverse());
    expect(myFans.find((r) => r.user_id === fans[1]!.id)).toMatchObject({ have_be_follow: 1, follows_me: 1 });
    expect(myFans.find((r) => r.user_id === fans[0]!.id)).toMatchObject({ have_be_follow: 0, follows_me: 1 });
    const myFollows = await allPages<Row>('/userfollow/myFollows', {}, me);
    expect(myFollows.map((r) => [r.user_id, r.have_be_follow, r.follows_me])).toEqual([
      [stranger.id, 1, 0],
      [fans[1]!.id, 1, 1],
    ]);

    // Following back from the fans list is the follow call; the list then says so.
    await ok('protal_en', '/userfollow/add', { user_id: fans[0]!.id }, me);
    const again = await allPages<Row>('/userfollow/myFans', {}, me, 10);
    expect(again.find((r) => r.user_id === fans[0]!.id)).toMatchObject({ have_be_follow: 1 });

    // A banned member leaves both lists; the stranger's lists are the stranger's.
    await db().updateTable('users').set({ status: 0 }).where('id', '=', fans[3]!.id).execute();
    expect((await allPages<Row>('/userfollow/myFans', {}, me, 10)).map((r) => r.user_id)).not.toContain(fans[3]!.id);
    expect((await allPages<Row>('/userfollow/myFans', {}, stranger)).map((r) => r.user_id)).toEqual([me.id]);
    expect(await allPages<Row>('/userfollow/myFollows', {}, stranger)).toEqual([]);
  });
});

describe('interactions', () => {
  it('list comments, answers, likes and accepted answers by others, never hidden or private ones', async () => {
    const [me, alice, bob] = [
      await h.readyMember('Interacted'),
      await h.readyMember('Alice'),
      await h.readyMember('Bob'),
    ];
    const discussion = (await publish(me, { tp_title: 'My discussion' })).tp_id;
    const question = (await publish(me, { tp_title: 'My question', tp_type: 20 })).tp_id;
    const theirs = (await publish(alice, { tp_title: "Alice's question", tp_type: 20 })).tp_id;
    const comment = async (as: TestMember, tp_id: number, text: string, parent?: number) =>
      (
        (await ok(
          'protal_en',
          '/api/comment/add',
          { tp_id, tpc_content: text, ...(parent ? { tpc_parent_id: parent } : {}) },
          as,
        )) as { tpc_id: number }
      ).tpc_id;

    const onDiscussion = await comment(alice, discussion, 'Nice discussion');
    const ownComment = await comment(me, discussion, 'My own comment');
    const replyToMe = await comment(bob, discussion, 'Replying to you', ownComment);
    // A reply to the member's reply under someone else's comment names the member (the third way).
    const myReply = await comment(me, discussion, 'Agreed', onDiscussion);
    const namingMe = await comment(bob, discussion, 'You are right', myReply);
    const answer = await comment(bob, question, 'An answer');
    const hiddenAnswer = await comment(alice, question, 'Hidden answer');
    await db().updateTable('post_comments').set({ hidden: 1 }).where('id', '=', hiddenAnswer).execute();
    const myAnswer = await comment(me, theirs, 'My answer');
    await ok('protal_en', '/api/post/acceptAnswer', { tp_id: theirs, tpc_id: myAnswer }, alice);
    await ok('protal_en', '/api/post/like', { tp_id: discussion }, alice);
    await ok('protal_en', '/api/post/like', { tp_id: discussion }, bob);
    await ok('protal_en', '/api/post/like', { tp_id: discussion }, me);
    await ok('protal_en', '/api/comment/like', { tpc_id: ownComment }, alice);
    await ok('protal_en', '/api/comment/like', { tpc_id: onDiscussion }, bob);

    type Row = {
      kind: string;
      target: string;
      tp_id: number;
      tpc_id: number | null;
      excerpt: string;
      actor: { user_id: number };
    };
    const kind = (k: string, as: TestMember = me) => allPages<Row>('/api/post/myInteractions', { kind: k }, as, 1);

    const comments = await kind('comments');
    expect(comments.map((r) => [r.tpc_id, r.actor.user_id, r.target])).toEqual([
      [namingMe, bob.id, 'comment'],
      [replyToMe, bob.id, 'comment'],
      [onDiscussion, alice.id, 'post'],
    ]);
    expect(comments[2]!.excerpt).toBe('Nice discussion');
    const answers = await kind('answers');
    expect(answers.map((r) => [r.tpc_id, r.actor.user_id])).toEqual([[answer, bob.id]]);
    const likes = await kind('likes');
    expect(likes.map((r) => [r.target, r.tp_id, r.tpc_id, r.actor.user_id])).toEqual([
      ['comment', discussion, ownComment, alice.id],
      ['post', discussion, null, bob.id],
      ['post', discussion, null, alice.id],
    ]);
    expect(new Set(likes.map((r) => (r as unknown as { key: string }).key)).size).toBe(3);
    const accepted = await kind('accepted');
    expect(accepted.map((r) => [r.tp_id, r.tpc_id, r.actor.user_id])).toEqual([[theirs, myAnswer, alice.id]]);

    // Alice's interactions are hers: Bob's like of her comment, nothing of the member's.
    expect((await kind('likes', alice)).map((r) => r.tpc_id)).toEqual([onDiscussion]);
    expect(await kind('accepted', alice)).toEqual([]);

    // Once the discussion is hidden by a moderator, nothing of it is listed.
    await db().updateTable('posts').set({ hidden: 1 }).where('id', '=', discussion).execute();
    expect(await kind('comments')).toEqual([]);
    expect((await kind('likes')).length).toBe(0);
  });
});

describe('interactions on topic articles', () => {
  it('list comments on the member’s articles and replies to the member’s comments, by keyset, never private or own ones', async () => {
    const topic = await makeTopic(db(), 2, 'Backup');
    const [me, alice, bob] = [
      await h.readyMember('Article Writer'),
      await h.readyMember('Article Alice'),
      await h.readyMember('Article Bob'),
    ];
    const now = Date.now();
    const article = async (author: TestMember, title: string, status = 20) =>
      Number(
        (
          await db()
            .insertInto('topic_articles')
            .values({
              site_id: 2,
              topic_id: topic,
              author_id: author.id,
              title,
              content_html: '<p>x</p>',
              status,
              published_at: status === 20 ? now : null,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const mine = await article(me, 'My tiering notes');
    const theirs = await article(alice, 'Alice on snapshots');
    const comment = async (as: TestMember, ttar_id: number, text: string, parent?: number) =>
      Number(
        (
          await ok(
            'protal_en',
            '/api/topic/articleCommentAdd',
            { ttar_id, tpc_content: text, ...(parent ? { tpc_parent_id: parent } : {}) },
            as,
          )
        ).tpc_id,
      );
    const onMine = await comment(alice, mine, 'Great notes');
    const ownOnMine = await comment(me, mine, 'My own comment: never listed');
    const myComment = await comment(me, theirs, 'I disagree');
    const replyToMe = await comment(bob, theirs, 'Why?', myComment);
    const replyToAlice = await comment(bob, theirs, 'Not to the writer', await comment(alice, theirs, 'Alice’s'));
    const underMineNamingAlice = await comment(bob, mine, 'To Alice', await comment(alice, mine, 'Reply', onMine));
    // A reply to the member's own comment on their own article, by another member.
    const replyOnMine = await comment(bob, mine, 'Under yours', ownOnMine);

    type Row = {
      tpc_id: number;
      target: string;
      ttar_id: number;
      ttar_title: string;
      actor: { user_id: number };
      excerpt: string;
    };
    const listed = await allPages<Row>('/api/topic/articleMyInteractions', {}, me, 2);
    expect(listed.map((r) => [r.tpc_id, r.target, r.actor.user_id])).toEqual([
      [replyOnMine, 'comment', bob.id],
      [replyToMe, 'comment', bob.id],
      [onMine, 'article', alice.id],
    ]);
    expect(listed[2]).toMatchObject({ ttar_id: mine, ttar_title: 'My tiering notes', excerpt: 'Great notes' });
    expect(listed.map((r) => r.tpc_id)).not.toContain(replyToAlice);
    expect(listed.map((r) => r.tpc_id)).not.toContain(underMineNamingAlice);

    // Alice sees hers (my comment on her article, Bob's replies to her on both articles), none of mine.
    const hers = async () =>
      (await allPages<Row>('/api/topic/articleMyInteractions', {}, alice, 10)).map((r) => r.tpc_id);
    expect(await hers()).toEqual([underMineNamingAlice, replyToAlice, myComment]);

    // A deleted comment leaves; so does everything on an article once it is no longer public.
    await ok('protal_en', '/api/topic/articleCommentDelete', { tpc_id: replyToMe }, bob);
    expect((await allPages<Row>('/api/topic/articleMyInteractions', {}, me, 10)).map((r) => r.tpc_id)).toEqual([
      replyOnMine,
      onMine,
    ]);
    await db().updateTable('topic_articles').set({ status: 10 }).where('id', '=', mine).execute();
    expect(await allPages('/api/topic/articleMyInteractions', {}, me, 10)).toEqual([]);
    // Bob's reply to Alice under my article left with it.
    expect(await hers()).toEqual([replyToAlice, myComment]);

    const forged = await api('protal_en', '/api/topic/articleMyInteractions', { cursor: '!!' }, me);
    expect(forged.statusCode).toBe(400);
  });
});
