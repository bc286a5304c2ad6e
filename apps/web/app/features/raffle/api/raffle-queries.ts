import type { Site } from '@portal/contracts/sites';
import { raffleCurrent } from '@portal/contracts/raffle';
import { callQuery } from '~/lib/query/call-query';

/** The site's shown campaign with the viewer's chances: what the raffle page's loader prefetches. */
export const raffleCurrentQuery = (site: Site) => callQuery(raffleCurrent, site, {});
