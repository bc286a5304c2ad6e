import { defineFeature } from '../kit/feature';
import { searchRoutes } from './search.routes';

/** Search over every kind the features register (`searchSources`), on either database (decision 039). */
export const searchFeature = defineFeature({ name: 'search', routes: searchRoutes });
