import type { BackOfficeCatalogue } from '../back-office';

/** The back office's review queue (namespace `reviewsAdmin`, en). */
export const reviewsAdmin: BackOfficeCatalogue['reviewsAdmin'] = {};
