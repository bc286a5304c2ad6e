import { commonData, currSiteData } from '@portal/contracts/home';
import type { Site } from '@portal/contracts/sites';
import { callQuery, type CallQuery } from '~/lib/query/call-query';

/** Footer, limits and settings of the site. */
export const commonDataQuery = (site: Site) => callQuery(commonData, site, {});

/** The current site and its language options (language dropdown). */
export const currSiteDataQuery = (site: Site) => callQuery(currSiteData, site, {});

/** What the shell (navbar, footer) needs on every page. */
export const shellQueries = (site: Site): CallQuery[] => [commonDataQuery(site), currSiteDataQuery(site)];
