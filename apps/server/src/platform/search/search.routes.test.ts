import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type TestApp } from '../../../test/test-app';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { grantDirectly, makeModerator, makeStaff, msgOf, staffTestApp } from '../../../test/roles-harness';
import { postDictionaries, postForm, setPostReview, type SiteDictionaries } from '../../../test/discussions-harness';
import { SEARCH_SOURCES } from '../../search-sources';
import { searchEngineFor } from './search-engine';
import { indexedDocument, rebuildSearch } from './search-index';
import { resetRecentTier } from './sqlite-search-engine';
import { seedCorpus, type Corpus } from './search-corpus.test-support';

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
let corpus: Corpus;
let zhDict: SiteDictionaries;
let enDict: SiteDictionaries;
let admin: TestMember;

interface Hit {
  kind: string;
  id: number;
  parent_id: number;
  url: string;
  title: string;
  title_html: string;
  snippet_html: string;
  create_time: string;
}
interface Page {
  list: Hit[];
  next_cursor: string | null;
  counts: Record<string, number>;
  total: number;
}

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  const db = t.database.db;
  zhDict = await postDictionaries(db, 1);
  enDict = await postDictionaries(db, 2);
  admin = await makeStaff(h, { nick: 'Chief' });
  corpus = await seedCorpus(db, admin.id, Date.now());
  // The corpus was written straight into the tables: the index learns it the way `search:reindex` does.
  await rebuildSearch(db, SEARCH_SOURCES);
});
afterAll(async () => t?.close());

const api = (site: Site, path: string, body: unknown, as?: TestMember) =>
  h.call(site, `/api${path}`, body, { ...(as ? { as } : {}), ip: h.freshIp() });

