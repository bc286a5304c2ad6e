import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STORAGE } from '@portal/contracts/ssr';
import type { TestApp } from '../../../test/test-app';
import { translate } from '../../lib/i18n';
import { sanitizeRichText } from '../../lib/sanitize';
import { inertProblems, XSS_CORPUS } from '../../lib/xss-corpus.test-support';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { grantDirectly, makeStaff, makeTopic, staffCall, staffTestApp } from '../../../test/roles-harness';

// Topic articles (issue 19, items 1–5) through the real calls, on SQLite and on PostgreSQL.
let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
/** Topic A exists on both sites (linked versions); topic B on the Chinese site only. */
let topicA: { zh: number; en: number };
let topicB: number;
let hostA: TestMember;
let hostB: TestMember;
let admin: TestMember;

const db = () => t.database.db;
const siteIdOf = (site: Site) => (site === 'protal' ? 1 : 2);
const lang = (site: Site) => (site === 'protal' ? 'zh' : 'en');

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  topicA = { zh: await makeTopic(db(), 1, '分布式存储'), en: await makeTopic(db(), 2, 'Distributed storage') };
  await db()
    .updateTable('topics')
    .set({ lang_group_id: topicA.zh })
    .where('id', 'in', [topicA.zh, topicA.en])
    .execute();
  topicB = await makeTopic(db(), 1, '对象存储');
  hostA = await member('protal', 'Host A');
  await grantDirectly(db(), hostA.id, 'topic_host', 1, topicA.zh);
  await grantDirectly(db(), hostA.id, 'topic_host', 2, topicA.en);
  hostB = await member('protal', 'Host B');
  await grantDirectly(db(), hostB.id, 'topic_host', 1, topicB);
  admin = await makeStaff(h);
});
afterAll(async () => t?.close());

const member = (site: Site = 'protal', nick = 'Writer') => h.readyMember(nick, site);

const api = (site: Site, path: string, body: unknown, as?: TestMember) =>
  h.call(site, `/api${path}`, body, { ...(as ? { as } : {}), ip: h.freshIp() });

/** `/api/topic/articleAdd` has no site in its path (spec 7): the siteData cookie names it. */
const addArticle = (site: Site, body: unknown, as?: TestMember) =>
  t.call('/api/topic/articleAdd', body, {
    headers: {
      cookie: [`${CLIENT_STORAGE.siteDataCookie}=${siteIdOf(site)}`, ...(as ? [`accessToken=${as.token}`] : [])].join(
        '; ',
      ),
      'x-forwarded-for': h.freshIp(),
    },
  });

const form = (site: Site, extra: Record<string, unknown> = {}) => ({
  ttar_title: 'Erasure coding on a budget',
  tt_id: site === 'protal' ? topicA.zh : topicA.en,
  ttar_source: 10,
  ttar_content: '<p>Six data and three parity shards.</p>',
  ...extra,
});

