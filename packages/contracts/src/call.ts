import type { Permission } from './permissions';
import type { z } from './zod';

/**
 * Who may make a call: anybody, a signed-in member, or the holder of a named permission. Every call
 * has one (the contract type requires it), and a test walks every route to prove it.
 */
export type AccessRule =
  | { kind: 'public'; completeInformation?: undefined }
  | { kind: 'member'; completeInformation?: boolean }
  | {
      kind: 'permission';
      permission: Permission;
      /** Other permissions that let the call through as well (the review queue: posts' or articles' reviewers). */
      orPermissions?: readonly Permission[];
      completeInformation?: boolean;
    };

/** A call for holders of a named permission on the call's site (or in some board or topic of it). */
export function permission(
  name: Permission,
  opts: { completeInformation?: boolean; orPermissions?: readonly Permission[] } = {},
): AccessRule {
  return { kind: 'permission', permission: name, ...opts };
}

export const PUBLIC: AccessRule = { kind: 'public' };
export const MEMBER: AccessRule = { kind: 'member' };
/** A member who has completed the information page (is_edit 1); others get status 203 (spec 8). */
export const MEMBER_WITH_INFORMATION: AccessRule = { kind: 'member', completeInformation: true };

/**
 * One API call, defined once for server and client (house style "One call, defined once").
 * `scope: 'site'` calls live under `/api/{site}{path}`; `scope: 'global'` calls at `path` and take
 * their site from the `siteData` cookie.
 */
export interface CallContract<Body extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  id: string;
  scope: 'site' | 'global';
  path: string;
  /** Writes are rate-limited per IP. */
  write: boolean;
  access: AccessRule;
  summary: string;
  tag: string;
  body: Body;
  data: Data;
}

export function defineCall<Body extends z.ZodType, Data extends z.ZodType>(
  call: CallContract<Body, Data>,
): CallContract<Body, Data> {
  return call;
}

export type CallBody<C extends CallContract> = z.input<C['body']>;
export type CallData<C extends CallContract> = z.output<C['data']>;

/** The URL of a call for a site code (`protal` or `protal_en`). */
export function callUrl(call: CallContract, siteCode: string): string {
  return call.scope === 'site' ? `/api/${siteCode}${call.path}` : call.path;
}
