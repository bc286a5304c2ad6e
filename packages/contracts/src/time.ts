import type { Lang } from './sites';

/**
 * The zone a site's times are shown in while the viewer's own is unknown (a first page load, a
 * request without the spec-7 header or the `timeZone` cookie, a zone this runtime does not know).
 */
export const SITE_TIME_ZONE: Record<Lang, string> = { zh: 'Asia/Shanghai', en: 'UTC' };

/** What a zone name may look like before the runtime is asked about it (header and cookie values). */
const ZONE_NAME = /^[A-Za-z0-9_+\-/]{1,64}$/;
const MAX_REMEMBERED_ZONES = 1000;
const knownZones = new Map<string, string | null>();

/**
 * The runtime's own name of an IANA time zone (`asia/shanghai` → `Asia/Shanghai`), or null for a
 * value that is not one. Both the server and the browser check a viewer's zone with it, so a page and
 * the cache key it is stored under agree on what the zone is.
 */
export function knownTimeZone(name: string | null | undefined): string | null {
  if (!name || !ZONE_NAME.test(name)) return null;
  let zone = knownZones.get(name);
  if (zone === undefined) {
    try {
      zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      zone = null;
    }
    if (knownZones.size < MAX_REMEMBERED_ZONES) knownZones.set(name, zone);
  }
  return zone;
}

/** The zone to show times in: the viewer's when it is a known zone, else the site's. */
export function viewerTimeZone(name: string | null | undefined, lang: Lang): string {
  return knownTimeZone(name) ?? SITE_TIME_ZONE[lang];
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string, time: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(zone, format);
  }
  const parts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of format.formatToParts(time)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  }
  return parts;
}

/**
 * A time as the portal prints it, one format per language, the same on the server and in the
 * browser: Chinese `2026-11-25 10:18` (date only `2026-11-25`), English `25 Nov 2026, 10:18` (date
 * only `25 Nov 2026`). `when` is ISO 8601 (as the API sends times) or epoch milliseconds; an
 * unreadable value prints ''. An unknown zone falls back to the site's.
 */
export function formatTime(
  when: string | number,
  lang: Lang,
  options: { timeZone?: string | null; withTime?: boolean } = {},
): string {
  const time = typeof when === 'number' ? when : Date.parse(when);
  if (!Number.isFinite(time)) return '';
  const p = partsIn(viewerTimeZone(options.timeZone, lang), time);
  const withTime = options.withTime ?? true;
  const clock = `${p.hour}:${p.minute}`;
  if (lang === 'zh') {
    const date = `${p.year}-${p.month}-${p.day}`;
    return withTime ? `${date} ${clock}` : date;
  }
  const date = `${Number(p.day)} ${MONTHS_EN[Number(p.month) - 1]} ${p.year}`;
  return withTime ? `${date}, ${clock}` : date;
}

/** `YYYY-MM-DD` of a time in a zone (an unknown zone falls back to UTC). */
export function dateInZone(time: number, zone: string): string {
  const p = partsIn(knownTimeZone(zone) ?? 'UTC', time);
  return `${p.year}-${p.month}-${p.day}`;
}

/** How far a zone's clock is ahead of UTC at a time, in milliseconds. */
function zoneOffset(zone: string, time: number): number {
  const p = partsIn(zone, time);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute));
  return asUtc - Math.floor(time / 60_000) * 60_000;
}

/**
 * The first and the next month's first millisecond of a month (`2026-11`) in a zone: the range a
 * month filter and the calendar cover, so both agree with what the viewer's clock calls that month.
 */
export function monthRangeInZone(month: string, zone: string): { from: number; to: number } {
  const z = knownTimeZone(zone) ?? 'UTC';
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const start = (y: number, m: number) => {
    const guess = Date.UTC(y, m - 1, 1);
    const first = guess - zoneOffset(z, guess);
    return guess - zoneOffset(z, first);
  };
  return { from: start(year, mon), to: mon === 12 ? start(year + 1, 1) : start(year, mon + 1) };
}
