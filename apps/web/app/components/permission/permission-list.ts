/** Route `handle.permissions`: the actions a page offers, when it narrows the member's list (spec 6). */
export interface PermissionHandle {
  permissions?: readonly string[];
}

/**
 * The current route's permission list of spec 6: the member's named permissions on the page's
 * site, narrowed to the actions the matched routes declare when any of them declares some. A
 * visitor's list is empty.
 */
export function routePermissionList(
  memberPermissions: readonly string[] | undefined,
  handles: readonly unknown[],
): readonly string[] {
  const mine = memberPermissions ?? [];
  const declared = handles.flatMap((h) =>
    typeof h === 'object' && h !== null && Array.isArray((h as PermissionHandle).permissions)
      ? ((h as PermissionHandle).permissions as readonly string[])
      : [],
  );
  if (declared.length === 0) return mine;
  const offered = new Set(declared);
  return mine.filter((p) => offered.has(p));
}

/**
 * Whether an element for `action` stays as it is: always while the site's permission switch is
 * off (the server still checks every call), else only when the route's list holds the action.
 */
export function permitted(switchOn: boolean, list: readonly string[], action: string): boolean {
  return !switchOn || list.includes(action);
}
