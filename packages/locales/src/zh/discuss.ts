/** Discussions: list, detail, comments, answers; server messages of posts and comments (namespace `discuss`, zh). */
export const discuss = {} as const;
