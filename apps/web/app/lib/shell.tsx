import { createContext, useContext } from 'react';
import type { UserBrief } from '@portal/contracts/home';
import { DEFAULT_SITE, type Site } from '@portal/contracts/sites';

/** The signed-in member as the shell shows them (navbar avatar); accounts fill it in later. */
export type ShellUser = Pick<UserBrief, 'user_id' | 'user_nick_name' | 'user_avatar_att_url'>;

export interface Shell {
  site: Site;
  /** The request's origin, for absolute links (canonical, hreflang, callbacks). */
  origin: string;
  user: ShellUser | null;
}

export const ShellContext = createContext<Shell>({ site: DEFAULT_SITE, origin: '', user: null });

/** The current site, origin and member, from the root loader. */
export function useShell(): Shell {
  return useContext(ShellContext);
}
