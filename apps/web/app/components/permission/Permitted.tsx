import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { commonDataQuery } from '~/lib/query/site-queries';
import { useShell } from '~/lib/shell';
import { permitted, routePermissionList } from './permission-list';

/**
 * The permission directive of spec 6 as a hook: whether the element for `action` is allowed on this
 * page. Only active when the site setting `permission_switch` is on; the server refuses the call
 * either way, so this is about not showing what would be refused.
 */
export function usePermission(action: string): boolean {
  const { site, user } = useShell();
  const matches = useMatches();
  const { data } = useQuery(commonDataQuery(site));
  const list = routePermissionList(
    user?.permissions,
    matches.map((m) => m.handle),
  );
  return permitted(data?.permission_switch === true, list, action);
}

/**
 * Removes its children (`mode="remove"`, the default) unless `action` is allowed, or hands them the
 * answer so that they render disabled (`mode="disable"`, children as a function).
 */
export function Permitted(
  props:
    | { action: string; mode?: 'remove'; children: ReactNode }
    | { action: string; mode: 'disable'; children: (allowed: boolean) => ReactNode },
) {
  const allowed = usePermission(props.action);
  if (props.mode === 'disable') return <>{props.children(allowed)}</>;
  return allowed ? <>{props.children}</> : null;
}
