import { defineFeature } from '../../platform/kit/feature';
import { pagesRoutes } from './pages.routes';

/** Pages staff write in the back office and members read (about, terms of use, privacy policy). */
export const pagesFeature = defineFeature({ name: 'pages', routes: pagesRoutes });
