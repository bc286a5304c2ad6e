import type { Kysely } from 'kysely';
import type { AdminContext } from '@portal/contracts/admin';
import { PERMISSION_LIST, PERMISSIONS } from '@portal/contracts/permissions';
import { SITES } from '@portal/contracts/sites';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { siteAccess } from '../roles/access';
import { adminRepository } from './admin.repository';

/** Permissions in the order of the permission list, so the answer is stable. */
function ordered(permissions: ReadonlySet<string>): string[] {
  return PERMISSION_LIST.filter((p) => permissions.has(p));
}

/**
 * The back office's frame: the sites a member may manage are those where they hold `admin.access`
 * site-wide (a moderator's board permissions do not open the back office). Read fresh on every
 * call, so a revoked role closes the back office at the next request.
 */
export function adminService(db: Kysely<DB>) {
  const repo = adminRepository(db);
  return {
    async context(userId: number): Promise<AdminContext> {
      const [card, ...accesses] = await Promise.all([
        repo.memberCard(userId),
        ...SITES.map((site) => siteAccess(db, userId, site.tws_id)),
      ]);
      if (!card) throw ApiError.unauthorized();
      const sites = SITES.flatMap((site, i) => {
        const access = accesses[i]!;
        if (!access.permissions.has(PERMISSIONS.adminAccess)) return [];
        return [{ tws_id: site.tws_id, apply_site: site.apply_site, permissions: ordered(access.permissions) }];
      });
      if (sites.length === 0) throw ApiError.forbidden();
      return {
        user: { user_id: card.id, user_nick_name: card.nick_name, user_avatar_att_url: card.avatar_url },
        sites,
      };
    },
  };
}
