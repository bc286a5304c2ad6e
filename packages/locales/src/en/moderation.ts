import type { SiteCatalogue } from '../zh';

/** The moderator zone, moderator actions and reports (namespace `moderation`, en). */
export const moderation: SiteCatalogue['moderation'] = {};
