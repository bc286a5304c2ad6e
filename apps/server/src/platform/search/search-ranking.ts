/** How the engines weigh a hit (decision 039), the same on both databases. */

/** Recency: an item published today counts twice, one 90 days old 1.5 times, a very old one once. */
export const RECENCY_DAYS = 90;
/** The title's weight against the body's. */
export const TITLE_WEIGHT = 10;
