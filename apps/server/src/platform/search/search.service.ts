import type { Kysely } from 'kysely';
import { ROLE_BADGES } from '@portal/contracts/constants';
import { STATUS } from '@portal/contracts/envelope';
import type { SearchHit as SearchHitData, SearchKind, SearchTime } from '@portal/contracts/search';
import { SEARCH_KINDS, SEARCH_SUGGEST_LIMIT } from '@portal/contracts/search';
import type { Site } from '@portal/contracts/sites';
import { topicArticlePath, topicPath } from '@portal/contracts/topics';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { SignedInMember } from '../../http/register-call';
import { ApiError } from '../../http/api-error';
import { synonymGroups } from '../dictionaries/synonyms';
import { memberBriefs } from '../members/member-brief.repository';
import { isPartner } from '../roles/partner';
import { searchEngineFor, type SearchHit, type SearchQuery } from './search-engine';
import type { SearchReaders } from './search-readers';
import { highlighter, markHits, snippet } from './search-snippet';
import { expandSynonyms, typingTerms, type QueryTerm } from './tokenizer';

const DAY_MS = 86_400_000;
const TIME_SPANS: Record<Exclude<SearchTime, 'all'>, number> = {
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
};

/** Where a hit's page is on the site. */
function hitUrl(site: Site, hit: SearchHit, experts: ReadonlySet<number>): string {
  const p = site.prefix;
  switch (hit.kind) {
    case 'post':
      return `/${p}/discuss/info/${hit.item_id}`;
    case 'article':
      return topicArticlePath(p, hit.item_id);
    case 'topic':
      return topicPath(p, hit.item_id);
    case 'event':
      return `/${p}/activity/info/${hit.item_id}`;
    case 'journal_issue':
      return `/${p}/journal/info/${hit.item_id}`;
    case 'journal_article':
      return `/${p}/journal/info/${hit.parent_id}?article=${hit.item_id}`;
    case 'cooperation':
      return `/${p}/cooperate/info/${hit.item_id}`;
    case 'member':
      // Only resident experts have a public page; other members are found by name, without a link.
      return experts.has(hit.item_id) ? `/${p}/stationed/info/${hit.item_id}` : '';
  }
}

interface SearchCursor {
  score: number;
  id: number;
  now: number;
}

function encodeSearchCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify([cursor.score, cursor.id, cursor.now])).toString('base64url');
}

/** A cursor from a client; a forged one is a validation failure on `cursor`. */
function decodeSearchCursor(raw: string | undefined): SearchCursor | null {
  if (raw === undefined || raw === '') return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      value.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
      Number.isInteger(value[1]) &&
      Number.isInteger(value[2])
    ) {
      return { score: value[0] as number, id: value[1] as number, now: value[2] as number };
    }
  } catch {
    // falls through to the refusal
  }
  throw new ApiError(
    400,
    STATUS.validation,
    'errors.validation',
    { field: 'cursor', reason: 'cursor' },
    {
      field: 'cursor',
      issues: [{ field: 'cursor', message: 'cursor' }],
    },
  );
}

/** A count for every kind, 0 where nothing matched. */
function allKinds(found: Partial<Record<SearchKind, number>>): Record<SearchKind, number> {
  return Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, found[kind] ?? 0])) as Record<SearchKind, number>;
}

/**
 * Search over what the features registered (decision 039): the key made into terms (with the site's
 * synonyms), the engine of the database asked for a page and the counts per kind, and each hit
 * shaped with its address and a marked title and snippet built from plain text.
 */
export function searchService(db: Kysely<DB>, clock: Clock, readers?: SearchReaders) {
  const engine = searchEngineFor(db);
  // On a SQLite file the reads go to the search readers' threads (decision 047).
  const find = (query: SearchQuery) => (readers ? readers.find(query) : engine.find(db, query));
  const searchOnly = (query: SearchQuery) => (readers ? readers.search(query) : engine.search(db, query));

  async function terms(site: Site, key: string): Promise<QueryTerm[]> {
    return expandSynonyms(key, await synonymGroups(db, site.tws_id));
  }

  async function shape(site: Site, hits: SearchHit[], marker: RegExp | null): Promise<SearchHitData[]> {
    const members = hits.filter((h) => h.kind === 'member').map((h) => h.item_id);
    const briefs = await memberBriefs(db, members, site.tws_id);
    const experts = new Set(
      [...briefs.values()].filter((b) => b.user_logo_arr.includes(ROLE_BADGES.expert!)).map((b) => b.user_id),
    );
    return hits.map((hit) => ({
      kind: hit.kind,
      id: hit.item_id,
      parent_id: hit.parent_id,
      url: hitUrl(site, hit, experts),
      title: hit.title,
      title_html: markHits(hit.title, marker),
      snippet_html: hit.body ? snippet(hit.body, marker) : '',
      create_time: new Date(hit.published_at).toISOString(),
    }));
  }

  return {
    async search(
      site: Site,
      body: { search_key: string; kind?: SearchKind; time: SearchTime; cursor?: string; limit: number },
      viewer: SignedInMember | null,
    ) {
      const cursor = decodeSearchCursor(body.cursor);
      const queryTerms = await terms(site, body.search_key);
      if (queryTerms.length === 0) return { list: [], next_cursor: null, counts: allKinds({}), total: 0 };
      const now = cursor?.now ?? clock.now();
      const query: SearchQuery = {
        siteId: site.tws_id,
        terms: queryTerms,
        kinds: body.kind ? [body.kind] : undefined,
        since: body.time === 'all' ? undefined : now - TIME_SPANS[body.time],
        partner: isPartner(viewer),
        now,
        after: cursor ? { score: cursor.score, id: cursor.id } : undefined,
        limit: body.limit + 1,
      };
      const { hits, counts: found } = await find(query);
      const counts = allKinds(found);
      const page = hits.slice(0, body.limit);
      const last = page[page.length - 1];
      const marker = highlighter(queryTerms);
      return {
        list: await shape(site, page, marker),
        next_cursor:
          hits.length > body.limit && last ? encodeSearchCursor({ score: last.score, id: last.id, now }) : null,
        counts,
        total: Object.values(counts).reduce((a, b) => a + b, 0),
      };
    },

    async suggest(site: Site, key: string, viewer: SignedInMember | null) {
      // The last latin word is still being typed: its start is asked (snap → snapshots).
      const queryTerms = typingTerms(key, await synonymGroups(db, site.tws_id));
      if (queryTerms.length === 0) return { list: [] };
      const hits = await searchOnly({
        siteId: site.tws_id,
        terms: queryTerms,
        partner: isPartner(viewer),
        now: clock.now(),
        limit: SEARCH_SUGGEST_LIMIT,
      });
      const marker = highlighter(queryTerms);
      const shaped = await shape(site, hits, marker);
      return { list: shaped.map(({ kind, id, url, title, title_html }) => ({ kind, id, url, title, title_html })) };
    },
  };
}
