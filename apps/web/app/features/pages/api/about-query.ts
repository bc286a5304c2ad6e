import { aboutPage } from '@portal/contracts/home';
import type { Site } from '@portal/contracts/sites';
import { callQuery } from '~/lib/query/call-query';

export const aboutQuery = (site: Site) => callQuery(aboutPage, site, {});
