import type { SiteCatalogue } from '../zh';

/** Uploads: the upload component and the upload calls' messages (spec 5, 8) (namespace `upload`, en). */
export const upload: SiteCatalogue['upload'] = {};
