import { defineFeature } from '../../platform/kit/feature';
import { expertCount } from './experts.contributions';
import { expertsRoutes } from './experts.routes';

/** The expert and MVP directories. */
export const expertsFeature = defineFeature({
  name: 'experts',
  contributes: { homeFigures: [expertCount] },
  routes: expertsRoutes,
});