async function submit(as: TestMember, site: Site = 'protal', extra: Record<string, unknown> = {}) {
  const res = await addArticle(site, form(site, extra), as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { ttar_id: number; status: number; linked: Array<{ tws_id: number; ttar_id: number }> };
}

const articleRow = (id: number) =>
  db().selectFrom('topic_articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function reviewIdOf(articleId: number) {
  const row = await db()
    .selectFrom('review_items')
    .select(['id', 'status', 'site_id'])
    .where('kind', '=', 'article')
    .where('item_id', '=', articleId)
    .executeTakeFirstOrThrow();
  return row;
}

async function decide(site: Site, as: TestMember, articleId: number, decision: 'approve' | 'reject', reason?: string) {
  const review = await reviewIdOf(articleId);
  return staffCall(h, site, '/admin/review/decide', { ids: [review.id], decision, ...(reason ? { reason } : {}) }, as);
}

const pointsOf = async (userId: number) =>
  (await db().selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow()).points;

const counts = async () => ({
  articles: Number(
    (
      await db()
        .selectFrom('topic_articles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  reviews: Number(
    (
      await db()
        .selectFrom('review_items')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe('articleAdd: the topic article form of spec 5, on both sites', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['blank title', { ttar_title: '   ' }, 'ttar_title', 'topicForm.titleInvalid'],
    ['missing title', { ttar_title: undefined }, 'ttar_title', 'topicForm.titleInvalid'],
    ['title too long', { ttar_title: 'x'.repeat(101) }, 'ttar_title', 'topics.rules.titleTooLong'],
    ['missing topic', { tt_id: undefined }, 'tt_id', 'topicForm.topicRequired'],
    ['unknown topic', { tt_id: 999_999 }, 'tt_id', 'topicForm.topicRequired'],
    ['blank content', { ttar_content: '<p>&nbsp; <br></p>  \n' }, 'ttar_content', 'topicForm.contentInvalid'],
    ['missing content', { ttar_content: undefined }, 'ttar_content', 'topicForm.contentInvalid'],
    [
      'content only a script',
      { ttar_content: '<script>alert(1)</script>' },
      'ttar_content',
      'topicForm.contentInvalid',
    ],
    ['reprint without its original', { ttar_source: 20 }, 'ttar_source_url', 'topicForm.sourceUrlInvalid'],
    [
      'reprint naming a javascript: URL',
      { ttar_source: 20, ttar_source_url: 'javascript:alert(1)' },
      'ttar_source_url',
      'topicForm.sourceUrlInvalid',
    ],
    ['unknown source', { ttar_source: 77 }, 'ttar_source', 'topics.api.sourceNotFound'],
    ['other_lang not a list', { other_lang: 2 }, 'other_lang', 'topics.rules.otherLangInvalid'],
    ['other_lang naming this site', { other_lang: [1] }, 'other_lang', 'topics.api.otherLangUnknown'],
  ];
  for (const [name, change, field, key] of cases) {
    it(`protal and protal_en: ${name} → 400/40001 naming ${field}, nothing written`, async () => {
      for (const site of ['protal', 'protal_en'] as const) {
        const m = await member(site);
        const before = await counts();
        const body: Record<string, unknown> = { ...form(site), ...change };
        if (site === 'protal_en' && name === 'other_lang naming this site') body.other_lang = [2];
        const res = await addArticle(site, body, m);
        expect(res.statusCode, res.body).toBe(400);
        const json = res.json() as { status: number; msg: string; data: { field: string } };
        expect(json.status).toBe(40001);
        expect(json.data.field).toBe(field);
        expect(json.msg).toContain(translate(lang(site), key));
        expect(await counts()).toEqual(before);
      }
    });
  }

  it("says spec 5's messages word for word", () => {
    expect(translate('en', 'topicForm.titleInvalid')).toBe('Please fill in the correct post title.');
    expect(translate('en', 'topicForm.contentInvalid')).toBe('Please fill in the correct article content.');
  });

  it('refuses a visitor (401) and an unknown field (400), writing nothing', async () => {
    const before = await counts();
    expect((await addArticle('protal', form('protal'))).statusCode).toBe(401);
    const m = await member();
    const res = await addArticle('protal', { ...form('protal'), extra: 1 }, m);
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses other_lang when the topic has no version on the other site, writing nothing', async () => {
    const m = await member();
    const before = await counts();
    const res = await addArticle('protal', { ...form('protal'), tt_id: topicB, other_lang: [2] }, m);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { data: { field: string } }).data.field).toBe('other_lang');
    expect(await counts()).toEqual(before);
  });
});

describe('articleAdd: submission into the review queue', () => {
  it('submits as pending, on the siteData cookie’s site, with an expert’s is_expert 20', async () => {
    const m = await member('protal_en');
    await db().updateTable('users').set({ user_expert: 20 }).where('id', '=', m.id).execute();
    const added = await submit(m, 'protal_en');
    expect(added.status).toBe(10);
    const row = await articleRow(added.ttar_id);
    expect(row).toMatchObject({ site_id: 2, topic_id: topicA.en, status: 10, is_expert: 20, source_url: '' });
    expect(await reviewIdOf(added.ttar_id)).toMatchObject({ status: 10, site_id: 2 });
    // Not public while pending: others get 404, the author a preview.
    expect((await api('protal_en', '/topic/articleInfo', { ttar_id: added.ttar_id })).statusCode).toBe(404);
    const own = await api('protal_en', '/topic/articleInfo', { ttar_id: added.ttar_id }, m);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ is_preview: true, is_mine: true, status: 10 });
  });

  it('keeps a reprint’s original URL and shows it on the article', async () => {
    const m = await member();
    const url = 'https://example.com/original/article';
    const added = await submit(m, 'protal', { ttar_source: 20, ttar_source_url: url });
    expect((await articleRow(added.ttar_id)).source_url).toBe(url);
    expect((await decide('protal', hostA, added.ttar_id, 'approve')).statusCode).toBe(200);
    const info = await api('protal', '/topic/articleInfo', { ttar_id: added.ttar_id });
    expect(info.json().data).toMatchObject({ ttar_source: 20, ttar_source_url: url });
  });

  it('other_lang creates the linked version in the topic’s version on the other site, each reviewed on its own site', async () => {
    const m = await member();
    const added = await submit(m, 'protal', { other_lang: [2] });
    expect(added.linked).toHaveLength(1);
    const [version] = added.linked;
    expect(version!.tws_id).toBe(2);
    const main = await articleRow(added.ttar_id);
    const other = await articleRow(version!.ttar_id);
    expect(other).toMatchObject({ site_id: 2, topic_id: topicA.en, status: 10, title: main.title });
    expect(main.lang_group_id).toBe(added.ttar_id);
    expect(other.lang_group_id).toBe(added.ttar_id);
    expect((await reviewIdOf(version!.ttar_id)).site_id).toBe(2);

    // Approving the Chinese one leaves the English one pending: each site decides its own.
    expect((await decide('protal', hostA, added.ttar_id, 'approve')).statusCode).toBe(200);
    expect((await articleRow(version!.ttar_id)).status).toBe(10);
    const zh = await api('protal', '/topic/articleInfo', { ttar_id: added.ttar_id });
    expect(zh.json().data.linked).toEqual([]);
    expect((await decide('protal_en', hostA, version!.ttar_id, 'approve')).statusCode).toBe(200);
    const zhAgain = await api('protal', '/topic/articleInfo', { ttar_id: added.ttar_id });
    expect(zhAgain.json().data.linked).toEqual([{ tws_id: 2, ttar_id: version!.ttar_id, lang: 'en' }]);
  });
});

describe('review by the topic’s hosts', () => {
  it('a host of topic B cannot decide topic A’s articles (403); topic A’s host and an admin can', async () => {
    const m = await member();
    const first = await submit(m);
    const refused = await decide('protal', hostB, first.ttar_id, 'approve');
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await articleRow(first.ttar_id)).status).toBe(10);
    // Host B's queue does not even list it; host A's does.
    const listB = await staffCall(h, 'protal', '/admin/review/list', { kind: 'article' }, hostB);
    expect(listB.statusCode, listB.body).toBe(200);
    expect((listB.json().data.list as Array<{ item_id: number }>).map((i) => i.item_id)).not.toContain(first.ttar_id);
    const listA = await staffCall(h, 'protal', '/admin/review/list', { kind: 'article' }, hostA);
    expect((listA.json().data.list as Array<{ item_id: number }>).map((i) => i.item_id)).toContain(first.ttar_id);

    expect((await decide('protal', hostA, first.ttar_id, 'approve')).statusCode).toBe(200);
    const second = await submit(m);
    expect((await decide('protal', admin, second.ttar_id, 'reject', 'Off topic')).statusCode).toBe(200);
    expect((await articleRow(second.ttar_id)).status).toBe(30);
  });

  it('a plain member gets 403 from the queue', async () => {
    const m = await member();
    expect((await staffCall(h, 'protal', '/admin/review/list', {}, m)).statusCode).toBe(403);
  });

  it('approval publishes it in its topic, messages the author and awards the points once', async () => {
    const m = await member();
    const before = await pointsOf(m.id);
    const added = await submit(m, 'protal', { ttar_title: 'Approved once' });
    const countBefore = (
      await db().selectFrom('topics').select('article_count').where('id', '=', topicA.zh).executeTakeFirstOrThrow()
    ).article_count;
    expect((await decide('protal', hostA, added.ttar_id, 'approve')).statusCode).toBe(200);
    expect(await pointsOf(m.id)).toBe(before + 20);
    const topic = await db()
      .selectFrom('topics')
      .select('article_count')
      .where('id', '=', topicA.zh)
      .executeTakeFirstOrThrow();
    expect(topic.article_count).toBe(countBefore + 1);
    const messages = await db().selectFrom('messages').select(['kind', 'url']).where('user_id', '=', m.id).execute();
    expect(messages).toContainEqual({ kind: 'review_approved', url: `/cn/subject/article/${added.ttar_id}` });
    const list = await api('protal', '/topic/articles', { tt_id: topicA.zh });
    expect((list.json().data.list as Array<{ ttar_id: number }>).map((a) => a.ttar_id)).toContain(added.ttar_id);

    // Edited and approved again: still once.
    const edit = await api('protal', '/topic/articleEdit', { ttar_id: added.ttar_id, ...form('protal') }, m);
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await articleRow(added.ttar_id)).status).toBe(10);
    expect((await decide('protal', hostA, added.ttar_id, 'approve')).statusCode).toBe(200);
    expect(await pointsOf(m.id)).toBe(before + 20);
  });

  it('a rejected article carries its reason to the author and can be edited and resubmitted', async () => {
    const m = await member();
    const added = await submit(m);
    expect((await decide('protal', hostA, added.ttar_id, 'reject', 'Needs sources')).statusCode).toBe(200);
    const own = await api('protal', '/topic/articleInfo', { ttar_id: added.ttar_id }, m);
    expect(own.json().data).toMatchObject({ status: 30, review_reason: 'Needs sources' });
    const msg = await db().selectFrom('messages').select('kind').where('user_id', '=', m.id).execute();
    expect(msg.map((x) => x.kind)).toContain('review_rejected');
    const edit = await api('protal', '/topic/articleEdit', { ttar_id: added.ttar_id, ...form('protal') }, m);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.status).toBe(10);
    expect((await reviewIdOf(added.ttar_id)).status).toBe(10);
  });
});

