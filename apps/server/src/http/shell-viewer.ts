import type { FastifyRequest } from 'fastify';
import { IS_EDIT } from '@portal/contracts/constants';
import { levelStanding } from '@portal/contracts/points';
import { siteByCode } from '@portal/contracts/sites';
import type { ShellViewer } from '@portal/contracts/ssr';
import type { SignedInMember } from './register-call';

/** A member's named permissions on a site, as getMyInfo and the shell give them: sorted lists. */
export function permissionLists(member: SignedInMember): Pick<ShellViewer, 'permissions' | 'scoped_permissions'> {
  return {
    permissions: [...member.permissions].sort(),
    scoped_permissions: [...member.scoped]
      .filter(([, scopes]) => scopes.size > 0)
      .map(([permission]) => permission)
      .sort(),
  };
}

/**
 * The page request's member as the shell shows them on the site `siteCode` (PortalLoadContext.viewer):
 * from the session the request resolves once, with the member's roles on that site, which the
 * page's own calls then share. A banned member is shown the pages as a visitor (getMyInfo refuses
 * them with 403 for the same reason).
 */
export async function shellViewer(request: FastifyRequest, siteCode: string): Promise<ShellViewer | null> {
  const site = siteByCode(siteCode) ?? request.portal.site;
  const member = request.memberOn ? await request.memberOn(site.tws_id) : null;
  if (!member || member.banned) return null;
  return {
    user_id: member.id,
    user_nick_name: member.nickName,
    user_avatar_att_url: member.avatarUrl,
    user_points_level: levelStanding(member.pointsEarned).level,
    is_edit: member.informationComplete ? IS_EDIT.complete : IS_EDIT.incomplete,
    ...permissionLists(member),
  };
}
