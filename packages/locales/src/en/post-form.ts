import type { SiteCatalogue } from '../zh';

/** The publish-post dialog and its validation messages (spec 5) (namespace `postForm`, en). */
export const postForm: SiteCatalogue['postForm'] = {};
