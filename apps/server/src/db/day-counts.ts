import { sql } from 'kysely';

export const DAY_MS = 86_400_000;

/** How many rows fell on each day: day number (days since the epoch in the zone) → count. */
export type DayCounts = Map<number, number>;

/**
 * `(created_at + offset) / 86400000`: the day number of a time in a zone `offsetMs` east of UTC.
 * Integer division on bigint in both SQLite and PostgreSQL, so it floors for every time after 1970.
 * The offset is a whole number of minutes checked by the caller, written in as a literal.
 */
export function dayOf(column: 'created_at', offsetMs: number) {
  return sql<number>`(${sql.ref(column)} + ${sql.lit(Math.trunc(offsetMs))}) / ${sql.lit(DAY_MS)}`;
}

/** `count(*)`, which PostgreSQL answers as a string and SQLite as a number. */
export const countAll = sql<number | string>`count(*)`;

export function toDayCounts(rows: ReadonlyArray<{ day: number | string; n: number | string }>): DayCounts {
  return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
}
