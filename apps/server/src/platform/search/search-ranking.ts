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
