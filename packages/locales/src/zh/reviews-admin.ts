/** The back office's review queue (namespace `reviewsAdmin`, zh). */
export const reviewsAdmin = {} as const;
