import { BUILTIN_ROLES, MEMBER_ROLE } from '@portal/contracts/permissions';
import { adminRolesList, type RoleItem } from '@portal/contracts/roles';
import type { Lang } from '@portal/contracts/sites';
import { useAdminSite } from '~/lib/admin/admin-context';
import { useCall } from '~/lib/query/use-call';

export interface RoleOption {
  code: string;
  name: string;
  scopeKind: 'board' | 'topic' | null;
}

/** A role's name in the interface language. */
export function roleName(role: Pick<RoleItem, 'name_zh' | 'name_en'>, lang: Lang): string {
  return lang === 'zh' ? role.name_zh : role.name_en;
}

/**
 * The roles a screen offers (filters, grants, broadcasts), named in the interface language. They
 * come from `admin.roles.list` when the staff member may manage roles; otherwise the built-in roles
 * by code, and `fallbackName` (the server's name in the managed site's language) where one is known.
 */
export function useRoleOptions(lang: Lang): {
  options: RoleOption[];
  nameOf: (code: string, fallback?: string) => string;
} {
  const { can } = useAdminSite();
  const allowed = can('role.manage');
  const query = useCall(adminRolesList, {}, { enabled: allowed, staleTime: 60_000 });
  const roles = allowed ? (query.data?.roles ?? []) : [];
  const options: RoleOption[] = roles.length
    ? roles
        .filter((r) => r.code !== MEMBER_ROLE)
        .map((r) => ({ code: r.code, name: roleName(r, lang), scopeKind: r.scope_kind }))
    : BUILTIN_ROLES.filter((r) => r.code !== MEMBER_ROLE).map((r) => ({
        code: r.code,
        name: r.code,
        scopeKind: r.scope,
      }));
  const names = new Map(roles.map((r) => [r.code, roleName(r, lang)]));
  return { options, nameOf: (code, fallback) => names.get(code) ?? fallback ?? code };
}
