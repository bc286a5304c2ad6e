/**
 * The hot sort's key, kept on the post row (posts.hot_score) so that the hot list is one keyset walk
 * of an index: the post's age in units of 12.5 hours plus log10 of its engagement, both scaled to
 * integers. A post ten times as engaging as another ranks with one 12.5 hours younger, and a score
 * never has to be recomputed as time passes (the time part is fixed at creation). Migration 0008
 * fills the time part for existing rows the same way.
 */
const SCALE = 1_000_000;
const PERIOD_SECONDS = 45_000;

export interface Engagement {
  like_count: number;
  comment_count: number;
  favourite_count: number;
}

export function hotScore(createdAt: number, e: Engagement): number {
  const time = Math.floor((Math.floor(createdAt / 1000) * SCALE) / PERIOD_SECONDS);
  const weight = Math.max(0, e.like_count * 2 + e.comment_count * 3 + e.favourite_count * 2);
  return time + Math.round(Math.log10(1 + weight) * SCALE);
}
