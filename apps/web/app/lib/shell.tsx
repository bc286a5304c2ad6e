import { createContext, useContext } from 'react';
import { DEFAULT_SITE, type Site } from '@portal/contracts/sites';
import type { ShellViewer } from '@portal/contracts/ssr';
import { SITE_TIME_ZONE } from '@portal/contracts/time';

/** The signed-in member as the shell needs them (contracts/ssr.ts): the root loader reads it in-process. */
export type ShellUser = ShellViewer;

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
