import { createContext, useContext } from 'react';
import type { AdminContext, AdminSite } from '@portal/contracts/admin';
import type { Permission } from '@portal/contracts/permissions';
import type { Site, SiteCode } from '@portal/contracts/sites';

/** What the admin layout knows for every screen: the staff member, their sites and the managed one. */
export interface AdminFrame {
  context: AdminContext;
  /** The site being managed (from `?site=`). */
  managed: AdminSite;
  site: Site;
}

export const AdminFrameContext = createContext<AdminFrame | null>(null);

function useFrame(): AdminFrame {
  const frame = useContext(AdminFrameContext);
  if (!frame) throw new Error('useAdminSite() is for screens inside the /admin layout');
  return frame;
}

export interface ManagedSite {
  /** The portal site being managed: `site.apply_site` goes into `/api/{site}/admin/...`. */
  site: Site;
  siteCode: SiteCode;
  /** The member's site-wide permissions on it. */
  permissions: ReadonlySet<string>;
  /** Whether the member holds `permission` on the managed site. */
  can(permission: Permission): boolean;
  /** Every site the member may manage. */
  sites: readonly AdminSite[];
}

/** The managed site and the member's permissions on it, for back-office screens. */
export function useAdminSite(): ManagedSite {
  const { managed, site, context } = useFrame();
  const permissions = new Set(managed.permissions);
  return {
    site,
    siteCode: site.apply_site,
    permissions,
    can: (permission) => permissions.has(permission),
    sites: context.sites,
  };
}

/** The signed-in staff member (id, nickname, avatar). */
export function useAdminUser(): AdminContext['user'] {
  return useFrame().context.user;
}
