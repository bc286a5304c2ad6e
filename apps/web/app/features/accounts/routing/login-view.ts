import { CODE_CHANNELS } from '@portal/contracts/accounts';
import type { Site } from '@portal/contracts/sites';

/**
 * The login page's two optional segments (spec 2: `/login/{logintype?}/{loginTab?}`): the form
 * shown (password sign-in, sign-in with a one-time code, registration) and, for the two forms that
 * send a code, where it goes (email or SMS). Anything else reads as the defaults.
 */
export const LOGIN_TYPES = ['password', 'code', 'register'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];
export type CodeChannel = (typeof CODE_CHANNELS)[number];

export interface LoginView {
  type: LoginType;
  channel: CodeChannel;
}

export function loginView(params: { logintype?: string; loginTab?: string }): LoginView {
  const type = (LOGIN_TYPES as readonly string[]).includes(params.logintype ?? '')
    ? (params.logintype as LoginType)
    : 'password';
  const channel = (CODE_CHANNELS as readonly string[]).includes(params.loginTab ?? '')
    ? (params.loginTab as CodeChannel)
    : 'email';
  return { type, channel };
}

/** The path of a view, keeping the query (the callback); the defaults are left out. */
export function loginViewPath(site: Site, view: LoginView, search = ''): string {
  const base = `/${site.prefix}/login`;
  if (view.type === 'password') return `${base}${search}`;
  return `${base}/${view.type}${view.channel === 'email' ? '' : `/${view.channel}`}${search}`;
}
