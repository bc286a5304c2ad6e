/**
 * The events list's filters as they live in the URL query, so a filtered list has one stable
 * address: `?province=广东&city=深圳&type=offline&state=20&month=2026-11`. Defaults are left out;
 * anything unreadable falls back to the default rather than failing the page.
 */
export const EVENT_TYPES = ['all', 'online', 'offline'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_STATES = [10, 20, 30, 40] as const;

export interface EventFilters {
  province: string | null;
  city: string | null;
  type: EventType;
  state: number | null;
  /** YYYY-MM in the viewer's zone. */
  month: string | null;
}

export const DEFAULT_EVENT_FILTERS: EventFilters = {
  province: null,
  city: null,
  type: 'all',
  state: null,
  month: null,
};

const AREA = /^.{1,64}$/u;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function eventFiltersFromSearch(search: string): EventFilters {
  const q = new URLSearchParams(search);
  const area = (name: string) => {
    const v = q.get(name)?.trim() ?? '';
    return v && AREA.test(v) ? v : null;
  };
  const province = area('province');
  const state = Number(q.get('state'));
  const type = q.get('type');
  const month = q.get('month');
  return {
    province,
    city: province ? area('city') : null,
    type: type === 'online' || type === 'offline' ? type : 'all',
    state: (EVENT_STATES as readonly number[]).includes(state) ? state : null,
    month: month && MONTH.test(month) ? month : null,
  };
}

export function searchOfEventFilters(f: EventFilters): string {
  const q = new URLSearchParams();
  if (f.province) q.set('province', f.province);
  if (f.province && f.city) q.set('city', f.city);
  if (f.type !== 'all') q.set('type', f.type);
  if (f.state !== null) q.set('state', String(f.state));
  if (f.month) q.set('month', f.month);
  const text = q.toString();
  return text ? `?${text}` : '';
}

export function eventListHref(prefix: string, f: EventFilters, change: Partial<EventFilters> = {}): string {
  return `/${prefix}/activity/index${searchOfEventFilters({ ...f, ...change })}`;
}

export function isEventFiltered(f: EventFilters): boolean {
  return searchOfEventFilters(f) !== '';
}

/** The body of `activity/index` for the filters (the first page; later pages add `cursor`). */
export function eventListBody(f: EventFilters, limit: number) {
  return {
    ...(f.province ? { province: f.province } : {}),
    ...(f.province && f.city ? { city: f.city } : {}),
    ...(f.type !== 'all' ? { is_online: f.type === 'online' ? (1 as const) : (0 as const) } : {}),
    ...(f.state !== null ? { state: f.state } : {}),
    ...(f.month ? { month: f.month } : {}),
    limit,
  };
}

/** The calendar's filters: area and type (the month is the calendar's own). */
export function calendarBody(f: EventFilters, month: string) {
  return {
    month,
    ...(f.province ? { province: f.province } : {}),
    ...(f.province && f.city ? { city: f.city } : {}),
    ...(f.type !== 'all' ? { is_online: f.type === 'online' ? (1 as const) : (0 as const) } : {}),
  };
}

/** The month before or after `YYYY-MM`. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The weeks of a month as rows of 7 cells (Sunday first): day numbers, null outside the month. */
export function monthGrid(month: string): Array<Array<number | null>> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: Array<number | null> = [
    ...Array<null>(first).fill(null),
    ...Array.from({ length: days }, (_, i) => i + 1),
  ];
  while (cells.length % 7) cells.push(null);
  const rows: Array<Array<number | null>> = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(cells.slice(i, i + 7));
  return rows;
}
