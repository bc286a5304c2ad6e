import { defineFeature } from '../../platform/kit/feature';
import { homeRoutes } from './home.routes';

/** The home page's calls and the shell's site data (commonData, currSiteData). */
export const homeFeature = defineFeature({ name: 'home', routes: homeRoutes });