async function search(site: Site, body: Record<string, unknown>, as?: TestMember): Promise<Page> {
  const res = await api(site, '/search/index', body, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Page;
}

const first = async (site: Site, key: string, extra: Record<string, unknown> = {}) =>
  (await search(site, { search_key: key, ...extra })).list[0];

describe('search: the corpus', () => {
  it('holds at least 200 items of its own', () => {
    expect(corpus.size).toBeGreaterThanOrEqual(200);
  });

  it('finds the expected first result for one-, two- and three-character Chinese keys', async () => {
    expect(await first('protal', '磁')).toMatchObject({ kind: 'post', id: corpus.ids.tape });
    expect(await first('protal', '快照')).toMatchObject({ kind: 'article', id: corpus.ids.snapshotZh });
    expect(await first('protal', '纠删码')).toMatchObject({ kind: 'topic', id: corpus.ids.erasureTopic });
    expect(await first('protal', '闪存峰会')).toMatchObject({ kind: 'event', id: corpus.ids.flashEvent });
    expect(await first('protal', '湖仓')).toMatchObject({ kind: 'journal_article', id: corpus.ids.lakeArticle });
  });

  it('finds English words in other forms (snapshots → snapshot, backup → backups)', async () => {
    expect(await first('protal_en', 'snapshots')).toMatchObject({ id: corpus.ids.snapshotEn });
    expect(await first('protal_en', 'Snapshotting')).toMatchObject({ id: corpus.ids.snapshotEn });
    expect(await first('protal_en', 'backup')).toMatchObject({ id: corpus.ids.backupEn });
  });

  it('finds mixed Chinese and English keys, and product names as written', async () => {
    expect(await first('protal', 'Ceph 分布式')).toMatchObject({ id: corpus.ids.ceph });
    expect(await first('protal', 'NVMe-oF 性能')).toMatchObject({ id: corpus.ids.nvmeof });
    expect(await first('protal', 'nvme-of')).toMatchObject({ id: corpus.ids.nvmeof });
    expect(await first('protal', 'S3')).toMatchObject({ id: corpus.ids.s3 });
    const ec = await search('protal', { search_key: 'EC 8+3' });
    expect(ec.list[0]).toMatchObject({ id: corpus.ids.ec83 });
    expect(ec.list.map((hit) => hit.id)).not.toContain(corpus.ids.ec42);
  });

  it('weighs recency: of two equal posts the newer comes first; the time filter leaves old ones out', async () => {
    const dedup = await search('protal', { search_key: '重删', kind: 'post' });
    expect(dedup.list.slice(0, 2).map((hit) => hit.id)).toEqual([corpus.ids.dedupNew, corpus.ids.dedupOld]);
    const all = await search('protal', { search_key: '磁带' });
    expect(all.list.map((hit) => hit.id)).toContain(corpus.ids.oldTape);
    const year = await search('protal', { search_key: '磁带', time: 'year' });
    expect(year.list.map((hit) => hit.id)).not.toContain(corpus.ids.oldTape);
    expect(year.list.map((hit) => hit.id)).toContain(corpus.ids.tape);
  });

  it('uses the synonyms admins put in the site dictionary', async () => {
    expect((await search('protal', { search_key: 'object storage' })).total).toBe(0);
    const created = await h.call(
      'protal',
      '/admin/dictionaries/create',
      { kind: 'synonym', label: '对象存储, object storage, OSS' },
      { as: admin, ip: h.freshIp() },
    );
    expect(created.statusCode, created.body).toBe(200);
    const en = await h.call(
      'protal_en',
      '/admin/dictionaries/create',
      { kind: 'synonym', label: 'erasure coding, 纠删码' },
      { as: admin, ip: h.freshIp() },
    );
    expect(en.statusCode, en.body).toBe(200);
    expect(await first('protal', 'object storage')).toMatchObject({ id: corpus.ids.objectZh });
    expect(await first('protal', 'OSS')).toMatchObject({ id: corpus.ids.objectZh });
    expect(await first('protal_en', '纠删码')).toMatchObject({ id: corpus.ids.erasureEn });
  });

  it('answers counts per kind, filters by kind, and pages by keyset without repeats', async () => {
    const all = await search('protal', { search_key: '存储', limit: 50 });
    expect(all.counts.post).toBeGreaterThan(15);
    expect(all.counts.article).toBeGreaterThan(0);
    expect(all.total).toBe(Object.values(all.counts).reduce((a, b) => a + b, 0));
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await search('protal', {
        search_key: '存储',
        kind: 'post',
        limit: 7,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.list.every((hit) => hit.kind === 'post')).toBe(true);
      seen.push(...page.list.map((hit) => hit.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(all.counts.post);
  });

  it('marks matches in escaped text, never passing stored markup through', async () => {
    const hit = await first('protal_en', 'hostile provisioning');
    expect(hit).toMatchObject({ id: corpus.ids.hostile, url: `/en/discuss/info/${corpus.ids.hostile}` });
    expect(hit!.title_html).toContain('<em>Hostile</em>');
    expect(hit!.title_html).not.toContain('<img');
    expect(hit!.snippet_html).toContain('<em>provisioning</em>');
    expect(hit!.snippet_html).not.toContain('<script');
    expect(hit!.snippet_html.replace(/<\/?em>/g, '')).not.toMatch(/[<>]/);
  });

  it('shows the text as written: full-width punctuation is kept, only matched on its folded form', async () => {
    const hit = await first('protal', '多副本');
    expect(hit!.snippet_html).toContain('<em>');
    expect(hit!.snippet_html).toContain('机制，磁盘故障');
  });

  it('links each kind to its page in the site language', async () => {
    expect((await first('protal', '湖仓', { kind: 'journal_article' }))!.url).toBe(
      `/cn/journal/info/${corpus.ids.lakeIssue}?article=${corpus.ids.lakeArticle}`,
    );
    expect((await first('protal', '快照'))!.url).toBe(`/cn/subject/article/${corpus.ids.snapshotZh}`);
    expect((await first('protal', '闪存峰会'))!.url).toBe(`/cn/activity/info/${corpus.ids.flashEvent}`);
  });

  it('suggests titles from two characters', async () => {
    const res = await api('protal', '/search/suggest', { search_key: '快照' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list[0]).toMatchObject({ kind: 'article', id: corpus.ids.snapshotZh });
    const short = await api('protal', '/search/suggest', { search_key: '快' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain(msgOf('protal', 'search.rules.keyTooShort'));
  });

  it('suggests by the start of the English word being typed (snap, Dedup), marked', async () => {
    const suggest = async (key: string) => {
      const res = await api('protal_en', '/search/suggest', { search_key: key });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.list as { id: number; title_html: string }[];
    };
    const snap = await suggest('snap');
    expect(snap.map((s) => s.id)).toContain(corpus.ids.snapshotEn);
    expect(snap.find((s) => s.id === corpus.ids.snapshotEn)?.title_html).toContain('<em>Snapshot</em>');
    expect((await suggest('Dedup')).map((s) => s.id)).toContain(corpus.ids.dedupEn);
    // The words before the one being typed are whole words: a misspelt one finds nothing.
    expect((await suggest('erasure cod')).map((s) => s.id)).toContain(corpus.ids.erasureEn);
    expect(await suggest('erasrue cod')).toEqual([]);
  });

  it('still refuses a suggestion under two characters', async () => {
    const short = await api('protal', '/search/suggest', { search_key: '快' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain(msgOf('protal', 'search.rules.keyTooShort'));
  });
});

describe('search: bad input', () => {
  it('refuses a key over 20 characters with the clear message, in both languages', async () => {
    for (const site of ['protal', 'protal_en'] as const) {
      const res = await api(site, '/search/index', { search_key: '存'.repeat(21) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 40001 });
      expect(res.json().msg).toContain(msgOf(site, 'search.rules.keyTooLong'));
    }
    expect((await api('protal', '/search/index', { search_key: '存'.repeat(20) })).statusCode).toBe(200);
  });

  it('refuses an empty key, an unknown kind or time and a forged cursor', async () => {
    const empty = await api('protal', '/search/index', { search_key: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain(msgOf('protal', 'search.rules.keyRequired'));
    expect((await api('protal', '/search/index', { search_key: '存储', kind: 'secret' })).statusCode).toBe(400);
    expect((await api('protal', '/search/index', { search_key: '存储', time: 'ever' })).statusCode).toBe(400);
    expect((await api('protal', '/search/index', { search_key: '存储', cursor: 'bm90IGEgY3Vyc29y' })).statusCode).toBe(
      400,
    );
    expect((await api('protal', '/search/index', { search_key: '存储', extra: 1 })).statusCode).toBe(400);
  });

  it('answers an empty page for a key with no words in it', async () => {
    const page = await search('protal', { search_key: '!!!' });
    expect(page).toMatchObject({ list: [], total: 0, next_cursor: null });
  });
});

describe('search: kept in step with the writes', () => {
  const ids = async (site: Site, key: string, as?: TestMember) =>
    (await search(site, { search_key: key, limit: 50 }, as)).list.map((hit) => `${hit.kind}:${hit.id}`);

  it('finds a post once published, by its edits, its comments; never once deleted', async () => {
    const author = await h.readyMember('Writer', 'protal');
    const add = await api(
      'protal',
      '/post/add',
      postForm(zhDict, { tp_title: '鲲鹏服务器上的存储栈', tp_content: '<p>麒麟系统</p>' }),
      author,
    );
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().data.tp_id as number;
    expect(await ids('protal', '鲲鹏')).toContain(`post:${id}`);

    const edit = await api(
      'protal',
      '/post/edit',
      { tp_id: id, ...postForm(zhDict, { tp_title: '飞腾服务器上的存储栈', tp_content: '<p>麒麟系统</p>' }) },
      author,
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await ids('protal', '鲲鹏')).not.toContain(`post:${id}`);
    expect(await ids('protal', '飞腾')).toContain(`post:${id}`);

    const reader = await h.readyMember('Reader', 'protal');
    const comment = await api('protal', '/comment/add', { tp_id: id, tpc_content: '试过昇腾加速卡吗' }, reader);
    expect(comment.statusCode, comment.body).toBe(200);
    expect(await ids('protal', '昇腾')).toContain(`post:${id}`);
    const removed = await api('protal', '/comment/delete', { tpc_id: comment.json().data.tpc_id }, reader);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await ids('protal', '昇腾')).not.toContain(`post:${id}`);

    expect((await api('protal', '/post/delete', { tp_id: id }, author)).statusCode).toBe(200);
    expect(await ids('protal', '飞腾')).not.toContain(`post:${id}`);
  });

  it('never finds a pending post until approved, nor a hidden one', async () => {
    const db = t.database.db;
    await setPostReview(db, 2, true);
    const author = await h.readyMember('Pending', 'protal_en');
    const add = await api('protal_en', '/post/add', postForm(enDict, { tp_title: 'Quokka tiering notes' }), author);
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().data.tp_id as number;
    expect(await ids('protal_en', 'quokka')).toEqual([]);
    expect(await ids('protal_en', 'quokka', author)).toEqual([]);
    const review = await db
      .selectFrom('review_items')
      .select('id')
      .where('kind', '=', 'post')
      .where('item_id', '=', id)
      .executeTakeFirstOrThrow();
    const decide = await h.call(
      'protal_en',
      '/admin/review/decide',
      { ids: [review.id], decision: 'approve' },
      { as: admin, ip: h.freshIp() },
    );
    expect(decide.statusCode, decide.body).toBe(200);
    expect(await ids('protal_en', 'quokka')).toEqual([`post:${id}`]);
    await setPostReview(db, 2, false);

    const moderator = await makeModerator(h, enDict.board, 2);
    const hide = await api(
      'protal_en',
      '/moderation/post/act',
      { tp_id: id, action: 'hide', reason: 'spam' },
      moderator,
    );
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await ids('protal_en', 'quokka')).toEqual([]);
    const unhide = await api('protal_en', '/moderation/post/act', { tp_id: id, action: 'unhide' }, moderator);
    expect(unhide.statusCode, unhide.body).toBe(200);
    expect(await ids('protal_en', 'quokka')).toEqual([`post:${id}`]);
  });

  it('finds partner-only items only for partners', async () => {
    const db = t.database.db;
    // No kind of today is partner-only as a whole (an issue's PDF is, not its page); the engine's rule is
    // tested with a document marked so.
    await db.transaction().execute((trx) =>
      searchEngineFor(trx).put(trx, [
        indexedDocument({
          kind: 'journal_issue',
          item_id: 987_654,
          site_id: 2,
          audience: 1,
          parent_id: 0,
          title: 'Wombat partner briefing',
          body: '',
          published_at: Date.now() - 1000,
        }),
      ]),
    );
    const member = await h.readyMember('Plain', 'protal_en');
    const partner = await h.readyMember('Partner', 'protal_en');
    await grantDirectly(db, partner.id, 'enterprise', null);
    expect(await ids('protal_en', 'wombat')).toEqual([]);
    expect(await ids('protal_en', 'wombat', member)).toEqual([]);
    expect(await ids('protal_en', 'wombat', partner)).toEqual(['journal_issue:987654']);
    await db.deleteFrom('search_documents').where('item_id', '=', 987_654).execute();
  });

  it('finds members by nickname on both sites', async () => {
    const member = await h.readyMember('存储老王', 'protal');
    expect(await ids('protal', '老王')).toContain(`member:${member.id}`);
    expect(await ids('protal_en', '老王')).toContain(`member:${member.id}`);
  });
});

/** A document of the English site about `word`, written straight into the index. */
const englishDoc = (kind: 'post' | 'event', itemId: number, at: number, title: string, body: string) =>
  indexedDocument({ kind, item_id: itemId, site_id: 2, audience: 0, parent_id: 0, title, body, published_at: at });

describe('search: a key found in more items than are ranked (decision 043)', () => {
  it('counts each kind up to 1,001, ranks the newest 1,000 and still finds a rare kind beyond them', async () => {
    const db = t.database.db;
    const now = Date.now();
    const doc = (kind: 'post' | 'event', itemId: number, at: number) =>
      englishDoc(kind, itemId, at, `Zettabyte planning ${itemId}`, 'How a zettabyte archive is planned.');
    // The event first: the oldest row of the index, behind 1,005 newer posts with the same word.
    await searchEngineFor(db).put(db, [doc('event', 990_000, now - 1000)]);
    await searchEngineFor(db).put(
      db,
      Array.from({ length: 1005 }, (_, i) => doc('post', 990_000 + i, now - 1000 + i)),
    );
    const page = await search('protal_en', { search_key: 'zettabytes', limit: 50 });
    expect(page.counts).toMatchObject({ post: 1001, event: 1 });
    expect(page.total).toBe(1002);
    const seen = new Set<number>();
    let cursor: string | null = null;
    do {
      const next: Page = await search('protal_en', {
        search_key: 'zettabytes',
        limit: 50,
        ...(cursor ? { cursor } : {}),
      });
      for (const hit of next.list) seen.add(hit.id);
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen.size).toBe(1000);
    expect(seen.has(990_000 + 1004)).toBe(true);
    const events = await search('protal_en', { search_key: 'zettabytes', kind: 'event' });
    expect(events.list.map((hit) => hit.id)).toEqual([990_000]);
  });
});

describe.runIf(testDb === 'postgres')('search: the readers of PostgreSQL (decision 052)', () => {
  it('reads searches through connections of their own, as many as set', async () => {
    // Decision 052: the search readers' pool, shown to PostgreSQL as portal-search.
    const answers = await Promise.all(Array.from({ length: 12 }, () => search('protal', { search_key: '存储' })));
    expect(new Set(answers.map((page) => page.total))).toEqual(new Set([answers[0]!.total]));
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity
       where datname = current_database() and application_name = 'portal-search'`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    expect(Number(rows[0]!.n)).toBeLessThanOrEqual(t.config.searchReaderConnections);
  });
});

describe('search: the recent tier of SQLite (decision 047)', () => {
  /** Every hit of a key over all its pages, by kind and id, with the counts. */
  async function everything(site: Site, key: string) {
    const seen: string[] = [];
    let cursor: string | null = null;
    let counts: Record<string, number> = {};
    do {
      const page: Page = await search(site, { search_key: key, limit: 50, ...(cursor ? { cursor } : {}) });
      counts = page.counts;
      seen.push(...page.list.map((hit) => `${hit.kind}:${hit.id}`));
      cursor = page.next_cursor;
    } while (cursor);
    return { hits: seen.sort(), counts };
  }

  it.runIf(testDb === 'sqlite')('finds and counts the same whether the candidates lie in the tier or not', async () => {
    const db = t.database.db;
    // A key in 1,005 posts: its newest 1,001 lie in the tier, where they are walked and ranked.
    await searchEngineFor(db).put(
      db,
      Array.from({ length: 1005 }, (_, i) =>
        englishDoc(
          'post',
          970_000 + i,
          Date.now() - 10_000 + i,
          `Exabyte ${i % 7 === 0 ? 'exabyte ' : ''}planning ${i}`,
          i % 3 === 0 ? 'An exabyte archive.' : 'Archives of an exabyte, planned over years.',
        ),
      ),
    );
    const keys: Array<[Site, string]> = [
      ['protal_en', 'exabytes'],
      ['protal', '存储'],
      ['protal', '存'],
      ['protal', 'Ceph 分布式'],
      ['protal_en', 'snapshots'],
      ['protal_en', 'backup'],
    ];
    const inTier: Array<Awaited<ReturnType<typeof everything>>> = [];
    for (const [site, key] of keys) inTier.push(await everything(site, key));
    const sameAsInTier = async () => {
      for (const [i, [site, key]] of keys.entries()) {
        const found = await everything(site, key);
        expect(found.hits.length, key).toBeGreaterThan(0);
        expect(found, key).toEqual(inTier[i]);
      }
    };
    try {
      // A tier of the 5 newest documents: every key's candidates reach past it, so bm25 runs on the
      // whole index.
      await resetRecentTier(db, 5);
      await sameAsInTier();
      // A rebuild sets the tier aside (empty) until it ends.
      await searchEngineFor(db).prepareRebuild(db);
      await sameAsInTier();
    } finally {
      await resetRecentTier(db, 50_000);
    }
  });

  it('counts on past the candidates a kind that shares them with others', async () => {
    const db = t.database.db;
    const now = Date.now();
    const doc = (kind: 'post' | 'event', itemId: number, at: number) =>
      englishDoc(kind, itemId, at, `Petabyte migration ${itemId}`, 'Moving a petabyte between arrays.');
    // Oldest first: an event, 1,003 posts, then two events; the newest 1,001 matches hold both kinds.
    const engine = searchEngineFor(db);
    await engine.put(db, [doc('event', 980_000, now - 5000)]);
    await engine.put(
      db,
      Array.from({ length: 1003 }, (_, i) => doc('post', 980_000 + i, now - 4000 + i)),
    );
    await engine.put(db, [doc('event', 980_001, now - 100), doc('event', 980_002, now - 50)]);
    for (const kind of [undefined, 'event', 'post']) {
      const page = await search('protal_en', { search_key: 'petabytes', ...(kind ? { kind } : {}) });
      expect(page.counts, kind).toMatchObject({ post: 1001, event: 3 });
      expect(page.total, kind).toBe(1004);
    }
  });
});
