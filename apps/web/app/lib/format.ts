import { useCallback, useSyncExternalStore } from 'react';
import type { Site } from '@portal/contracts/sites';
import { formatTime, knownTimeZone } from '@portal/contracts/time';
import { useShell } from '~/lib/shell';

const noSubscription = () => () => {};
let browserZone: string | undefined;
/**
 * The browser's zone, read once per page load: building an Intl.DateTimeFormat takes about a
 * millisecond, and React reads the snapshot on each render of every time on the page (a post with
 * its comments spent 140 ms of its start here).
 */
const browserTimeZone = () => (browserZone ??= knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? '');

/**
 * The zone this page prints times in. The server renders in the zone the root loader read from the
 * viewer's `timeZone` cookie (else the site's, decision 021); hydration uses the same, so the
 * markup matches, and the browser's own zone takes over right after when the two differ (a first
 * visit, a changed zone). Client-only screens (the back office) start with the browser's.
 */
export function useViewerTimeZone(): string {
  const { timeZone } = useShell();
  const browser = useSyncExternalStore(noSubscription, browserTimeZone, () => timeZone);
  return browser || timeZone;
}

export interface TimeFormatOptions {
  /** Date only; times print with the clock by default. */
  dateOnly?: boolean;
  /** The language to print in, when it is not the page's site (the back office's interface language). */
  site?: Site;
}

/**
 * The one way the web app prints a time: `formatTime` of the contracts (one format per language, the
 * same as the server's messages) in the viewer's zone, of an ISO time or epoch milliseconds; '' for an
 * unreadable value.
 */
export function useFormatTime(): (when: string | number, options?: TimeFormatOptions) => string {
  const { site } = useShell();
  const timeZone = useViewerTimeZone();
  return useCallback(
    (when, options = {}) => formatTime(when, (options.site ?? site).lang, { timeZone, withTime: !options.dateOnly }),
    [site, timeZone],
  );
}

const countFormats = new Map<string, Intl.NumberFormat>();

export function formatCount(n: number, site: Site): string {
  let format = countFormats.get(site.htmlLang);
  if (!format) {
    format = new Intl.NumberFormat(site.htmlLang);
    countFormats.set(site.htmlLang, format);
  }
  return format.format(n);
}
