import type { SiteCatalogue } from '../zh';

/** The rich-text editor: toolbar, Word import, file picker, word count, autosave (namespace `editor`, en). */
export const editor: SiteCatalogue['editor'] = {};
