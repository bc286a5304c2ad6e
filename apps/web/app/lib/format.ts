import type { Lang, Site } from '@portal/contracts/sites';

/**
 * Dates are shown in one fixed zone per site, so the server's render and the browser's hydration
 * print the same text whatever the visitor's clock says.
 */
export const SITE_TIME_ZONE: Record<Lang, string> = { zh: 'Asia/Shanghai', en: 'UTC' };

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatter(site: Site, withTime: boolean): Intl.DateTimeFormat {
  const key = `${site.lang}:${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(site.htmlLang, {
      timeZone: SITE_TIME_ZONE[site.lang],
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** `2026-11-21` style date (in the site's language and zone); '' for an unreadable value. */
export function formatDate(iso: string, site: Site, withTime = false): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : formatter(site, withTime).format(time);
}

export function formatCount(n: number, site: Site): string {
  return new Intl.NumberFormat(site.htmlLang).format(n);
}
