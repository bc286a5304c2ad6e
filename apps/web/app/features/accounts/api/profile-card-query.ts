import { userDetail } from '@portal/contracts/accounts';
import type { Site } from '@portal/contracts/sites';
import { callQuery } from '~/lib/query/call-query';

/**
 * A member's profile card. Asked again on every opening: the follow state and the counts change,
 * and they depend on who is looking.
 */
export const profileCardQuery = (site: Site, userId: number) => ({
  ...callQuery(userDetail, site, { id: userId }),
  staleTime: 0,
});
