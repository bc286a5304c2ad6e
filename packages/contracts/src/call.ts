import type { z } from './zod';

/**
 * Who may make a call. Later issues add named permissions (e.g. `review.article`); the server
 * refuses to register a call without a rule, so no route can forget one.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'member'; completeInformation?: boolean }
  | { kind: 'permission'; permission: string };

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
