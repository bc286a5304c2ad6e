import { describe, expect, it } from 'vitest';
import { axisTop, trendSummary } from './TrendChart';

describe('the trend chart', () => {
  it('tops its axis at 1, 2 or 5 times a power of ten, never below the highest bar', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 45, 99, 100, 101, 2_400].map(axisTop)).toEqual([
      1, 1, 2, 5, 10, 10, 20, 50, 100, 100, 200, 5_000,
    ]);
  });

  it('sums the days and names the busiest (the latest on a tie)', () => {
    const points = [
      { day: '2026-11-01', count: 2 },
      { day: '2026-11-02', count: 5 },
      { day: '2026-11-03', count: 5 },
      { day: '2026-11-04', count: 0 },
    ];
    expect(trendSummary(points)).toEqual({ total: 12, peak: { day: '2026-11-03', count: 5 } });
    expect(trendSummary([])).toEqual({ total: 0, peak: undefined });
  });
});
