/** Review statuses and decisions as members see them (namespace `reviews`, zh). */
export const reviews = {} as const;
