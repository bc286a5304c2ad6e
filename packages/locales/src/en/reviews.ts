import type { SiteCatalogue } from '../zh';

/** Review statuses and decisions as members see them (namespace `reviews`, en). */
export const reviews: SiteCatalogue['reviews'] = {};
