import { PARTNER_ROLE } from '@portal/contracts/permissions';
import type { SignedInMember } from '../../http/register-call';

/**
 * A partner: a member holding the enterprise role (decisions.md, People: enterprise member,
 * verified by admin), on this site or every site. Partner-only e-magazine PDFs, cooperation
 * downloads and search results are theirs.
 */
export function isPartner(viewer: SignedInMember | null): boolean {
  return viewer !== null && viewer.roles.some((r) => r.role === PARTNER_ROLE);
}
