import { defineFeature } from '../../platform/kit/feature';
import { pagesRoutes } from './pages.routes';

/** Pages staff write in the back office and members read (About). */
export const pagesFeature = defineFeature({ name: 'pages', routes: pagesRoutes });
