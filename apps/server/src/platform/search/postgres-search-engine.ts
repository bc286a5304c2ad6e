import { sql, type RawBuilder } from 'kysely';
import { PREPARED } from '../../db/prepared';
import type { Executor } from '../../db/executor';
import type { QueryTerm } from './tokenizer';
import { SEARCH_KINDS } from '@portal/contracts/search';
import { RANKED_CANDIDATES, RECENCY_DAYS } from './search-ranking';
import type { IndexedDocument, SearchEngine, SearchFound, SearchHit, SearchKind, SearchQuery } from './search-engine';

/** PostgreSQL keeps at most 256 positions of a lexeme, and none past 16383. */
const MAX_POSITIONS = 256;
const MAX_POSITION = 16_383;

function quote(token: string): string {
  return `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * The tsvector literal of a document's tokens, with positions and weights: title A, body D, so
 * ts_rank's default weights (1.0 against 0.1) give the title ten times the body, as bm25 does on
 * SQLite. The literal is cast, never parsed by a text-search configuration: the tokens stay as made.
 */
export function tsvectorLiteral(titleTokens: string, bodyTokens: string): string {
  const positions = new Map<string, string[]>();
  let at = 0;
  const add = (tokens: string, weight: string) => {
    for (const token of tokens.split(' ')) {
      if (!token) continue;
      at = Math.min(at + 1, MAX_POSITION);
      const list = positions.get(token) ?? [];
      if (list.length < MAX_POSITIONS) list.push(`${at}${weight}`);
      positions.set(token, list);
    }
  };
  add(titleTokens, 'A');
  add(bodyTokens, '');
  return [...positions].map(([token, list]) => `${quote(token)}:${list.join(',')}`).join(' ');
}

/** A tsquery literal: every token quoted, & and | with parentheses. */
export function tsqueryLiteral(terms: readonly QueryTerm[]): string {
  const render = (term: QueryTerm): string => {
    if (typeof term === 'string') return quote(term);
    if ('prefix' in term) return `${quote(term.prefix)}:*`;
    if ('any' in term) return `(${term.any.map(render).join(' | ')})`;
    return `(${term.all.map(render).join(' & ')})`;
  };
  return terms.map(render).join(' & ');
}

const DAY_MS = 86_400_000;
/** Documents per statement: 10 values each (7 in `search_terms`), under PostgreSQL's 65,535 bound values. */
const PUT_BATCH = 500;
/** What a search reads per match: its newest matches, one more than are ranked, to count past 1,000. */
const WALKED = RANKED_CANDIDATES + 1;
/**
 * The most index rows (by id, newest first) a walk passes before the rest of the matches are asked
 * of the GIN index: a key thought common that is not (two common words seldom together) costs this
 * much, about 0.5 µs a row, not a walk of the whole site (decision 046).
 */
const WALK_SPAN = 50_000;
/**
 * A key in less than this share of the documents (by the planner's statistics of `search_terms.tsv`)
 * is asked of the GIN index, whose cost grows with its matches; a more common one is walked newest
 * first when the walk is expected to find what it is asked for (`walkFinds`).
 */
const COMMON_SHARE = 0.01;
/**
 * The newest matches a search's walk of every kind takes: more than the counts need, so that the
 * common kind (posts, when a few of the newest matches are of other kinds) mostly reaches 1,001 in
 * that walk and is not walked again for the few it lacks (decision 050).
 */
const WALKED_FOR_COUNTS = WALKED + 64;
/**
 * A kind holding this many of the newest matches is counted on by walking further (its matches are
 * common); one holding fewer, through the GIN index.
 */
const COMMON_AMONG_WALKED = 100;
/** The kinds counted in the index of every kind but posts (migration 0043). */
const OTHER_KINDS = SEARCH_KINDS.filter((kind) => kind !== 'post');
/** The most matches of the other kinds counted together: enough for 1,001 of each. */
const OTHERS_COUNTED = WALKED * OTHER_KINDS.length;
/** How long the statistics of common terms are kept before they are read again. */
const STATS_TTL_MS = 5 * 60_000;

export interface NewestOptions {
  /** Only matches older than this index row (a count going on from the shared walk). */
  before?: number;
  /** How many: `WALKED` unless said. */
  limit?: number;
  /** Walk or ask the GIN index, whatever the statistics say (the tests, which must see both agree). */
  path?: 'walk' | 'index';
  /** The most index rows walked: `WALK_SPAN` unless said. */
  span?: number;
  /**
   * Also count the kinds other than posts in their own GIN index, up to `WALKED` each (as far as
   * `OTHERS_COUNTED` in all), in the walk's statement: the counts of a common key need them, and
   * asking in the same statement saves a round trip and a planning (decision 051).
   */
  others?: boolean;
}

/**
 * What a search and its counts need of the newest matches, summed up by PostgreSQL, so that the
 * server never parses the thousand candidates: how many there are (up to the limit), the oldest of
 * them, how many of each kind, and the page of the query (`after`, `limit`) ranked among the first
 * `RANKED_CANDIDATES`, with its rows in full.
 */
export interface Newest {
  found: number;
  /** The oldest match's index row; 0 when none. */
  last: number;
  kinds: Partial<Record<SearchKind, number>>;
  page: SearchHit[];
  /** The kinds other than posts, counted in their own index when asked (`others`) and walked. */
  others?: Partial<Record<SearchKind, number>>;
}

/** The facet tokens of the searcher's site, or every site (members), and of whom it is for. */
function facetTsquery(query: SearchQuery, kinds: readonly SearchKind[] | undefined): string {
  const parts = [`(${quote(`_s${query.siteId}`)} | ${quote('_s0')})`];
  if (!query.partner) parts.push(quote('_a0'));
  if (kinds?.length) parts.push(`(${kinds.map((k) => quote(`_k${k}`)).join(' | ')})`);
  return parts.join(' & ');
}

/** The query's key as a tsquery value. */
function keyTsquery(query: SearchQuery): RawBuilder<unknown> {
  return sql`${tsqueryLiteral(query.terms)}::tsquery`;
}

/** Whether a row `t` is on the searcher's site (or every site), for them, and published in the time asked. */
function visible(query: SearchQuery): RawBuilder<unknown> {
  const list = [sql`t.site_id in (${query.siteId}, 0)`];
  if (!query.partner) list.push(sql`t.audience = 0`);
  return sql.join([...list, published(query)], sql` and `);
}

/** What a searcher may see of a row `t` besides its terms: published, and since the time filter. */
function published(query: SearchQuery): RawBuilder<unknown> {
  const list = [sql`t.published_at <= ${query.now}`];
  if (query.since !== undefined) list.push(sql`t.published_at >= ${query.since}`);
  return sql.join(list, sql` and `);
}

/** The score of a row `t`: ts_rank (title A, body D, length-normalised) times the recency boost. */
function score(query: SearchQuery): RawBuilder<unknown> {
  return sql`ts_rank(t.tsv, ${keyTsquery(query)}, 1)::float8
    * (1.0 + 1.0 / (1.0 + greatest(${query.now}::bigint - t.published_at, 0) / ${sql.lit(DAY_MS * RECENCY_DAYS)}::float8))`;
}

/**
 * The summary (`Newest`) of the candidates `c` (id, kind, score) a statement's `with` made: the
 * page is the query's keyset page over the newest `RANKED_CANDIDATES`, best first.
 */
function summary(query: SearchQuery): RawBuilder<unknown> {
  const after = query.after
    ? sql`where r.score < ${query.after.score} or (r.score = ${query.after.score} and r.id < ${query.after.id})`
    : sql``;
  return sql`select (select count(*) from c) as found, (select coalesce(min(id), 0) from c) as last,
      (select json_object_agg(k.kind, k.n) from (select kind, count(*) as n from c group by kind) k) as kinds,
      (select json_agg(json_build_object('id', d.id, 'kind', d.kind, 'item_id', d.item_id, 'site_id', d.site_id,
                'audience', d.audience, 'parent_id', d.parent_id, 'title', d.title, 'body', d.body,
                'published_at', d.published_at, 'score', p.score) order by p.score desc, p.id desc)
         from (select r.id, r.score from (select * from c order by id desc limit ${RANKED_CANDIDATES}) r ${after}
                order by r.score desc, r.id desc limit ${query.limit}) p
         join search_documents d on d.id = p.id) as page`;
}

interface SummaryRow {
  found: string;
  last: string;
  kinds: Partial<Record<SearchKind, number>> | null;
  page: SearchHit[] | null;
  others?: Partial<Record<SearchKind, number>> | null;
}

function newestOf(row: SummaryRow): Newest {
  const newest: Newest = {
    found: Number(row.found),
    last: Number(row.last),
    kinds: row.kinds ?? {},
    page: row.page ?? [],
  };
  if (row.others !== undefined) newest.others = row.others ?? {};
  return newest;
}

/**
 * The matches of the given kinds, none of them posts, in the other kinds' GIN index (migration
 * 0043), on the searcher's site and for them; or, with posts among them, in the terms' index
 * narrowed by the kinds' facet tokens.
 */
function ofKindsInIndex(query: SearchQuery, kinds: readonly SearchKind[]): RawBuilder<unknown> {
  const tsquery = keyTsquery(query);
  const ofThese = kinds.includes('post')
    ? sql`t.facets @@ ${kinds.map((k) => quote(`_k${k}`)).join(' | ')}::tsquery`
    : sql`t.kind <> 'post' and t.kind in (${sql.join(kinds.map((k) => sql`${k}`))})`;
  return sql`select t.kind from search_terms t where t.tsv @@ ${tsquery} and ${ofThese} and ${visible(query)}`;
}

/** How many of each kind (`kinds`) match, up to `limit` matches in all, as a JSON object. */
function countedInIndex(query: SearchQuery, kinds: readonly SearchKind[], limit: number): RawBuilder<unknown> {
  return sql`select json_object_agg(x.kind, x.n) from (
      select y.kind, count(*) as n from (${ofKindsInIndex(query, kinds)} limit ${limit}) y group by y.kind) x`;
}

/** What the planner's statistics say of `search_terms`: how many rows, and common terms' shares of them. */
export interface TermStats {
  documents: number;
  shares: ReadonlyMap<string, number>;
}

/** The statistics, per database, read again every `STATS_TTL_MS`. */
const termStats = new WeakMap<object, { at: number; stats: Promise<TermStats> }>();

async function readTermStats(executor: Executor): Promise<TermStats> {
  const { rows } = await sql<{ documents: number | null; elems: string[] | null; freqs: number[] | null }>`
    select (select greatest(reltuples, 0) from pg_class where oid = 'search_terms'::regclass) as documents,
           s.elems, s.freqs
      from (select 1) one left join (
        select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs from pg_stats
         where schemaname = current_schema() and tablename = 'search_terms' and attname = 'tsv') s on true`.execute(
    executor,
  );
  const { documents, elems, freqs } = rows[0] ?? { documents: 0, elems: null, freqs: null };
  return {
    documents: Number(documents ?? 0),
    shares: new Map((elems ?? []).map((token, i) => [token, Number(freqs?.[i] ?? 0)])),
  };
}

function statsOf(executor: Executor): Promise<TermStats> {
  const cached = termStats.get(executor);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached.stats;
  const stats = readTermStats(executor).catch(() => ({ documents: 0, shares: new Map<string, number>() }));
  termStats.set(executor, { at: Date.now(), stats });
  return stats;
}

/**
 * At most the share of the documents a query matches, by the statistics (a word outside them is
 * rare): words that must all match count as their rarest, not as their product, which assumes them
 * independent and can make two words often together (元数据 高可用) look rare, sending tens of
 * thousands of matches to the GIN index's bitmap. Only whether the walk would find enough matches
 * matters (`walkFinds`): a rare word makes the GIN index's intersection short.
 */
export function matchShare(terms: readonly QueryTerm[], shares: ReadonlyMap<string, number>): number {
  const share = (term: QueryTerm): number => {
    if (typeof term === 'string') return shares.get(term) ?? 0;
    if ('prefix' in term) {
      let sum = 0;
      for (const [token, f] of shares) if (token.startsWith(term.prefix)) sum += f;
      return Math.min(sum, 1);
    }
    if ('any' in term) return 1 - term.any.reduce((none, t) => none * (1 - share(t)), 1);
    return Math.min(...term.all.map(share));
  };
  return Math.min(...terms.map(share));
}

/**
 * Whether to walk for a key in `share` of the documents: it is common, and the walk is expected to
 * find `limit` matches among the rows it may pass, the newest `span` ids or every document when
 * there are fewer (decision 050). When it is not, the GIN index finds them for less than the walk
 * costs before it gives up: a key in 1.5 % of a million documents would be walked over 50,000 rows
 * for 750 matches, then asked of the index all the same.
 */
export function walkFinds(share: number, stats: Pick<TermStats, 'documents'>, limit: number, span: number): boolean {
  return share >= COMMON_SHARE && share * Math.min(stats.documents, span) >= limit;
}

/**
 * The newest `limit` matches the searcher may see (of `kinds`, older than `before`), summed up. A
 * common key is walked newest first along the primary key (site, audience, id), one walk per site
 * and audience merged, over the newest `WALK_SPAN` ids at most; `ts_match_vq` rather than `@@`
 * keeps the planner to that walk (the operator would offer it the GIN index, whose bitmap of a
 * common key's tens of thousands of matches costs more). A rare key, or one the walk did not find
 * enough of, is asked of the GIN index (the terms and the facets in one intersection).
 */
export async function newestMatches(
  executor: Executor,
  query: SearchQuery,
  kinds: readonly SearchKind[] | undefined,
  options: NewestOptions = {},
): Promise<Newest> {
  const { before, limit = WALKED, span = WALK_SPAN, others = false } = options;
  const tsquery = keyTsquery(query);
  const older = before === undefined ? sql`` : sql`and t.id < ${before}`;
  const fromIndex = async (): Promise<Newest> => {
    const { rows } = await sql<SummaryRow>`
      with c as materialized (
        select t.id, t.kind, ${score(query)} as score from search_terms t
         where t.tsv @@ ${tsquery} and t.facets @@ ${facetTsquery(query, kinds)}::tsquery and ${published(query)} ${older}
         order by t.id desc limit ${limit})
      ${summary(query)}`.execute(executor);
    return newestOf(rows[0]!);
  };
  const common = options.path
    ? options.path === 'walk'
    : await statsOf(executor).then((stats) => walkFinds(matchShare(query.terms, stats.shares), stats, limit, span));
  if (!common) return fromIndex();
  const sites = [...new Set([query.siteId, 0])];
  const audiences = query.partner ? [0, 1] : [0];
  const ofKinds = kinds?.length ? sql`and t.kind in (${sql.join(kinds.map((k) => sql`${k}`))})` : sql``;
  const walks = sites.flatMap((site) =>
    audiences.map(
      (audience) => sql`(select t.id, t.kind, t.published_at, t.tsv from search_terms t
          where t.site_id = ${site} and t.audience = ${audience} and t.id > (select floor from f) ${older}
            and ts_match_vq(t.tsv, ${tsquery}) and ${published(query)} ${ofKinds}
          order by t.id desc limit ${limit})`,
    ),
  );
  // The walk's plan is the same for every key (the primary key, newest first): prepared once per
  // connection, its generic plan is kept (decision 051).
  const { rows } = await sql<SummaryRow & { floor: string }>`${sql.raw(PREPARED)}
    with f as (select coalesce(max(id), 0) - ${span} as floor from search_documents),
         c as materialized (
           select t.id, t.kind, ${score(query)} as score from (${sql.join(walks, sql` union all `)}) t
            order by t.id desc limit ${limit})
    select (select floor from f) as floor, s.*${others ? sql`, (${countedInIndex(query, OTHER_KINDS, OTHERS_COUNTED)}) as others` : sql``}
      from (${summary(query)}) s`.execute(executor);
  const walked = newestOf(rows[0]!);
  // Fewer than asked in the newest ids: the key is rarer than its words' shares said, and the GIN
  // index finds them all (the walk's few are found again).
  if (walked.found === limit || Number(rows[0]!.floor) <= 0) return walked;
  return fromIndex();
}

/**
 * The counts per kind from the newest `limit` matches of every kind (`walked`): they settle every
 * kind when they are fewer, and a kind they hold 1,001 of. A kind common among them is counted on
 * from the last of them (the walk goes on for that kind alone, as far as 1,001); a rare one through
 * the GIN index, capped: the other kinds' own index (migration 0043), or the terms' and facets'
 * when posts are rare too.
 */
async function countsAfter(
  executor: Executor,
  query: SearchQuery,
  walked: Newest,
  limit: number,
): Promise<Partial<Record<SearchKind, number>>> {
  const seen = new Map<SearchKind, number>(
    Object.entries(walked.kinds).map(([kind, n]) => [kind as SearchKind, Math.min(n, WALKED)]),
  );
  if (walked.found < limit) return Object.fromEntries(seen);
  const open = SEARCH_KINDS.filter((kind) => (seen.get(kind) ?? 0) < WALKED);
  const goOn = open.filter((kind) => (seen.get(kind) ?? 0) >= COMMON_AMONG_WALKED);
  const rare = open.filter((kind) => (seen.get(kind) ?? 0) < COMMON_AMONG_WALKED);
  for (const kind of goOn) {
    const needed = WALKED - seen.get(kind)!;
    const more = await newestMatches(executor, { ...query, limit: 0 }, [kind], {
      before: walked.last,
      limit: needed,
    });
    seen.set(kind, seen.get(kind)! + more.found);
  }
  if (rare.length > 0) {
    // The rare kinds' matches in a GIN index, site and audience from the row, as far as 1,001 each
    // could need: counted in the walk's statement when none of them are posts (`others`), else in
    // one look-up of their own.
    let found: Partial<Record<SearchKind, number>>;
    let all = WALKED * rare.length;
    if (walked.others && !rare.includes('post')) {
      found = walked.others;
      all = OTHERS_COUNTED;
    } else {
      const { rows } = await sql<{ found: Partial<Record<SearchKind, number>> | null }>`
        select (${countedInIndex(query, rare, all)}) as found`.execute(executor);
      found = rows[0]?.found ?? {};
    }
    if (Object.values(found).reduce((sum, n) => sum + n, 0) === all) {
      // A kind common after all filled the look-up: each counted on its own, capped.
      const perKind = rare.map(
        (kind) =>
          sql`select ${kind}::text as kind, (select count(*) from (${ofKindsInIndex(query, [kind])} limit ${WALKED}) x) as n`,
      );
      const { rows } = await sql<{ kind: SearchKind; n: string }>`${sql.join(perKind, sql` union all `)}`.execute(
        executor,
      );
      found = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
    }
    for (const kind of rare) seen.set(kind, Math.min(found[kind] ?? 0, WALKED));
  }
  return Object.fromEntries([...seen].filter(([, n]) => n > 0));
}

/** The page a walk scored, as hits. */
function pageOf(newest: Newest): SearchHit[] {
  return newest.page.map((hit) => ({ ...hit, published_at: Number(hit.published_at) }));
}

/**
 * A search's page and its counts: one walk of every kind gives the all tab its page and every tab
 * its counts (decisions 046, 050, 051). `path` as `newestMatches` takes it (the tests).
 */
export async function findMatches(
  executor: Executor,
  query: SearchQuery,
  path?: NewestOptions['path'],
): Promise<SearchFound> {
  const walked = await newestMatches(executor, query, undefined, { limit: WALKED_FOR_COUNTS, others: true, path });
  const shown = query.kinds?.length ? await newestMatches(executor, query, query.kinds, { path }) : walked;
  return { hits: pageOf(shown), counts: await countsAfter(executor, query, walked, WALKED_FOR_COUNTS) };
}

export const postgresSearchEngine: SearchEngine = {
  async put(executor, documents) {
    // A rebuild writes 500 at a time: two statements per batch, not per document. The documents
    // first (their ids), then their rows in `search_terms` (decision 046), replacing a row whose
    // site or audience changed (its key).
    for (let from = 0; from < documents.length; from += PUT_BATCH) {
      const batch = documents.slice(from, from + PUT_BATCH);
      const written = await executor
        .insertInto('search_documents')
        .values(batch.map((doc) => doc satisfies IndexedDocument))
        .onConflict((oc) =>
          oc.columns(['kind', 'item_id']).doUpdateSet((eb) => ({
            site_id: eb.ref('excluded.site_id'),
            audience: eb.ref('excluded.audience'),
            parent_id: eb.ref('excluded.parent_id'),
            title: eb.ref('excluded.title'),
            body: eb.ref('excluded.body'),
            title_tokens: eb.ref('excluded.title_tokens'),
            body_tokens: eb.ref('excluded.body_tokens'),
            published_at: eb.ref('excluded.published_at'),
          })),
        )
        .returning(['id', 'kind', 'item_id'])
        .execute();
      const ids = new Map(written.map((r) => [`${r.kind}:${r.item_id}`, r.id]));
      const rows = batch.map((doc) => {
        const id = ids.get(`${doc.kind}:${doc.item_id}`)!;
        const facets = `${quote(`_k${doc.kind}`)} ${quote(`_s${doc.site_id}`)} ${quote(`_a${doc.audience}`)}`;
        return sql`(${doc.site_id}::integer, ${doc.audience}::integer, ${id}::integer, ${doc.kind}, ${doc.published_at}::bigint,
          ${tsvectorLiteral(doc.title_tokens, doc.body_tokens)}::tsvector, ${facets}::tsvector)`;
      });
      await sql`
        with v (site_id, audience, id, kind, published_at, tsv, facets) as (values ${sql.join(rows)}),
             moved as (delete from search_terms t using v
                        where t.id = v.id and (t.site_id <> v.site_id or t.audience <> v.audience))
        insert into search_terms (site_id, audience, id, kind, published_at, tsv, facets)
        select site_id, audience, id, kind, published_at, tsv, facets from v
        on conflict (site_id, audience, id) do update
           set kind = excluded.kind, published_at = excluded.published_at, tsv = excluded.tsv,
               facets = excluded.facets`.execute(executor);
    }
  },

  async remove(executor, kind, itemIds) {
    if (itemIds.length === 0) return;
    // Their `search_terms` rows go with them (on delete cascade).
    await executor.deleteFrom('search_documents').where('kind', '=', kind).where('item_id', 'in', itemIds).execute();
  },

  async clear(executor, kind) {
    const query = executor.deleteFrom('search_documents');
    await (kind ? query.where('kind', '=', kind) : query).execute();
  },

  async prepareRebuild() {
    // Nothing is kept beside search_terms for reading.
  },

  async optimize(executor) {
    // The planner's statistics of the new rows (how common each token is), before autovacuum's.
    await sql`analyze search_documents`.execute(executor);
    await sql`analyze search_terms`.execute(executor);
  },

  async search(executor, query) {
    // The newest matches the searcher may see (decision 043), scored; the page taken by keyset over
    // (score, id) among them, in the same statement.
    return pageOf(await newestMatches(executor, query, query.kinds?.length ? query.kinds : undefined));
  },

  find: (executor, query) => findMatches(executor, query),
};
