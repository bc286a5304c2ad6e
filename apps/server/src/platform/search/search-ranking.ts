/** How the engines weigh a hit (decision 039), the same on both databases. */

/** Recency: an item published today counts twice, one 90 days old 1.5 times, a very old one once. */
export const RECENCY_DAYS = 90;
/** The title's weight against the body's. */
export const TITLE_WEIGHT = 10;

/**
 * The matches a search ranks: the newest this many (by index row) that the searcher may see, so a
 * key found in a million items costs what one found in a thousand does (decision 043).
 */
export { SEARCH_COUNT_MAX as RANKED_CANDIDATES } from '@portal/contracts/search';

const DAY_MS = 86_400_000;

/** The recency boost of an item published at `publishedAt`, seen at `now` (both ms). */
export function recencyBoost(now: number, publishedAt: number): number {
  return 1 + 1 / (1 + Math.max(now - publishedAt, 0) / (DAY_MS * RECENCY_DAYS));
}
