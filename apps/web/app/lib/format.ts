import type { Lang, Site } from '@portal/contracts/sites';

/**
 * The zone a page is first rendered in, on the server and during hydration, so both print the same
 * text. After hydration dates switch to the visitor's own zone (decision 002), see `DateTime`.
 */
export const SITE_TIME_ZONE: Record<Lang, string> = { zh: 'Asia/Shanghai', en: 'UTC' };

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(site: Site, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${site.lang}|${timeZone}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(site.htmlLang, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** A date (and time) in the site's language and the given zone; '' for an unreadable value. */
export function formatDate(iso: string, site: Site, options: { withTime?: boolean; timeZone?: string } = {}): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const zone = options.timeZone ?? SITE_TIME_ZONE[site.lang];
  try {
    return formatter(site, zone, options.withTime ?? false).format(time);
  } catch {
    // An unknown zone name from an odd browser: fall back to the site's zone.
    return formatter(site, SITE_TIME_ZONE[site.lang], options.withTime ?? false).format(time);
  }
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
