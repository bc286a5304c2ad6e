import type { SiteCatalogue } from '../zh';

/** Discussions: list, detail, comments, answers; server messages of posts and comments (namespace `discuss`, en). */
export const discuss: SiteCatalogue['discuss'] = {};
