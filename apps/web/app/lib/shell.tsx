import { createContext, useContext } from 'react';
import type { CurrentUser } from '@portal/contracts/accounts';
import { DEFAULT_SITE, type Site } from '@portal/contracts/sites';
import { SITE_TIME_ZONE } from '@portal/contracts/time';

/**
 * The signed-in member as the shell needs them: the navbar's avatar and name, and `is_edit` for the
 * information redirect of spec 2. Contact details stay out of the shell (and so out of every page).
 */
export type ShellUser = Pick<CurrentUser, 'user_id' | 'user_nick_name' | 'user_avatar_att_url' | 'is_edit'> & {
  /** Named permissions on the page's site: the permission switch (spec 6) and the back-office link. */
  permissions: string[];
  /** Permissions held for some boards or topics only (a moderator's): the moderator-zone link. */
  scoped_permissions: string[];
};

/** The shell's part of a current-user answer. */
export function toShellUser(user: ShellUser): ShellUser {
  return {
    user_id: user.user_id,
    user_nick_name: user.user_nick_name,
    user_avatar_att_url: user.user_avatar_att_url,
    is_edit: user.is_edit,
    permissions: user.permissions,
    scoped_permissions: user.scoped_permissions,
  };
}

export interface Shell {
  site: Site;
  /** The request's origin, for absolute links (canonical, hreflang, callbacks). */
  origin: string;
  user: ShellUser | null;
  /** The zone the server rendered times in: the viewer's cookie, else the site's (decision 021). */
  timeZone: string;
}

export const ShellContext = createContext<Shell>({
  site: DEFAULT_SITE,
  origin: '',
  user: null,
  timeZone: SITE_TIME_ZONE[DEFAULT_SITE.lang],
});

/** The current site, origin, member and time zone, from the root loader. */
export function useShell(): Shell {
  return useContext(ShellContext);
}
