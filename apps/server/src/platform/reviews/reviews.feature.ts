import { defineFeature } from '../kit/feature';
import { reviewsRoutes } from './reviews.routes';

/** The back office's one review queue, over the kinds the features contribute. */
export const reviewsFeature = defineFeature({ name: 'reviews', routes: reviewsRoutes });
