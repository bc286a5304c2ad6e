import { defineFeature } from '../../platform/kit/feature';
import { followsRoutes } from './follows.routes';

/** Members following members. */
export const followsFeature = defineFeature({ name: 'follows', routes: followsRoutes });
