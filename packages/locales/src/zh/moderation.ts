/** The moderator zone, moderator actions and reports (namespace `moderation`, zh). */
export const moderation = {} as const;
