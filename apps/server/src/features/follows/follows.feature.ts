import { defineFeature } from '../../platform/kit/feature';
import { followDirectory } from './follows.contributions';
import { followsRoutes } from './follows.routes';

/** Members following members. */
export const followsFeature = defineFeature({
  name: 'follows',
  contributes: { followDirectories: [followDirectory] },
  routes: followsRoutes,
});