describe('withdraw, edit and delete by the author', () => {
  it('withdraws only while pending; a withdrawn article can be edited and resubmitted', async () => {
    const m = await member();
    const other = await member();
    const added = await submit(m);
    expect((await api('protal', '/topic/articleWithdraw', { ttar_id: added.ttar_id }, other)).statusCode).toBe(403);
    const first = await api('protal', '/topic/articleWithdraw', { ttar_id: added.ttar_id }, m);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ ttar_id: added.ttar_id, status: 40 });
    expect((await reviewIdOf(added.ttar_id)).status).toBe(40);
    // Withdrawn already: refused (201), nothing changes.
    const again = await api('protal', '/topic/articleWithdraw', { ttar_id: added.ttar_id }, m);
    expect(again.json().status).toBe(201);
    // A host cannot decide a withdrawn article.
    expect((await decide('protal', hostA, added.ttar_id, 'approve')).json().data?.decided ?? 0).toBe(0);
    expect((await articleRow(added.ttar_id)).status).toBe(40);

    const edit = await api('protal', '/topic/articleEdit', { ttar_id: added.ttar_id, ...form('protal') }, m);
    expect(edit.json().data.status).toBe(10);
    expect((await decide('protal', hostA, added.ttar_id, 'approve')).statusCode).toBe(200);
    // Approved: no longer withdrawable.
    const late = await api('protal', '/topic/articleWithdraw', { ttar_id: added.ttar_id }, m);
    expect(late.json().status).toBe(201);
    expect((await articleRow(added.ttar_id)).status).toBe(20);
  });

  it('deleting an approved article takes its points back and takes it out of its topic', async () => {
    const m = await member();
    const before = await pointsOf(m.id);
    const added = await submit(m);
    await decide('protal', hostA, added.ttar_id, 'approve');
    expect(await pointsOf(m.id)).toBe(before + 20);
    const countBefore = (
      await db().selectFrom('topics').select('article_count').where('id', '=', topicA.zh).executeTakeFirstOrThrow()
    ).article_count;
    expect((await api('protal', '/topic/articleDelete', { ttar_id: added.ttar_id }, admin)).statusCode).toBe(403);
    const res = await api('protal', '/topic/articleDelete', { ttar_id: added.ttar_id }, m);
    expect(res.statusCode, res.body).toBe(200);
    expect(await pointsOf(m.id)).toBe(before);
    const after = await db()
      .selectFrom('topics')
      .select('article_count')
      .where('id', '=', topicA.zh)
      .executeTakeFirstOrThrow();
    expect(after.article_count).toBe(countBefore - 1);
    expect((await api('protal', '/topic/articleInfo', { ttar_id: added.ttar_id }, m)).statusCode).toBe(404);
    const list = await api('protal', '/topic/articles', { tt_id: topicA.zh, limit: 50 });
    expect((list.json().data.list as Array<{ ttar_id: number }>).map((a) => a.ttar_id)).not.toContain(added.ttar_id);
  });
});

