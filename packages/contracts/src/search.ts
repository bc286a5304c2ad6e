import { lazySchema, z } from './zod';
import { defineCall, PUBLIC } from './call';
import { SEARCH_KEYWORD_MAX } from './constants';
import { pageOf, pageQuerySchema } from './pagination';
import { plainLine } from './text-rules';

/** What search finds, one tab each (issue 23). */
export const SEARCH_KINDS = [
  'post',
  'article',
  'topic',
  'event',
  'journal_issue',
  'journal_article',
  'member',
  'cooperation',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How far back the time filter reaches. */
export const SEARCH_TIMES = ['all', 'day', 'week', 'month', 'year'] as const;
export type SearchTime = (typeof SEARCH_TIMES)[number];

/** Suggestions start after two characters (the box waits for the member to pause). */
export const SEARCH_SUGGEST_MIN = 2;
export const SEARCH_SUGGEST_LIMIT = 8;

/**
 * A search ranks and pages the newest this many matches of its key and counts each kind up to this
 * many (decision 043): a count above it is shown as "1000+", and a word found in hundreds of
 * thousands of items answers as fast as a rare one.
 */
export const SEARCH_COUNT_MAX = 1000;

/** The key of spec 5/9: at most 20 characters, one line, not blank. */
export function searchKeySchema(min = 1) {
  return z
    .string({ message: 'search.rules.keyRequired' })
    .transform(plainLine)
    .pipe(
      z
        .string()
        .trim()
        .min(min, { message: min > 1 ? 'search.rules.keyTooShort' : 'search.rules.keyRequired' })
        .refine((key) => [...key].length <= SEARCH_KEYWORD_MAX, { message: 'search.rules.keyTooLong' }),
    )
    .describe(`the search key, at most ${SEARCH_KEYWORD_MAX} characters`);
}

export const searchHitSchema = lazySchema(() =>
  z.object({
    kind: z.enum(SEARCH_KINDS),
    id: z.number().describe('the id of the item in its kind (tp_id, ttar_id, …)'),
    parent_id: z.number().describe("the item's container (an e-magazine article's issue); 0 for none"),
    url: z.string().describe('the path of its page on this site, with the language prefix'),
    title: z.string().describe('plain text'),
    title_html: z.string().describe('the title, HTML-escaped, matched words in <em>'),
    snippet_html: z.string().describe('a passage of the plain text around the first match, escaped, matches in <em>'),
    create_time: z.string().describe('ISO 8601 publishing time'),
  }),
);
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchIndex = defineCall({
  id: 'search.index',
  scope: 'site',
  path: '/api/search/index',
  write: false,
  access: PUBLIC,
  tag: 'search',
  summary:
    'Searches the site: words in Chinese and English (stemmed), product names as written, synonyms of the site dictionary; best matches first (title and recency weighted); keyset paged; counts per kind for the tabs. Only what the searcher may see.',
  body: lazySchema(() =>
    pageQuerySchema.extend({
      search_key: searchKeySchema(),
      kind: z.enum(SEARCH_KINDS, { message: 'search.rules.kindInvalid' }).optional(),
      time: z.enum(SEARCH_TIMES, { message: 'search.rules.timeInvalid' }).default('all'),
    }),
  ),
  data: lazySchema(() =>
    pageOf(searchHitSchema).extend({
      counts: z
        .record(z.enum(SEARCH_KINDS), z.number())
        .describe(
          `matches per kind, whatever \`kind\` says, counted up to ${SEARCH_COUNT_MAX + 1}: more than ${SEARCH_COUNT_MAX} means "${SEARCH_COUNT_MAX}+"`,
        ),
      total: z.number().describe('the sum of `counts`'),
    }),
  ),
});

export const searchSuggest = defineCall({
  id: 'search.suggest',
  scope: 'site',
  path: '/api/search/suggest',
  write: false,
  access: PUBLIC,
  tag: 'search',
  summary: `Titles that match what the member is typing (from ${SEARCH_SUGGEST_MIN} characters), best first`,
  body: lazySchema(() => z.strictObject({ search_key: searchKeySchema(SEARCH_SUGGEST_MIN) })),
  data: lazySchema(() =>
    z.object({
      list: z.array(searchHitSchema.pick({ kind: true, id: true, url: true, title: true, title_html: true })),
    }),
  ),
});
