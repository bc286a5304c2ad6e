/** The rich-text editor: toolbar, Word import, file picker, word count, autosave (namespace `editor`, zh). */
export const editor = {} as const;