describe('the topic list, a topic, following, likes, favourites and views', () => {
  it("names a topic's latest article: the last one published, never a pending, deleted or other topic's one", async () => {
    const topic = await makeTopic(db(), 1, '存储网络');
    const other = await makeTopic(db(), 1, '数据湖');
    const author = await member('protal', 'Latest Writer');
    const base = Date.UTC(2026, 9, 1);
    const add = async (topicId: number, title: string, status: number, published: number | null, deleted = false) =>
      (
        await db()
          .insertInto('topic_articles')
          .values({
            site_id: 1,
            topic_id: topicId,
            author_id: author.id,
            title,
            content_html: '<p>x</p>',
            status,
            published_at: published,
            deleted_at: deleted ? base : null,
            created_at: base,
            updated_at: base,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const latestOf = async (topicId: number) => {
      const info = await api('protal', '/topic/info', { tt_id: topicId });
      expect(info.statusCode, info.body).toBe(200);
      const list = (await api('protal', '/topic/list', { limit: 50 })).json().data.list as Array<{
        tt_id: number;
        latest_article: unknown;
      }>;
      expect(list.find((x) => x.tt_id === topicId)?.latest_article).toEqual(info.json().data.latest_article);
      return info.json().data.latest_article as { ttar_id: number } | null;
    };
    expect(await latestOf(topic)).toBeNull();
    await add(topic, 'older', 20, base + 1000);
    const latest = await add(topic, 'latest', 20, base + 5000);
    // Added later but published earlier; pending, deleted and other topics' articles never count.
    await add(topic, 'published between', 20, base + 3000);
    await add(topic, 'pending', 10, null);
    await add(topic, 'deleted', 20, base + 9000, true);
    await add(other, 'elsewhere', 20, base + 8000);
    expect(await latestOf(topic)).toEqual({
      ttar_id: latest,
      ttar_title: 'latest',
      publish_time: new Date(base + 5000).toISOString(),
    });
    // A tie on the publish time goes to the later id.
    const tie = await add(topic, 'tie, later id', 20, base + 5000);
    expect((await latestOf(topic))!.ttar_id).toBe(tie);
  });

  it('lists topics keyset paged with hosts and latest article; follows toggle exactly', async () => {
    const first = await api('protal', '/topic/list', { limit: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data as { list: Array<{ tt_id: number }>; next_cursor: string | null };
    expect(page1.list).toHaveLength(1);
    expect(page1.next_cursor).not.toBeNull();
    const second = await api('protal', '/topic/list', { limit: 1, cursor: page1.next_cursor });
    const page2 = second.json().data as { list: Array<{ tt_id: number; hosts: Array<{ user_id: number }> }> };
    expect(page2.list[0]!.tt_id).not.toBe(page1.list[0]!.tt_id);
    const all = (await api('protal', '/topic/list', { limit: 50 })).json().data.list as Array<{
      tt_id: number;
      hosts: Array<{ user_id: number }>;
    }>;
    expect(all.find((x) => x.tt_id === topicA.zh)!.hosts.map((x) => x.user_id)).toEqual([hostA.id]);
    expect((await api('protal', '/topic/list', { cursor: '!!' })).statusCode).toBe(400);

    const m = await member();
    expect((await api('protal', '/topic/follow', { tt_id: topicB })).statusCode).toBe(401);
    const followed = await Promise.all([1, 2, 3].map(() => api('protal', '/topic/follow', { tt_id: topicB }, m)));
    const states = followed.map((r) => r.json().data.is_followed as boolean);
    const info = await api('protal', '/topic/info', { tt_id: topicB }, m);
    const expected = states.filter(Boolean).length - states.filter((s) => !s).length;
    expect(info.json().data.tt_follower_count).toBe(expected);
    expect(info.json().data.is_followed).toBe(expected === 1);
    // The topic of the other site is not this site's.
    expect((await api('protal_en', '/topic/info', { tt_id: topicB })).statusCode).toBe(404);
    expect((await api('protal', '/topic/info', { tt_id: 'x' })).statusCode).toBe(400);
  });

  it('likes and favourites toggle on approved articles only; views count once per viewer', async () => {
    const m = await member();
    const reader = await member();
    const added = await submit(m);
    expect((await api('protal', '/topic/articleLike', { ttar_id: added.ttar_id }, reader)).statusCode).toBe(404);
    await decide('protal', hostA, added.ttar_id, 'approve');
    const like = await api('protal', '/topic/articleLike', { ttar_id: added.ttar_id }, reader);
    expect(like.json().data).toEqual({ is_liked: true, like_count: 1 });
    const fav = await api('protal', '/topic/articleFavourite', { ttar_id: added.ttar_id }, reader);
    expect(fav.json().data).toEqual({ is_favourited: true, favourite_count: 1 });
    const unlike = await api('protal', '/topic/articleLike', { ttar_id: added.ttar_id }, reader);
    expect(unlike.json().data).toEqual({ is_liked: false, like_count: 0 });
    const v1 = await api('protal', '/topic/articleInfo', { ttar_id: added.ttar_id }, reader);
    const v2 = await api('protal', '/topic/articleInfo', { ttar_id: added.ttar_id }, reader);
    expect(v1.json().data.view_count).toBe(1);
    expect(v2.json().data.view_count).toBe(1);
    expect(v2.json().data).toMatchObject({ is_favourited: true, is_liked: false, tt_title: '分布式存储' });
  });

  it('the form config lists the site’s topics, sources and the other site', async () => {
    const res = await api('protal_en', '/topic/formConfig', {});
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      topic_list: Array<{ tt_id: number }>;
      article_source_list: Array<{ value: number }>;
      other_lang: Array<{ tws_id: number }>;
    };
    expect(data.topic_list.map((x) => x.tt_id)).toEqual([topicA.en]);
    expect(data.article_source_list.map((x) => x.value)).toEqual([10, 20]);
    expect(data.other_lang.map((x) => x.tws_id)).toEqual([1]);
  });
});

describe('every XSS payload published as a topic article', () => {
  it('is stored sanitised and inert in articleInfo and in the review queue', async () => {
    const m = await member();
    for (const [i, payload] of XSS_CORPUS.entries()) {
      const input = `<p>xss-marker-${i}</p>${payload.html}`;
      const added = await submit(m, 'protal', { ttar_title: `XSS ${i}`, ttar_content: input });
      const row = await articleRow(added.ttar_id);
      expect(row.content_html).toBe(sanitizeRichText(input));
      expect(inertProblems(row.content_html), payload.name).toEqual([]);
      const review = await reviewIdOf(added.ttar_id);
      const shown = await staffCall(h, 'protal', '/admin/review/info', { review_id: review.id }, hostA);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(inertProblems(String(shown.json().data.content.html)), payload.name).toEqual([]);
      await decide('protal', hostA, added.ttar_id, 'approve');
      const info = await api('protal', '/topic/articleInfo', { ttar_id: added.ttar_id });
      const html = String(info.json().data.ttar_content);
      expect(html).toContain(`xss-marker-${i}`);
      expect(inertProblems(html), payload.name).toEqual([]);
      if (payload.keeps) expect(html).toContain(payload.keeps);
    }
    // Every payload published and read back, one after the other: a minute beside the other suites.
  }, 120_000);
});
