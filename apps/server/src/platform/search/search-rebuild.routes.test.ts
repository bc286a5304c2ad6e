import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import type { accountsHarness, Site, TestMember } from '../../../test/accounts-harness';
import { makeModerator, staffTestApp } from '../../../test/roles-harness';
import { postDictionaries, postForm, type SiteDictionaries } from '../../../test/discussions-harness';
import { seededRandom } from '../../seed/seeded-random';
import { SEARCH_SOURCES } from '../../search-sources';
import { rebuildSearch } from './search-index';
import { resetRecentTier } from './sqlite-search-engine';

// The index kept in step by the writes (each in its own transaction) must equal the index a fresh
// rebuild makes from the content, after a random sequence of 1,000 writes through the API: posts
// published, edited and deleted, comments added and deleted, posts hidden and shown again.

let t: TestApp;
let h: ReturnType<typeof accountsHarness>;
const dicts = new Map<Site, SiteDictionaries>();

beforeAll(async () => {
  ({ t, h } = await staffTestApp());
  dicts.set('protal', await postDictionaries(t.database.db, 1));
  dicts.set('protal_en', await postDictionaries(t.database.db, 2));
});
afterAll(async () => t?.close());

const WORDS = [
  '存储',
  '快照',
  '备份',
  'Ceph',
  'NVMe-oF',
  'snapshots',
  'EC 8+3',
  '纠删码',
  'S3',
  'tiering',
  '容灾',
  'RDMA',
];

/** The index as rows, in a fixed order, without the row ids a rewrite changes. */
async function indexRows(): Promise<unknown[]> {
  const db = t.database.db;
  const rows = await db
    .selectFrom('search_documents')
    .select([
      'kind',
      'item_id',
      'site_id',
      'audience',
      'parent_id',
      'title',
      'body',
      'title_tokens',
      'body_tokens',
      'published_at',
    ])
    .orderBy('kind')
    .orderBy('item_id')
    .execute();
  if (t.database.dialect === 'postgres') {
    // With each document its one row of the narrow table the search walks (decision 046): its key,
    // kind and time as the document's, its facets made from them, and its tsvector.
    const terms = await sql<{ id: number; tsv: string | null; facets: string | null; expected: string; same: boolean }>`
      select d.id, t.tsv::text as tsv, t.facets::text as facets,
             array_to_tsvector(array['_k' || d.kind, '_s' || d.site_id, '_a' || d.audience])::text as expected,
             (t.site_id, t.audience, t.kind, t.published_at) is not distinct from (d.site_id, d.audience, d.kind, d.published_at) as same
        from search_documents d left join search_terms t on t.id = d.id
       order by d.kind, d.item_id`.execute(db);
    const extra = await sql<{ n: string }>`
      select (select count(*) from search_terms) - (select count(*) from search_documents) as n`.execute(db);
    expect(Number(extra.rows[0]!.n)).toBe(0);
    return rows.map((r, i) => {
      const row = terms.rows[i]!;
      expect({ same: row.same, facets: row.facets }).toEqual({ same: true, facets: row.expected });
      return { ...r, published_at: Number(r.published_at), tsv: row.tsv };
    });
  }
  // FTS5 checks its index against the content table, and the recent tier against the documents
  // from its start (decision 047), which it holds all of.
  await sql`insert into search_fts(search_fts) values ('integrity-check')`.execute(db);
  await sql`insert into search_fts_recent(search_fts_recent, rank) values ('integrity-check', 1)`.execute(db);
  const tier = await sql<{ newer: number; held: number; keep: number }>`
    select (select count(*) from search_documents where id >= from_id) as newer,
           (select count(*) from search_fts_recent_docsize) as held, keep from search_fts_recent_from`.execute(db);
  expect(tier.rows[0]!.held).toBe(tier.rows[0]!.newer);
  expect(tier.rows[0]!.newer).toBeLessThanOrEqual(tier.rows[0]!.keep);
  return rows.map((r) => ({ ...r, published_at: Number(r.published_at) }));
}

describe('the search index after random writes', () => {
  it('equals a fresh rebuild after 1,000 writes', async () => {
    // SQLite's recent tier keeps 40 documents here, so that the writes move it along (decision 047).
    if (t.database.dialect === 'sqlite') await resetRecentTier(t.database.db, 40);
    const random = seededRandom(23);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
    const sites: Site[] = ['protal', 'protal_en'];
    const authors = new Map<Site, TestMember[]>();
    const moderators = new Map<Site, TestMember>();
    for (const site of sites) {
      authors.set(site, [await h.readyMember('Writer', site), await h.readyMember('Other', site)]);
      moderators.set(site, await makeModerator(h, dicts.get(site)!.board, site === 'protal' ? 1 : 2));
    }
    const posts: Array<{ site: Site; id: number; author: TestMember; hidden: boolean }> = [];
    const comments: Array<{ site: Site; id: number; author: TestMember }> = [];
    const call = (site: Site, path: string, body: unknown, as: TestMember) =>
      h.call(site, `/api${path}`, body, { as, ip: h.freshIp() });

    let writes = 0;
    let ok = 0;
    while (writes < 1000) {
      const site = pick(sites);
      const live = posts.filter((p) => p.site === site);
      const roll = random();
      let res;
      if (roll < 0.3 || live.length === 0) {
        const author = pick(authors.get(site)!);
        res = await call(
          site,
          '/post/add',
          postForm(dicts.get(site)!, { tp_title: words(3), tp_content: `<p>${words(8)}</p>` }),
          author,
        );
        if (res.statusCode === 200) posts.push({ site, id: res.json().data.tp_id, author, hidden: false });
      } else if (roll < 0.45) {
        const post = pick(live);
        res = await call(
          site,
          '/post/edit',
          { tp_id: post.id, ...postForm(dicts.get(site)!, { tp_title: words(2), tp_content: `<p>${words(5)}</p>` }) },
          post.author,
        );
      } else if (roll < 0.5) {
        const post = pick(live);
        res = await call(site, '/post/delete', { tp_id: post.id }, post.author);
        posts.splice(posts.indexOf(post), 1);
      } else if (roll < 0.75) {
        const post = pick(live.filter((p) => !p.hidden).length ? live.filter((p) => !p.hidden) : live);
        const author = pick(authors.get(site)!);
        res = await call(site, '/comment/add', { tp_id: post.id, tpc_content: words(4) }, author);
        if (res.statusCode === 200) comments.push({ site, id: res.json().data.tpc_id, author });
      } else if (roll < 0.85 && comments.some((c) => c.site === site)) {
        const comment = pick(comments.filter((c) => c.site === site));
        res = await call(site, '/comment/delete', { tpc_id: comment.id }, comment.author);
        comments.splice(comments.indexOf(comment), 1);
      } else {
        const post = pick(live);
        res = await call(
          site,
          '/moderation/post/act',
          post.hidden ? { tp_id: post.id, action: 'unhide' } : { tp_id: post.id, action: 'hide', reason: 'off topic' },
          moderators.get(site)!,
        );
        if (res.statusCode === 200) post.hidden = !post.hidden;
      }
      if (res.statusCode === 200) ok++;
      writes++;
    }
    // Nearly every write is one the API accepts (a comment on a post hidden since may be refused).
    expect(ok).toBeGreaterThan(950);

    const kept = await indexRows();
    expect(kept.length).toBeGreaterThan(50);
    await rebuildSearch(t.database.db, SEARCH_SOURCES);
    expect(await indexRows()).toEqual(kept);
  }, 240_000);
});
